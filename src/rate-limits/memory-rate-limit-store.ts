import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "./rate-limit-options.js";
import { SlidingWindow } from "./sliding-window.js";

const GRANTED: RateLimitTake = Object.freeze({ waitMs: 0 });
/** How many keys each `take` looks at for eviction: enough to keep the map near twice the live keys. */
const SWEEP_STEP = 2;
/** Below this many keys nothing is evicted: a few idle keys cost less than looking for them. */
const SWEEP_FROM = 1_000;

/**
 * The default store: sliding-window logs in this process's memory. A key whose requests have all
 * left their window (and is not held) is dropped as later calls go by, so memory follows the
 * keys in use, not every user ever seen.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, SlidingWindow>();
  private sweeper: Iterator<[string, SlidingWindow]> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** How many keys it holds, idle ones not yet dropped included. */
  get size(): number {
    return this.logs.size;
  }

  take(slots: readonly RateLimitSlot[], id: number): RateLimitTake {
    const now = this.now();
    if (this.logs.size > SWEEP_FROM) this.sweep(now);
    let waitMs = 0;
    let key: string | undefined;
    for (const slot of slots) {
      const log = this.logs.get(slot.key);
      const wait = log ? log.waitFor(slot.limit, slot.windowMs, now) : 0;
      if (wait > waitMs) {
        waitMs = wait;
        key = slot.key;
      }
    }
    if (waitMs > 0) return { waitMs, key };
    for (const slot of slots) {
      const log = this.logOf(slot);
      // Until its answer comes, a request may reach the service at any time: it counts as a window
      // later than sent, the latest it may be waited for (settle brings it back to its answer).
      log.append(now + slot.windowMs, id);
    }
    return GRANTED;
  }

  settle(slots: readonly RateLimitSlot[], id: number): void {
    const now = this.now();
    for (const slot of slots) this.logs.get(slot.key)?.settle(id, now);
  }

  hold(key: string, ms: number): void {
    this.logOf({ key, limit: 1, windowMs: 0 }).hold(this.now(), ms);
  }

  sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): void {
    this.logOf(slot).sync(slot.limit, slot.windowMs, remaining, resetMs, this.now());
  }

  private logOf(slot: RateLimitSlot): SlidingWindow {
    let log = this.logs.get(slot.key);
    if (!log) this.logs.set(slot.key, (log = new SlidingWindow(slot.windowMs)));
    else if (slot.windowMs > log.windowMs) log.windowMs = slot.windowMs;
    return log;
  }

  /** Looks at a few keys, round the map, and drops those with nothing left to count. */
  private sweep(now: number): void {
    for (let step = 0; step < SWEEP_STEP; step++) {
      this.sweeper ??= this.logs.entries();
      const next = this.sweeper.next();
      if (next.done) {
        this.sweeper = undefined;
        return;
      }
      const [key, log] = next.value;
      if (log.idle(now)) this.logs.delete(key);
    }
  }
}

/**
 * A store in this process's memory, of its own: clients given the same one count together, and
 * apart from the clients that keep the default store (one for the whole process).
 *
 * @example
 * const store = memoryRateLimitStore();
 * const chat = createChatClient({ appId: "2a1b3c4d", apiKey: process.env.CHAT_API_KEY!, rateLimits: { ...serviceRateLimits(), store } });
 */
export function memoryRateLimitStore(): RateLimitStore {
  return new MemoryRateLimitStore();
}
