import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "./rate-limit-options.js";

/**
 * The requests of one key, oldest first: when each was sent (or, once settled, answered) and
 * under which id. Times never decrease along the list, so the expired ones are at its head.
 */
interface Log {
  times: number[];
  ids: number[];
  /** Where the live part starts: entries before it have expired. */
  head: number;
  /** No room until then (a 429's Retry-After). */
  heldUntil: number;
  /** What the service said is left, until `leftUntil`: the reset of its window. */
  left: number;
  leftUntil: number;
  /** The longest window this key was counted over: entries older than it can go. */
  windowMs: number;
}

const GRANTED: RateLimitTake = Object.freeze({ waitMs: 0 });
/** How many keys each `take` looks at for eviction: enough to keep the map near twice the live keys. */
const SWEEP_STEP = 2;

/**
 * The default store: sliding-window logs in this process's memory. A key whose requests have all
 * left their window (and is not held) is dropped as later calls go by, so memory follows the
 * keys in use, not every user ever seen.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();
  private sweeper: Iterator<[string, Log]> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** How many keys it holds, idle ones not yet dropped included. */
  get size(): number {
    return this.logs.size;
  }

  take(slots: readonly RateLimitSlot[], id: number): RateLimitTake {
    const now = this.now();
    this.sweep(now);
    let waitMs = 0;
    let key: string | undefined;
    for (const slot of slots) {
      const log = this.logs.get(slot.key);
      const wait = log ? waitFor(log, slot, now) : 0;
      if (wait > waitMs) {
        waitMs = wait;
        key = slot.key;
      }
    }
    if (waitMs > 0) return { waitMs, key };
    for (const slot of slots) {
      const log = this.logOf(slot);
      append(log, now, id);
      if (now < log.leftUntil) log.left--;
    }
    return GRANTED;
  }

  settle(slots: readonly RateLimitSlot[], id: number): void {
    const now = this.now();
    for (const slot of slots) {
      const log = this.logs.get(slot.key);
      if (!log) continue;
      const { times, ids } = log;
      // Ids grow with time, so the search stops at an older one.
      for (let at = ids.length - 1; at >= log.head; at--) {
        const other = ids[at]!;
        if (other !== id) {
          if (other < id) break;
          continue;
        }
        // Later entries may not be earlier than this one, or the expired ones would not all be at the head.
        for (; at < times.length && times[at]! < now; at++) times[at] = now;
        break;
      }
    }
  }

  hold(key: string, ms: number): void {
    const log = this.logOf({ key, limit: 1, windowMs: 0 });
    log.heldUntil = Math.max(log.heldUntil, this.now() + ms);
  }

  sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): void {
    const now = this.now();
    const log = this.logOf(slot);
    prune(log, now - log.windowMs);
    // Only a stricter count is taken: requests this process did not see (other processes, other
    // clients) count until the service's window resets, or for a whole window when it did not say.
    if (remaining >= slot.limit - (log.times.length - log.head)) return;
    log.left = remaining;
    log.leftUntil = now + (resetMs !== undefined && resetMs < slot.windowMs ? resetMs : slot.windowMs);
  }

  private logOf(slot: RateLimitSlot): Log {
    let log = this.logs.get(slot.key);
    if (!log)
      this.logs.set(slot.key, (log = { times: [], ids: [], head: 0, heldUntil: 0, left: 0, leftUntil: 0, windowMs: slot.windowMs }));
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
      prune(log, now - log.windowMs);
      if (log.head === log.times.length && log.heldUntil <= now && log.leftUntil <= now) this.logs.delete(key);
    }
  }
}

function prune(log: Log, edge: number): void {
  const { times } = log;
  while (log.head < times.length && times[log.head]! < edge) log.head++;
  if (log.head === times.length) {
    times.length = log.ids.length = log.head = 0;
  } else if (log.head > 32 && log.head * 2 > times.length) {
    times.splice(0, log.head);
    log.ids.splice(0, log.head);
    log.head = 0;
  }
}

/** Milliseconds until `log` has room under `slot` (0: now). */
function waitFor(log: Log, slot: RateLimitSlot, now: number): number {
  prune(log, now - Math.max(slot.windowMs, log.windowMs));
  let wait = Math.max(log.heldUntil, log.left <= 0 ? log.leftUntil : 0) - now;
  const { times } = log;
  const live = times.length - log.head;
  // The request `limit` places back must have left the window: until then, another would make limit + 1.
  if (live >= slot.limit) wait = Math.max(wait, times[times.length - slot.limit]! + slot.windowMs + 1 - now);
  return wait > 0 ? wait : 0;
}

function append(log: Log, at: number, id: number): void {
  const { times } = log;
  const last = times.length ? times[times.length - 1]! : at;
  times.push(at > last ? at : last);
  log.ids.push(id);
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
