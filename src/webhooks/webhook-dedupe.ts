/** What a store of webhook keys answers when a delivery asks to handle its event. */
export type WebhookClaim =
  /** The key is this delivery's until `done` or `release`, or until the lease ends: handle the event. */
  | "claimed"
  /** The event was handled: acknowledge the delivery without handling it again. */
  | "done"
  /** Another delivery holds the key and is still handling it: have the service retry later. */
  | "busy";

/**
 * A store of the keys of webhook events, shared by every receiver that must handle each event once
 * (`memoryWebhookDedupe` in one process, `redisWebhookDedupe` across processes). A delivery claims
 * its key before the handler runs; the key is marked done when the handler succeeds and released
 * when it throws. `token` tells one delivery's claim from another's, so that a delivery whose lease
 * ran out cannot release the claim of the delivery that took over.
 */
export interface WebhookDedupe {
  /** Claims `key` for `token`, unless it is done or another token's lease on it has not ended. */
  claim(key: string, token: string): Promise<WebhookClaim>;
  /**
   * Marks `key` handled, for as long as retries of the event can arrive. The delivery's answer does
   * not wait for it: a store may send the mark later (redisWebhookDedupe sends it with its next
   * claim), as long as its own next claim of `key` finds it done. A rejection goes to `onError`.
   */
  done(key: string, token: string): Promise<void>;
  /** Gives up `token`'s claim on `key`, so that the next delivery of the event is handled. */
  release(key: string, token: string): Promise<void>;
}

/**
 * How long the service may still deliver an event again: it retries a failed delivery about 10 s
 * after the failure, then about 30 s after that, so within about a minute of the first delivery
 * when that one ran for a whole lease. Two minutes leaves room for slow deliveries, and no more:
 * two events that a key cannot tell apart (see `webhookEventKey`) are taken for one only while
 * the first's key is kept.
 */
export const DEFAULT_KEEP_MS = 2 * 60_000;
/**
 * How long a claim holds when its process dies mid-handler. Shorter than the 40 s from a failure to
 * the service's last retry, so that that retry finds the claim gone and is handled.
 */
export const DEFAULT_LEASE_MS = 30_000;

export function checkDedupeMs(owner: string, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0)
    throw new TypeError(`${owner}: ${name} must be a positive whole number of milliseconds, got ${String(value)}.`);
  return value;
}
