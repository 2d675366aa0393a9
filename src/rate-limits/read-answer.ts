import { rateLimitHeader } from "./rate-limit.js";
import { believableWaitMs, resetWaitMs, retryAfterSeconds } from "../errors/retry-policy.js";
import type { GovernedSlot } from "./governor.js";
import type { RateLimitStore } from "./rate-limit-options.js";

/** A 429 holds its key this much longer than Retry-After, plus up to as much again at random, so processes do not return at once. */
export const HOLD_JITTER_MS = 50;
/** A 429 that says neither Retry-After nor a reset holds its key this long. */
const DEFAULT_HOLD_MS = 1_000;

const quietly = (done: void | Promise<void>) => void (done && typeof done.then === "function" && done.catch(() => {}));

/**
 * Reads the rate-limit headers of an attempt's answer into `store`: the requests the service
 * counted beyond the log's are counted until the service's reset, and a 429 holds the key. Returns true for a 429: the key is
 * held, so the retry waits in its queue rather than in a backoff of its own.
 */
export function readAnswer(
  store: RateLimitStore,
  slots: readonly GovernedSlot[],
  response: Response,
  now: () => number,
  random: () => number,
): boolean {
  const { headers, status } = response;
  // Each header read costs about a microsecond: the limit and the reset are read only when
  // the answer says how much is left, and the reset only when that is nothing.
  const remaining = rateLimitHeader(headers, "x-ratelimit-remaining", "x-rate-limit-remaining");
  if (remaining === undefined && status !== 429) return false;
  const limit = rateLimitHeader(headers, "x-ratelimit-limit", "x-rate-limit");
  // A reset past the cap on the service's waits, or already past, is not believed: the count
  // then lasts a window, as when the answer gives no reset.
  let resetMs: number | undefined;
  let reset: number | undefined;
  if (remaining === 0 || status === 429) {
    reset = rateLimitHeader(headers, "x-ratelimit-reset", "x-rate-limit-reset");
    if (reset !== undefined) resetMs = believableWaitMs(resetWaitMs(reset, headers, now()));
  }
  // The headers do not say which limit they count: the one whose limit they name, else the
  // app's for the counts (the service's pages describe them as the app's), and the user's for a 429.
  const named = limit === undefined ? undefined : slots.find((slot) => slot.limit === limit);
  if (remaining !== undefined) quietly(store.sync(named ?? slots.find((slot) => slot.scope === "app") ?? slots[0]!, remaining, resetMs));
  if (status !== 429) return false;
  const slot = named ?? slots[0]!;
  // What the service said to wait, when it can be believed; else (past the cap, unreadable,
  // negative) the rule's window. One hostile answer must not hold the key for years.
  let holdMs = DEFAULT_HOLD_MS;
  if (headers.has("retry-after")) {
    const retryAfter = retryAfterSeconds(headers, now());
    holdMs = believableWaitMs(retryAfter === undefined ? undefined : retryAfter * 1000) ?? slot.windowMs;
  } else if (reset !== undefined) holdMs = resetMs ?? slot.windowMs;
  quietly(store.hold(slot.key, holdMs + HOLD_JITTER_MS * (1 + random())));
  return true;
}
