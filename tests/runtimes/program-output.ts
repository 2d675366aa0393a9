// What the packed-package program (tests/package/program/main.ts) must print: one line per entry
// point it exercises. A missing line names the part of the package that stopped working.
const EXPECTED: (string | RegExp)[] = [
  "send-thread-message: reply",
  /send-thread-message \(404\): error ERR_\w+/,
  "fake: user packed-1 read back",
  /fake: chatFakeHandlers (serves through msw|asks for msw)/,
  'webhooks: message_sent 200 ["<appId>","<webhookID>","message_sent","1"]',
  "webhooks: wrong password 401",
  "helpers: 1 created, 2 tokens",
  "helpers: added packed-2",
  "helpers: bad input is a ChatConfigError of the core: true",
  "rate-limits: 200 200 200 200",
  /redis: redisRateLimitStore (reports a refused connection|asks for redis)/,
];

/** The expected lines that `stdout` lacks, and a missing closing "smoke: ok"; empty when the run is complete. */
export function missingProgramOutput(stdout: string): string[] {
  const missing = EXPECTED.filter((line) => (typeof line === "string" ? !stdout.includes(line) : !line.test(stdout))).map(String);
  if (!stdout.trim().endsWith("smoke: ok")) missing.push('the closing "smoke: ok"');
  return missing;
}
