import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { bundleForChild } from "../../harness/bundle-for-child";
import { logLevelFromEnv } from "../../../src/transport/log-level";

const root = join(__dirname, "..", "..", "..");
const file = join(root, ".tmp", "log-level-child.cjs");

beforeAll(() => {
  bundleForChild("log-level-child", join(root, "tests", "harness", "log-level-child.ts"));
});

/** What the console and the client's logger received in a child process run with `env`. */
function linesIn(env: Record<string, string>, client: string): string[] {
  const { CHAT_LOG: _, ...rest } = process.env;
  const out = execFileSync(process.execPath, [file, client], { cwd: root, encoding: "utf8", env: { ...rest, ...env } });
  return JSON.parse(out.trim().split("\n").at(-1)!) as string[];
}

const ATTEMPT = "chat-rest-sdk attempt";
const DEPRECATED =
  "chat-rest-sdk: get-conversation (GET /conversations/{conversationId}) is deprecated; use get-user-conversations or get-group-conversations instead.";

describe("CHAT_LOG", () => {
  test.each([
    ["debug", "debug"],
    ["INFO", "info"],
    [" warn ", "warn"],
    ["error", "error"],
    ["off", "off"],
    ["verbose", undefined],
    ["", undefined],
  ])("CHAT_LOG=%j is the level %j", (value, level) => {
    expect(logLevelFromEnv({ CHAT_LOG: value })).toBe(level);
  });

  test("no environment, or no CHAT_LOG in it, is no level", () => {
    expect(logLevelFromEnv(undefined)).toBeUndefined();
    expect(logLevelFromEnv({ PATH: "/bin" })).toBeUndefined();
  });

  test("CHAT_LOG=debug sends a client's attempt lines to the console, without its credentials", () => {
    const lines = linesIn({ CHAT_LOG: "debug" }, "plain");
    expect(lines).toEqual([`console.warn ${DEPRECATED}`, `console.debug ${ATTEMPT}`]);
    expect(JSON.stringify(lines)).not.toContain("k-env-secret");
  });

  test("CHAT_LOG=off silences even the deprecation warning; unset, the console gets only that", () => {
    expect(linesIn({ CHAT_LOG: "off" }, "plain")).toEqual([]);
    expect(linesIn({}, "plain")).toEqual([`console.warn ${DEPRECATED}`]);
  });

  test("an explicit logLevel or logger wins over CHAT_LOG", () => {
    expect(linesIn({ CHAT_LOG: "debug" }, "level")).toEqual([]);
    expect(linesIn({ CHAT_LOG: "off" }, "logger")).toEqual([`logger.warn ${DEPRECATED}`, `logger.debug ${ATTEMPT}`]);
    expect(linesIn({ CHAT_LOG: "off" }, "derived")).toEqual([`console.warn ${DEPRECATED}`]);
  });
});
