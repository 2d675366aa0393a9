import { checkDedupeMs, DEFAULT_KEEP_MS, DEFAULT_LEASE_MS, type WebhookClaim, type WebhookDedupe } from "./webhook-dedupe.js";

/** Options of {@link memoryWebhookDedupe}. */
export interface MemoryWebhookDedupeOptions {
  /**
   * How long a claim holds before another delivery of the event may take it over, in ms: the
   * longest a handler may take. A handler still running past it may see its event handled twice.
   * @default 30_000
   * @example 60_000
   */
  leaseMs?: number;
  /**
   * How long a handled event's key is kept, in ms: longer than the service goes on retrying.
   * @default 120_000 (2 minutes; the service's last retry comes about 40 s after the first failure)
   * @example 3_600_000
   */
  keepMs?: number;
  /**
   * The clock that times leases and keeps, in ms; only differences between its readings count.
   * Tests give a fake one. The default is monotonic: a step of the wall clock (NTP, a VM resumed
   * from a snapshot) neither ends a lease early, which would let a retry run the handler while the
   * first delivery still runs it, nor forgets a handled key.
   * @default () => performance.now()
   * @example () => fakeClock.now
   */
  now?: () => number;
}

/** A {@link WebhookDedupe} in this process's memory. */
export interface MemoryWebhookDedupe extends WebhookDedupe {
  /** How many keys it holds (claimed or done, not yet expired). */
  readonly size: number;
}

/**
 * Keeps webhook keys in this process's memory, for `createWebhookHandler({ dedupe })` when one
 * process receives the webhooks. Several processes need a shared store: `redisWebhookDedupe` from
 * `chat-rest-sdk/redis`. Expired keys are dropped as new ones come, so memory stays bounded by the
 * events of the last `keepMs`.
 *
 * @example
 * import { createWebhookHandler, memoryWebhookDedupe } from "chat-rest-sdk/webhooks";
 *
 * export const POST = createWebhookHandler({
 *   username: "chat-events",
 *   password: process.env.CHAT_WEBHOOK_PASSWORD!,
 *   dedupe: memoryWebhookDedupe(),
 *   on: { message_sent: (event) => console.log("handled once:", event.data.message.id) },
 * });
 */
export function memoryWebhookDedupe(options: MemoryWebhookDedupeOptions = {}): MemoryWebhookDedupe {
  const leaseMs = checkDedupeMs("memoryWebhookDedupe", "leaseMs", options.leaseMs, DEFAULT_LEASE_MS);
  const keepMs = checkDedupeMs("memoryWebhookDedupe", "keepMs", options.keepMs, DEFAULT_KEEP_MS);
  const now = options.now ?? (() => performance.now());
  // A Map iterates in insertion order and each write re-inserts its key, so expiries come nearly in
  // order: the sweep stops at the first live entry, which keeps each call's work small; an entry
  // left behind it goes at the latest when the entries before it expire.
  const entries = new Map<string, { token: string | undefined; until: number }>();

  function sweep(at: number) {
    for (const [key, entry] of entries) {
      if (entry.until > at) break;
      entries.delete(key);
    }
  }
  function live(key: string, at: number) {
    const entry = entries.get(key);
    if (entry && entry.until <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    get size() {
      const at = now();
      let count = 0;
      for (const entry of entries.values()) if (entry.until > at) count++;
      return count;
    },
    async claim(key, token): Promise<WebhookClaim> {
      const at = now();
      sweep(at);
      const entry = live(key, at);
      if (entry) return entry.token === undefined ? "done" : "busy";
      entries.set(key, { token, until: at + leaseMs });
      return "claimed";
    },
    async done(key) {
      entries.delete(key);
      entries.set(key, { token: undefined, until: now() + keepMs });
    },
    async release(key, token) {
      if (entries.get(key)?.token === token) entries.delete(key);
    },
  };
}
