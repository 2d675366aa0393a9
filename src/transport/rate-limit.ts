/** The rate-limit state the service reported with a response. */
export interface RateLimit {
  /** Requests allowed per minute for this kind of operation (`X-Rate-Limit`). */
  limit: number | undefined;
  /** Requests left in the current window (`X-Rate-Limit-Remaining`). */
  remaining: number | undefined;
  /** When the window resets (`X-Rate-Limit-Reset`, sent with 429s). */
  resetAt: Date | undefined;
}

function readInt(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Reads the rate-limit headers of a response, or `undefined` when it carries none.
 *
 * @example
 * const { response } = await chat.GET("/users");
 * const limits = rateLimit(response); // { limit: 20000, remaining: 19873, resetAt: undefined }
 */
export function rateLimit(response: Pick<Response, "headers">): RateLimit | undefined {
  const [limit, remaining, reset] = ["", "-remaining", "-reset"].map((suffix) => readInt(response.headers, `x-rate-limit${suffix}`));
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : new Date(reset * 1000) };
}
