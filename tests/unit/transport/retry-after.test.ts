import { createChatClient, type Logger } from "../../../src/index";
import { HONOURS_RETRY_AFTER, retryAfterSeconds, retryWaitMs } from "../../../src/errors/retry-policy";
import { json, withServer } from "../../harness/fault-server";

const now = Date.parse("2026-11-22T10:00:00Z");
const read = (value: string) => retryAfterSeconds(new Headers({ "retry-after": value }), now);

describe("Retry-After is delta-seconds or an HTTP date", () => {
  test.each([
    ["0", 0],
    ["7", 7],
    ["120", 120],
  ])("delta-seconds %p is %p seconds", (value, seconds) => {
    expect(read(value)).toBe(seconds);
  });

  test.each([
    ["Sun, 22 Nov 2026 10:00:30 GMT", "IMF-fixdate"],
    ["Sunday, 22-Nov-26 10:00:30 GMT", "RFC 850"],
    ["Sun Nov 22 10:00:30 2026", "asctime, read as GMT"],
  ])("an HTTP date (%s, %s) is turned into seconds from now", (value) => {
    expect(read(value)).toBe(30);
  });

  test("a date in the past means no wait", () => {
    expect(read("Sun, 22 Nov 2026 09:00:00 GMT")).toBe(0);
  });

  test.each(["-1", "+1", "1, 2", "1.5", "", "1e3", "0x10", "soon", "Sun 1", "Mon, 1", "Sun, 22 Nov 2026"])(
    "%p is neither, so there is no Retry-After",
    (value) => {
      expect(read(value)).toBeUndefined();
    },
  );

  test("an HTTP date is read against the answer's own Date, so a local clock an hour behind waits 10 s, not an hour", () => {
    const served = now + 3_600_000;
    const headers = new Headers({ date: new Date(served).toUTCString(), "retry-after": new Date(served + 10_000).toUTCString() });
    expect(retryAfterSeconds(headers, now)).toBe(10);
  });

  test("no header, no Retry-After", () => {
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });
});

describe("the retry policy's wait before the next attempt", () => {
  const answer = (status: number, retryAfter?: string) => ({
    status,
    headers: new Headers(retryAfter === undefined ? {} : { "retry-after": retryAfter }),
  });

  test("only 429 and 503 honour Retry-After", () => {
    expect([...HONOURS_RETRY_AFTER].sort()).toEqual([429, 503]);
  });

  test.each([429, 503])("a %i with Retry-After: 7 waits 7 s", (status) => {
    expect(retryWaitMs(answer(status, "7"), 1)).toBe(7_000);
  });

  test.each([408, 500, 502, 504])("a %i with Retry-After: 7 waits the backoff instead", (status) => {
    const wait = retryWaitMs(answer(status, "7"), 1);
    expect(wait).toBeGreaterThanOrEqual(375);
    expect(wait).toBeLessThanOrEqual(500);
  });

  test("no answer (a timeout or a dropped connection) waits the backoff of the attempt", () => {
    const wait = retryWaitMs(undefined, 3);
    expect(wait).toBeGreaterThanOrEqual(1_500);
    expect(wait).toBeLessThanOrEqual(2_000);
  });
});

describe("a 429 with an unreadable Retry-After", () => {
  test("waits the backoff before the retry, rather than retrying at once", async () => {
    const waits: unknown[] = [];
    const logger: Logger = { debug() {}, info: (_m, fields) => waits.push((fields as { waitMs: number }).waitMs), warn() {}, error() {} };
    await withServer(
      (_q, res, hit) => (hit === 1 ? json(res, 429, {}, { "retry-after": "-1" }) : json(res, 200, { data: [], meta: {} })),
      async (server) => {
        const { response } = await createChatClient({ appId: "ra", apiKey: "k", baseUrl: server.url, logger }).GET("/users");
        expect(response.status).toBe(200);
        expect(server.requests).toHaveLength(2);
      },
    );
    // The first backoff is 500 ms less a random quarter; "-1" read as a date long past would be 0.
    expect(waits).toEqual([expect.any(Number)]);
    expect(waits[0]).toBeGreaterThanOrEqual(375);
  });
});
