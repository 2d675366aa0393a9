/** The rate-limit state the service reported with a response. */
export interface RateLimit {
  /** Requests allowed per minute for this kind of operation (`X-RateLimit-Limit`, or `X-Rate-Limit`). */
  limit: number | undefined;
  /** Requests left in the current window (`X-RateLimit-Remaining`, or `X-Rate-Limit-Remaining`). */
  remaining: number | undefined;
  /** When the window resets (`X-RateLimit-Reset`, or `X-Rate-Limit-Reset`, sent with 429s). */
  resetAt: Date | undefined;
}

function readInt(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

// The service's current pages name the X-RateLimit-* headers, its older ones X-Rate-Limit-*.
const SPELLINGS = [
  ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"],
  ["x-rate-limit", "x-rate-limit-remaining", "x-rate-limit-reset"],
];

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
  const [limit, remaining, reset] = [0, 1, 2].map((i) => {
    for (const names of SPELLINGS) {
      const value = readInt(response.headers, names[i]!);
      if (value !== undefined) return value;
    }
    return undefined;
  });
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : new Date(reset * 1000) };
}
