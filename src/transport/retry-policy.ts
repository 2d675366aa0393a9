/**
 * Decides whether a failed attempt may be repeated.
 *
 * A message API must never deliver a message twice, so a POST or PATCH is repeated only when
 * the service provably never saw it: a 429 (rejected before processing), a refused
 * connection, or a host name that did not resolve. After a 5xx, a timeout or a dropped
 * connection the service may have acted, so only idempotent calls are repeated then.
 */
export type AttemptOutcome =
  | { kind: "status"; status: number }
  /** `code` is the runtime's, e.g. `ENOTFOUND`, when it gave one. */
  | { kind: "refused" | "dns" | "network"; code?: string }
  | { kind: "timeout" };

export function isIdempotent(method: string, declared: boolean): boolean {
  return declared || /^(GET|HEAD|PUT|DELETE|OPTIONS)$/.test(method);
}

export function isRetryable(outcome: AttemptOutcome, idempotent: boolean): boolean {
  switch (outcome.kind) {
    case "refused":
    case "dns":
      return true;
    case "status":
      return outcome.status === 429 || (idempotent && [408, 500, 502, 503, 504].includes(outcome.status));
    default:
      return idempotent;
  }
}

/**
 * Whether a call that failed with `outcome` and was not repeated may still have been applied by
 * the service, which a caller about to send it again needs to know. Only a call that is not
 * idempotent is left unrepeated for that reason; what the service provably never saw (a refused
 * connection, an unresolved host, a 429) and any other 4xx were not applied.
 */
export function mayHaveBeenProcessed(outcome: AttemptOutcome, idempotent: boolean): boolean {
  if (idempotent) return false;
  return outcome.kind === "status" ? outcome.status >= 500 : !isRetryable(outcome, false);
}

/**
 * Whether an attempt that ended with `outcome` may have reached the service and been applied,
 * whatever the method: the connection closed after the request was written, no answer came in
 * time, or a 5xx. A refused connection, an unresolved host, a 429 and any other 4xx were not applied.
 */
export function attemptMayHaveReachedService(outcome: AttemptOutcome): boolean {
  if (outcome.kind === "status") return outcome.status >= 500;
  return outcome.kind === "network" || outcome.kind === "timeout";
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A longer `Retry-After` is not waited out: the response goes back to the caller instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

// The three forms of an HTTP date: IMF-fixdate, RFC 850, and asctime, which is GMT without saying so.
// Date.parse alone reads "-1" or "1, 2" as a date in 2001, which would mean "retry now".
const HTTP_DATE = /^[a-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d (GMT|\d{4})$/i;

/**
 * Seconds to wait before retrying, from `Retry-After`: delta-seconds (digits only) or an HTTP
 * date; undefined for anything else, which leaves the wait to the backoff.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get("retry-after") ?? "";
  if (/^\d+$/.test(raw)) return +raw;
  const date = HTTP_DATE.test(raw) ? Date.parse(raw.endsWith("T") ? raw : `${raw} GMT`) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Exponential backoff with jitter for attempt `n` (1-based), so retrying clients spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return ceiling * (0.75 + 0.25 * random());
}

/**
 * The statuses whose `Retry-After` sets the wait. A 429 and a 503 are the service saying when to
 * come back; on any other status the header is not a promise about the next attempt.
 */
export const HONOURS_RETRY_AFTER: ReadonlySet<number> = new Set([429, 503]);

/**
 * How long to wait before repeating attempt `n` (1-based), whose answer was `response` (none
 * after a timeout or a connection failure): its `Retry-After` where the status honours one, the
 * backoff otherwise.
 */
export function retryWaitMs(response: Pick<Response, "status" | "headers"> | undefined, attempt: number): number {
  const retryAfter = response && HONOURS_RETRY_AFTER.has(response.status) ? retryAfterSeconds(response.headers) : undefined;
  return retryAfter === undefined ? backoffMs(attempt) : retryAfter * 1000;
}
