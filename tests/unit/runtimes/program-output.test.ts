import { readFileSync } from "node:fs";
import { join } from "node:path";
import { missingProgramOutput } from "../../runtimes/program-output";

const complete = [
  "send-thread-message: reply",
  "send-thread-message (404): error ERR_UID_NOT_FOUND",
  'webhooks: message_sent 200 ["<appId>","<webhookID>","message_sent","1"]',
  "webhooks: wrong password 401",
  "fake: user packed-1 read back",
  "fake: chatFakeHandlers asks for msw",
  "helpers: 1 created, 2 tokens",
  "helpers: added packed-2",
  "helpers: bad input is a ChatConfigError of the core: true",
  "rate-limits: 200 200 200 200",
  "redis: redisRateLimitStore asks for redis",
  "smoke: ok",
].join("\n");

describe("the packed program's expected output", () => {
  test("a complete run lacks nothing", () => {
    expect(missingProgramOutput(`${complete}\n`)).toEqual([]);
  });

  test("a run without a line names that line", () => {
    expect(missingProgramOutput(complete.replace("helpers: added packed-2\n", ""))).toEqual(["helpers: added packed-2"]);
    expect(missingProgramOutput(complete.replace(/send-thread-message \(404\).*\n/, ""))).toEqual([
      String(/send-thread-message \(404\): error ERR_\w+/),
    ]);
  });

  test("a run that stopped before its end says so", () => {
    expect(missingProgramOutput(complete.replace("smoke: ok", ""))).toEqual(['the closing "smoke: ok"']);
  });

  test("every line it expects is one the program prints", () => {
    const program = ["main.ts", "smoke.ts", "webhooks.ts", "helpers.ts", "rate-limits.ts"]
      .map((file) => readFileSync(join(__dirname, "..", "..", "package", "program", file), "utf8"))
      .join("\n");
    for (const prefix of ["send-thread-message", "fake: user", "fake: chatFakeHandlers", "webhooks:", "helpers:", "rate-limits:", "redis:"])
      expect([prefix, program.includes(prefix)]).toEqual([prefix, true]);
  });
});
