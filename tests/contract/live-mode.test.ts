// Live mode's guard rails: without credentials it skips and says what to set; writes
// need an explicit CHAT_LIVE_WRITES=1 and real ids. (That a run without it sends reads only is
// shown against a real loopback upstream in drift-detection.test.ts.)
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { LIVE_SKIP_MESSAGE, liveConfig, withLiveIds } from "../harness/live-config";
import { validRequest } from "../harness/valid-requests";

const run = promisify(execFile);
const script = join(__dirname, "..", "..", "scripts", "test-live.sh");

describe("npm run test:live", () => {
  test("without CHAT_APP_ID and CHAT_API_KEY it skips, succeeds and says what to set", async () => {
    const { CHAT_APP_ID: _a, CHAT_API_KEY: _k, ...env } = process.env;
    const { stdout } = await run(script, [], { env });
    expect(stdout.trim()).toBe(LIVE_SKIP_MESSAGE);
    expect(stdout).toMatch(/set CHAT_APP_ID and CHAT_API_KEY/);
  });
});

describe("liveConfig", () => {
  test("needs both the app id and the API key", () => {
    expect(liveConfig({ CHAT_APP_ID: "a" })).toBeUndefined();
    expect(liveConfig({ CHAT_API_KEY: "k" })).toBeUndefined();
    expect(liveConfig({ CHAT_APP_ID: "a", CHAT_API_KEY: "k" })).toMatchObject({
      appId: "a",
      apiKey: "k",
      region: "us",
      allowWrites: false,
    });
  });

  test("allows writes only for CHAT_LIVE_WRITES=1 exactly", () => {
    for (const value of ["true", "yes", "0", ""])
      expect(liveConfig({ CHAT_APP_ID: "a", CHAT_API_KEY: "k", CHAT_LIVE_WRITES: value })!.allowWrites).toBe(false);
    expect(liveConfig({ CHAT_APP_ID: "a", CHAT_API_KEY: "k", CHAT_LIVE_WRITES: "1" })!.allowWrites).toBe(true);
  });
});

describe("withLiveIds", () => {
  test("replaces the table's example ids with the real app's", () => {
    const request = withLiveIds({ sender: "alice", receiver: "bob", parent: "77" }, validRequest("send-thread-message", "full"));
    expect(request.params).toEqual({ path: { id: "77" }, header: { onBehalfOf: "alice" } });
    expect(request.body).toMatchObject({ receiver: "bob" });
  });

  test("refuses a write whose real id is not configured, naming the variable", () => {
    expect(() => withLiveIds({ sender: "alice" }, validRequest("send-thread-message"))).toThrow(/CHAT_PARENT_ID/);
  });
});
