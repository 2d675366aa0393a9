import { execFile } from "node:child_process";
import { join } from "node:path";
import { runQuickstart } from "../../../scripts/quickstart";
import { recordingFetch } from "../../harness/recording-fetch";

const root = join(__dirname, "..", "..", "..");

/**
 * Runs `npm start`'s script as a user would, with only the given CHAT_* variables set. npm's own
 * configuration warnings (from npx inside the script) depend on the machine, so they are left out of stderr.
 */
function runStartScript(chatEnv: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CHAT_")));
  return new Promise((done) => {
    execFile(join(root, "scripts", "start.sh"), { cwd: root, env: { ...env, ...chatEnv }, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }),
    );
  });
}

describe("npm start", () => {
  // The first test starts Prism, which alone takes seconds when the machine's cores are busy.
  test("without credentials it sends the reply to a local mock and prints its parentId", async () => {
    const lines: string[] = [];
    const ok = await runQuickstart({}, { print: (line) => lines.push(line) });
    expect(ok).toBe(true);
    expect(lines[0]).toMatch(/^Mock listening at http:\/\/127\.0\.0\.1:\d+\.$/);
    expect(lines[1]).toMatch(/^Sent reply \S+ to thread \S+ as \S+: ".+"$/);
    expect(JSON.parse(lines[2]!).parentId).toEqual(expect.any(String));
  });

  test("with CHAT_APP_ID and CHAT_API_KEY it talks to the app's regional host instead", async () => {
    const reply = {
      data: {
        id: "2",
        parentId: "77",
        sender: "u1",
        receiver: "u2",
        receiverType: "user",
        category: "message",
        type: "text",
        conversationId: "c",
        data: { text: "Replying in the thread." },
        sentAt: 1,
        updatedAt: 1,
      },
    };
    const rec = recordingFetch(200, reply);
    const lines: string[] = [];
    const ok = await runQuickstart(
      { CHAT_APP_ID: "app42", CHAT_API_KEY: "live-key", CHAT_REGION: "eu", CHAT_SENDER_UID: "u1", CHAT_PARENT_ID: "77" },
      { fetch: rec.fetch, print: (line) => lines.push(line) },
    );
    expect(ok).toBe(true);
    expect(rec.last().url).toBe("https://app42.api-eu.cometchat.io/v3/messages/77/thread");
    expect(rec.last().headers.get("apikey")).toBe("live-key");
    expect(rec.last().headers.get("onBehalfOf")).toBe("u1");
    expect(lines).toContain('Sent reply 2 to thread 77 as u1: "Replying in the thread."');
  });

  test("an error answer is printed and reported as a failure", async () => {
    const rec = recordingFetch(404, { error: { code: "ERR_MESSAGE_ID_NOT_FOUND", message: "no such message" } });
    const lines: string[] = [];
    const ok = await runQuickstart({ CHAT_APP_ID: "app42", CHAT_API_KEY: "k" }, { fetch: rec.fetch, print: (l) => lines.push(l) });
    expect(ok).toBe(false);
    expect(lines.join("\n")).toMatch(/answered 404: .*ERR_MESSAGE_ID_NOT_FOUND/);
  });

  test.each([
    [{ CHAT_APP_ID: "app42" }, /^CHAT_APP_ID is set but CHAT_API_KEY is not: set both .*, or neither to use a local mock\.$/],
    [{ CHAT_API_KEY: "2c9f4e1a7b3d5f80" }, /^CHAT_API_KEY is set but CHAT_APP_ID is not: set both .*, or neither to use a local mock\.$/],
  ])("with only one of the credentials (%j) it says which is missing and sends nothing", async (env, message) => {
    const rec = recordingFetch(200, {});
    const lines: string[] = [];
    const errors: string[] = [];
    const ok = await runQuickstart(env, { fetch: rec.fetch, print: (l) => lines.push(l), printError: (l) => errors.push(l) });
    expect(ok).toBe(false);
    expect(errors).toEqual([expect.stringMatching(message)]);
    expect(lines).toEqual([]);
    expect(rec.requests).toEqual([]);
  });

  test("an unknown CHAT_REGION is reported in one line, before anything is sent", async () => {
    const rec = recordingFetch(200, {});
    const lines: string[] = [];
    const errors: string[] = [];
    const env = { CHAT_APP_ID: "app42", CHAT_API_KEY: "2c9f4e1a7b3d5f80", CHAT_REGION: "de" };
    const ok = await runQuickstart(env, { fetch: rec.fetch, print: (l) => lines.push(l), printError: (l) => errors.push(l) });
    expect(ok).toBe(false);
    expect(errors).toEqual(['ChatConfigError: region must be one of us, eu, in, got "de".']);
    expect(lines).toEqual([]);
    expect(rec.requests).toEqual([]);
  });

  test("scripts/start.sh with an unknown CHAT_REGION prints that one line and no stack trace, and exits 1", async () => {
    const { code, stdout, stderr } = await runStartScript({ CHAT_APP_ID: "app42", CHAT_API_KEY: "2c9f4e1a7b3d5f80", CHAT_REGION: "de" });
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: "",
      stderr: 'ChatConfigError: region must be one of us, eu, in, got "de".\n',
    });
  });

  test("scripts/start.sh with CHAT_APP_ID alone prints which variable is missing and exits 1", async () => {
    const { code, stdout, stderr } = await runStartScript({ CHAT_APP_ID: "app42" });
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr).toMatch(/^CHAT_APP_ID is set but CHAT_API_KEY is not: .*\.\n$/);
  });
});
