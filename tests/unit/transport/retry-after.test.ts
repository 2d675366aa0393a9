import { createChatClient, type Logger } from "../../../src/index";
import { retryAfterSeconds } from "../../../src/transport/retry-policy";
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

  test("no header, no Retry-After", () => {
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
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
