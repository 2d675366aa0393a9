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
  "list-recorded-calls": /^\d+ recorded call\(s\)\.$/m,
  "receive-webhooks":
    /^Received message_sent: message 1 from cometchat-uid-1\.\nDelivery 1: 200\.\nDelivery 2: 200\.\nHandled 1 event\(s\)\.$/m,
};

function runExample(name?: string, chatEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env = { ...process.env, CHAT_MOCK_URL: mockUrl(), CHAT_APP_ID: "", CHAT_API_KEY: "", ...chatEnv };
    execFile(
      join(root, "scripts", "example.sh"),
      name === undefined ? [] : [name],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test("every example in examples/ has an expected result here", () => {
  const examples = readdirSync(join(root, "examples"))
    .filter((file) => file.endsWith(".ts") && file !== "target.ts")
    .map((file) => file.replace(/\.ts$/, ""));
  expect(examples.sort()).toEqual(Object.keys(expected).sort());
});

test.each(Object.keys(expected))("the %s example runs against the mock and prints its result", async (name) => {
  const { code, stdout, stderr } = await runExample(name);
  expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
  expect(stdout).toMatch(expected[name]!);
});

test("without a name, the example command prints one usage line that lists the examples, and exits 1", async () => {
  const { code, stdout, stderr } = await runExample();
  expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
  expect(stderr).toBe(`Usage: npm run example -- <name>, where <name> is one of: ${Object.keys(expected).sort().join(", ")}.\n`);
});

test("an unknown example name is refused with the list of names", async () => {
  const { code, stderr } = await runExample("send-a-fax");
  expect(code).toBe(1);
  expect(stderr).toMatch(/^No example named "send-a-fax"; choose one of: create-auth-token, .*\.\n$/);
});

test("an example run with CHAT_APP_ID but no CHAT_API_KEY stops and says to set both", async () => {
  const { code, stdout, stderr } = await runExample("page-through-users", { CHAT_APP_ID: "2a1b3c4d5e6f7a8b" });
  expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
  expect(stderr).toContain("Set both CHAT_APP_ID and CHAT_API_KEY to run against your app, or neither to run against a mock.");
});
