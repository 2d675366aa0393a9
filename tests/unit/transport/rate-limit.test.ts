import { rateLimit } from "../../../src/index";

describe("rateLimit(response)", () => {
  test("reads limit, remaining and the reset time", () => {
    const headers = new Headers({ "X-Rate-Limit": "20000", "X-Rate-Limit-Remaining": "0", "X-Rate-Limit-Reset": "1764000000" });
    expect(rateLimit({ headers })).toEqual({ limit: 20000, remaining: 0, resetAt: new Date(1764000000 * 1000) });
  });

  test("headers that are present without a reset give an undefined resetAt", () => {
    expect(rateLimit({ headers: new Headers({ "x-rate-limit": "10000", "x-rate-limit-remaining": "9999" }) })).toEqual({
      limit: 10000,
      remaining: 9999,
      resetAt: undefined,
    });
  });

  test("a response without rate-limit headers gives undefined", () => {
    expect(rateLimit({ headers: new Headers({ "content-type": "application/json" }) })).toBeUndefined();
  });

  test("a malformed value is not turned into NaN", () => {
    expect(rateLimit({ headers: new Headers({ "x-rate-limit": "lots", "x-rate-limit-remaining": "5" }) })).toEqual({
      limit: undefined,
      remaining: 5,
      resetAt: undefined,
    });
  });

  test("reads the current X-RateLimit-* spelling", () => {
    const headers = new Headers({ "X-RateLimit-Limit": "500", "X-RateLimit-Remaining": "12", "X-RateLimit-Reset": "1764000060" });
    expect(rateLimit({ headers })).toEqual({ limit: 500, remaining: 12, resetAt: new Date(1764000060 * 1000) });
  });

  test("prefers the current spelling where a response carries both, and falls back per value", () => {
    const headers = new Headers({ "x-ratelimit-limit": "500", "x-rate-limit": "700", "x-rate-limit-remaining": "699" });
    expect(rateLimit({ headers })).toEqual({ limit: 500, remaining: 699, resetAt: undefined });
  });
});
