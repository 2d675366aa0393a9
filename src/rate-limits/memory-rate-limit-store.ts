import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "./rate-limit-options.js";

/**
 * The requests of one key, oldest first, in a ring: when each counts from (its answer, or, while
 * it has none, a window after it was sent) and under which id. Times never decrease along the ring, so the expired ones are at
 * its start. It holds at most `limit` entries (a take past them is refused), and grows by doubling.
 */
interface Log {
  times: number[];
  ids: number[];
  /** Where the oldest entry is, and how many there are; the capacity is a power of two. */
  start: number;
  count: number;
  /** No room until then (a 429's Retry-After). */
  heldUntil: number;
  /** What the service said is left, until `leftUntil`: the reset of its window. */
  left: number;
  leftUntil: number;
  /** The longest window this key was counted over: entries older than it can go. */
  windowMs: number;
}

const newLog = (windowMs: number): Log => ({
  times: [0, 0, 0, 0],
  ids: [0, 0, 0, 0],
  start: 0,
  count: 0,
  heldUntil: 0,
  left: 0,
  leftUntil: 0,
  windowMs,
});

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
  private readonly logs = new Map<string, Log>();
  private sweeper: Iterator<[string, Log]> | undefined;

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
      const wait = log ? waitFor(log, slot, now) : 0;
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
      append(log, now + slot.windowMs, id);
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
      const mask = times.length - 1;
      // Ids grow with time, so the search, from the newest, stops at an older one.
      for (let i = log.count - 1; i >= 0; i--) {
        const other = ids[(log.start + i) & mask]!;
        if (other !== id) {
          if (other < id) break;
          continue;
        }
        // The answer came: the request counts from now. The ring stays in time order (so the
        // expired ones are all at its start) by moving the entry back past those still waiting for
        // their answers (counted from a window after they were sent, later than now): answers that
        // come out of order each count from their own time, never from a later one's.
        let at = i;
        for (; at > 0; at--) {
          const before = (log.start + at - 1) & mask;
          if (times[before]! <= now) break;
          times[(log.start + at) & mask] = times[before]!;
          ids[(log.start + at) & mask] = ids[before]!;
        }
        times[(log.start + at) & mask] = now;
        ids[(log.start + at) & mask] = id;
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
    if (remaining >= slot.limit - log.count) return;
    log.left = remaining;
    log.leftUntil = now + (resetMs !== undefined && resetMs < slot.windowMs ? resetMs : slot.windowMs);
  }

  private logOf(slot: RateLimitSlot): Log {
    let log = this.logs.get(slot.key);
    if (!log) this.logs.set(slot.key, (log = newLog(slot.windowMs)));
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
      if (log.count === 0 && log.heldUntil <= now && log.leftUntil <= now) this.logs.delete(key);
    }
  }
}

function prune(log: Log, edge: number): void {
  const { times } = log;
  const mask = times.length - 1;
  while (log.count > 0 && times[log.start]! < edge) {
    log.start = (log.start + 1) & mask;
    log.count--;
  }
}

/** Milliseconds until `log` has room under `slot` (0: now). */
function waitFor(log: Log, slot: RateLimitSlot, now: number): number {
  prune(log, now - Math.max(slot.windowMs, log.windowMs));
  let wait = Math.max(log.heldUntil, log.left <= 0 ? log.leftUntil : 0) - now;
  // The request `limit` places back must have left the window: until then, another would make
  // limit + 1. One still waiting for its answer (counted from later than now) is expected to be
  // answered now, the earliest it can be: its place frees a window after that. The wait is what a
  // call is told, and how long its queue sleeps; an answer that comes later wakes the queue again.
  if (log.count >= slot.limit) {
    const oldest = log.times[(log.start + log.count - slot.limit) & (log.times.length - 1)]!;
    wait = Math.max(wait, (oldest < now ? oldest : now) + slot.windowMs + 1 - now);
  }
  return wait > 0 ? wait : 0;
}

function append(log: Log, at: number, id: number): void {
  let { times, ids } = log;
  if (log.count === times.length) {
    // Full: lay the ring out again, oldest first, in twice the room.
    const size = times.length;
    const order = (ring: number[]) => [...ring.slice(log.start), ...ring.slice(0, log.start), ...new Array<number>(size).fill(0)];
    log.times = times = order(times);
    log.ids = ids = order(ids);
    log.start = 0;
  }
  const mask = times.length - 1;
  const last = log.count ? times[(log.start + log.count - 1) & mask]! : at;
  const slot = (log.start + log.count) & mask;
  times[slot] = at > last ? at : last;
  ids[slot] = id;
  log.count++;
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
