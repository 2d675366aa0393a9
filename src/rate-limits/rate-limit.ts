/** The rate-limit state the service reported with a response. */
export interface RateLimit {
  /** Requests allowed per minute for this kind of operation (`X-RateLimit-Limit`, or `X-Rate-Limit`). */
  limit: number | undefined;
  /** Requests left in the current window (`X-RateLimit-Remaining`, or `X-Rate-Limit-Remaining`). */
  remaining: number | undefined;
  /** When the window resets (`X-RateLimit-Reset`, or `X-Rate-Limit-Reset`, sent with 429s). */
  resetAt: Date | undefined;
}

/**
 * A rate-limit header's whole number. The service's current pages name the X-RateLimit-* headers,
 * its older ones X-Rate-Limit-*: the value is read from the current spelling, else from the older
 * one. `rateLimit()` and the governor both read the headers with it.
 */
export function rateLimitHeader(headers: Headers, current: string, older: string): number | undefined {
  for (const name of [current, older]) {
    // A missing header reads as null, which the pattern does not match.
    const raw = headers.get(name);
    if (/^\s*\d+\s*$/.test(raw!)) return +raw!;
  }
  return undefined;
}

/**
 * Reads the rate-limit headers of a response, or `undefined` when it carries none. Both
 * spellings are read: `X-RateLimit-Limit`, `-Remaining` and `-Reset`, and the older
 * `X-Rate-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset`; each value is taken from
 * the current spelling when the response carries it, and from the older one otherwise.
 *
 * @example
 * const { response } = await chat.GET("/users");
 * const limits = rateLimit(response); // { limit: 20000, remaining: 19873, resetAt: undefined }
 */
export function rateLimit(response: Pick<Response, "headers">): RateLimit | undefined {
  const { headers } = response;
  const limit = rateLimitHeader(headers, "x-ratelimit-limit", "x-rate-limit");
  const remaining = rateLimitHeader(headers, "x-ratelimit-remaining", "x-rate-limit-remaining");
  const reset = rateLimitHeader(headers, "x-ratelimit-reset", "x-rate-limit-reset");
  if ((limit ?? remaining ?? reset) === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : new Date(reset * 1000) };
}
