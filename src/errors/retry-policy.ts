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

/**
 * The longest wait read from the service that is believed: a `Retry-After`, an
 * `X-RateLimit-Reset`, and so the hold a 429 puts on a rate-limit key. The transport waits no
 * longer for one retry (the answer goes back to the caller instead); the governor holds a key no
 * longer, and reads a wait past it, unreadable or negative as its rule's window. Without it, one
 * hostile or broken answer (`Retry-After: 1000000000`) would hold a key for years.
 */
export const MAX_SERVICE_WAIT_MS = 60_000;

/** `ms` when it is a wait the service may mean (a number from 0 to {@link MAX_SERVICE_WAIT_MS}), else undefined. */
export function believableWaitMs(ms: number | undefined): number | undefined {
  return ms !== undefined && ms >= 0 && ms <= MAX_SERVICE_WAIT_MS ? ms : undefined;
}

/** When the service made the answer, by its `Date` header; `now` (the local clock) without a readable one. */
export const answeredAt = (headers: Headers, now: number): number => Date.parse(headers.get("date")!) || now;

// The last second of the year 9999: a reset past it, read as seconds, can only be milliseconds.
const LAST_EPOCH_SECOND = 253_402_300_799;

/**
 * Milliseconds from the answer to its `X-RateLimit-Reset` (epoch seconds, or epoch milliseconds
 * when the value can only be that), counted from the answer's own `Date` so that the two clocks
 * need not agree; from `now` when the answer has none. Negative when the reset is past.
 */
export function resetWaitMs(reset: number, headers: Headers, now: number): number {
  return (reset > LAST_EPOCH_SECOND ? reset : reset * 1000) - answeredAt(headers, now);
}

// The three forms of an HTTP date: IMF-fixdate, RFC 850, and asctime, which is GMT without saying so.
// Date.parse alone reads "-1" or "1, 2" as a date in 2001, which would mean "retry now".
const HTTP_DATE = /^[a-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d (GMT|\d{4})$/i;

/**
 * Seconds to wait before retrying, from `Retry-After`: delta-seconds (digits only) or an HTTP
 * date; undefined for anything else, which leaves the wait to the backoff. A date is read against
 * the answer's own `Date`, so a skewed local clock does not matter; `now` is used only without one.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get("retry-after") ?? "";
  if (/^\d+$/.test(raw)) return +raw;
  const date = HTTP_DATE.test(raw) ? Date.parse(raw.endsWith("T") ? raw : `${raw} GMT`) : Number.NaN;
  const seconds = Math.ceil((date - answeredAt(headers, now)) / 1000);
  // A date past means no wait; NaN (not a date) is neither, and leaves the wait to the backoff.
  return seconds > 0 ? seconds : seconds <= 0 ? 0 : undefined;
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
