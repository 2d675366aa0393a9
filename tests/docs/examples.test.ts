import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { mockUrl } from "../harness/mock";

// Every example runs as a user would run it (`npm run example -- <name>`), against the suite's mock.
const root = join(__dirname, "..", "..");
const expected: Record<string, RegExp> = {
  "send-thread-reply": /^Replied with message \S+ in the thread of 1842\.$/m,
  "create-auth-token": /^Auth token for cometchat-uid-1: /m,
  "page-through-users": /^\d+ users\.$/m,
  "list-management-apps": /^\d+ app\(s\)\.$/m,
};

function runExample(name: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env = { ...process.env, CHAT_MOCK_URL: mockUrl(), CHAT_APP_ID: "", CHAT_API_KEY: "" };
    execFile(join(root, "scripts", "example.sh"), [name], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test("every example in examples/ has an expected result here", () => {
  const examples = readdirSync(join(root, "examples"))
    .filter((file) => file.endsWith(".ts") && file !== "target.ts")
    .map((file) => file.replace(/\.ts$/, ""));
  expect(examples.sort()).toEqual(Object.keys(expected).sort());
});

test.each(Object.keys(expected))(
  "the %s example runs against the mock and prints its result",
  async (name) => {
    const { code, stdout, stderr } = await runExample(name);
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(expected[name]!);
  },
  60_000,
);
