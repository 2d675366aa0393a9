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
  | { kind: "refused" }
  | { kind: "dns" }
  | { kind: "network" }
  | { kind: "timeout" };

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export function isIdempotent(method: string, declared: boolean): boolean {
  return declared || IDEMPOTENT_METHODS.has(method);
}

export function isRetryable(outcome: AttemptOutcome, idempotent: boolean): boolean {
  switch (outcome.kind) {
    case "refused":
    case "dns":
      return true;
    case "status":
      return outcome.status === 429 || (idempotent && RETRYABLE_STATUS.has(outcome.status));
    default:
      return idempotent;
  }
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A longer `Retry-After` is not waited out: the response goes back to the caller instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Exponential backoff with jitter for attempt `n` (1-based), so retrying clients spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return ceiling * (0.75 + 0.25 * random());
}
