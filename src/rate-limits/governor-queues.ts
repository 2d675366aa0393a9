import { unwatch, watch } from "./abort-watch.js";
import type { GovernedCall, GovernedSlot, Permit } from "./governor.js";
import type { RateLimitTake } from "./rate-limit-options.js";

/** Time and randomness, replaced by the tests' own. */
export interface GovernorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random(): number;
}

/** A call waiting for room. */
export interface Waiter {
  call: GovernedCall;
  seq: number;
  id: number;
  slots: readonly GovernedSlot[];
  start: number;
  /** When the call started, for its deadline (0 without one), as the transport gave it. */
  started: number;
  deadline: number;
  signal: AbortSignal | null | undefined;
  onAbort: (() => void) | undefined;
  queue: Queue | undefined;
  /** Whether `onWait` was told of this call. */
  told?: boolean;
  resolve(permit: Permit): void;
  reject(error: unknown): void;
}

/** The calls waiting for room under one key, oldest first, and the one timer that wakes the first. */
interface Queue {
  key: string;
  waiters: Waiter[];
  timer: unknown;
  /** When the timer wakes the first waiter: no one behind it leaves earlier. */
  until: number;
  running: boolean;
}

/** What the queues need of the governor: its clock, its store's answers, and how it words a refusal. */
export interface QueueContext {
  clock: GovernorClock;
  /**
   * Asks the store for room for `waiter`, within the time its call gives the store's answer: a
   * store that fails or does not answer rejects with the error the call is refused with.
   */
  take(waiter: Waiter): RateLimitTake | Promise<RateLimitTake>;
  refusal(waiter: Waiter, taken: RateLimitTake, now: number): Error;
  /** Told once of each call that waits: the key that holds it and its expected wait. */
  onWait?: ((waiter: Waiter, key: string, waitMs: number) => void) | undefined;
  /** Told when the first queue opens (true) and when the last one is dropped (false). */
  onQueued(queued: boolean): void;
}

/** A runtime fires a longer timer at once: a longer wait wakes, finds no room, and sleeps again. */
export const timerMs = (ms: number) => Math.min(ms, 2 ** 31 - 1);

export const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown })?.then === "function";

/** The queues of one governor: a queue per key that has waiting calls, dropped when empty. */
export function createQueues({ clock, take, refusal, onWait, onQueued }: QueueContext) {
  const tell = (waiter: Waiter, key: string, waitMs: number) => {
    if (waiter.told || !onWait) return;
    waiter.told = true;
    onWait(waiter, key, waitMs);
  };
  const queues = new Map<string, Queue>();

  function queueOf(key: string): Queue {
    let queue = queues.get(key);
    if (!queue) {
      queues.set(key, (queue = { key, waiters: [], timer: undefined, until: 0, running: false }));
      if (queues.size === 1) onQueued(true);
    }
    return queue;
  }

  /** Puts `waiter` in `queue` at its place: calls leave in the order they were made, a retry first. */
  function enqueue(queue: Queue, waiter: Waiter): void {
    waiter.queue = queue;
    const { waiters } = queue;
    let at = waiters.length;
    while (at > 0 && waiters[at - 1]!.seq > waiter.seq) at--;
    waiters.splice(at, 0, waiter);
  }

  function leave(waiter: Waiter): void {
    const queue = waiter.queue;
    waiter.queue = undefined;
    if (waiter.onAbort) unwatch(waiter.signal!, waiter.onAbort);
    if (!queue) return;
    const at = queue.waiters.indexOf(waiter);
    if (at !== -1) queue.waiters.splice(at, 1);
    // The first waiter left: the next one may have room now.
    if (at === 0 && !queue.running) wake(queue);
  }

  function wake(queue: Queue): void {
    if (queue.timer !== undefined) clock.clearTimeout(queue.timer);
    queue.timer = undefined;
    void run(queue);
  }

  /** Serves the first waiters of `queue` while there is room, then sleeps until there may be more. */
  async function run(queue: Queue): Promise<void> {
    if (queue.running) return;
    queue.running = true;
    try {
      while (queue.waiters.length) {
        const waiter = queue.waiters[0]!;
        let taken: RateLimitTake;
        try {
          const pending = take(waiter);
          taken = isPromise(pending) ? await pending : pending;
        } catch (error) {
          leave(waiter);
          waiter.reject(error);
          continue;
        }
        if (waiter.queue !== queue) continue; // aborted while the store answered
        if (taken.waitMs <= 0) {
          leave(waiter);
          const { seq, id, slots, start } = waiter;
          waiter.resolve({ seq, id, slots, waitedMs: clock.now() - start, scope: slots.find((s) => s.key === queue.key)?.scope });
          continue;
        }
        const now = clock.now();
        if (taken.key !== undefined && taken.key !== queue.key && waiter.slots.some((slot) => slot.key === taken.key)) {
          // Another key has no room: wait in its queue, in order with the calls of other users.
          queue.waiters.shift();
          park(waiter, taken);
          continue;
        }
        // Everyone behind waits at least as long, a window more for each `limit` ahead of it:
        // refuse now those who cannot.
        const head = now + taken.waitMs;
        for (const [at, behind] of [...queue.waiters].entries()) {
          const leaves = leavesAt(queue, behind, at, head);
          if (leaves > behind.deadline) {
            leave(behind);
            behind.reject(refusal(behind, { waitMs: leaves - now, key: taken.key }, now));
          }
        }
        if (queue.waiters.length) {
          sleep(queue, taken.waitMs, now);
          if (onWait)
            for (const [at, behind] of queue.waiters.entries())
              if (!behind.told) tell(behind, queue.key, leavesAt(queue, behind, at, head) - now);
        }
        return;
      }
    } finally {
      queue.running = false;
      if (!queue.waiters.length && queue.timer === undefined && queues.delete(queue.key) && !queues.size) onQueued(false);
    }
  }

  /**
   * Queues `waiter` under the key that has no room (`taken`), or behind the calls already waiting
   * on one of its keys; a queue that was empty sleeps until the room the store announced.
   */
  function park(waiter: Waiter, taken: RateLimitTake | undefined): void {
    const key = taken?.key ?? waiter.slots.find((slot) => queues.has(slot.key))?.key ?? waiter.slots[0]!.key;
    const queue = queueOf(key);
    enqueue(queue, waiter);
    if (queue.timer !== undefined && queue.waiters[0] !== waiter) {
      // Behind a call that sleeps until `until`: one that cannot wait as long as its place needs is refused now.
      const now = clock.now();
      const leaves = leavesAt(queue, waiter, queue.waiters.indexOf(waiter), queue.until);
      if (leaves > waiter.deadline) {
        leave(waiter);
        waiter.reject(refusal(waiter, { waitMs: leaves - now, key }, now));
      } else tell(waiter, key, leaves - now);
      return;
    }
    if (queue.running || queue.timer !== undefined) return;
    if (taken) {
      sleep(queue, taken.waitMs, clock.now());
      tell(waiter, key, taken.waitMs);
    } else wake(queue);
  }

  /**
   * When the waiter at place `at` of `queue` (0: the first) is expected to leave, the first
   * leaving at `head`: the calls ahead of it leave as room comes, `limit` a window, each counting
   * from when it leaves (its answer expected then), so the `limit`-th after the first waits a
   * window more. The same reckoning as the store's: a place frees a window after its request counts.
   */
  function leavesAt(queue: Queue, waiter: Waiter, at: number, head: number): number {
    const slot = waiter.slots.find((s) => s.key === queue.key);
    return slot ? head + Math.floor(at / slot.limit) * (slot.windowMs + 1) : head;
  }

  function sleep(queue: Queue, ms: number, now: number): void {
    queue.until = now + ms;
    queue.timer = clock.setTimeout(() => wake(queue), timerMs(ms));
  }

  return {
    /** Whether calls already wait on one of `slots`' keys: a new call goes behind them. */
    busy(slots: readonly GovernedSlot[]): boolean {
      return queues.size > 0 && slots.some((slot) => queues.has(slot.key));
    },

    /** Waits in the queue of the key that has no room (`taken`), or behind the calls on one of its keys. */
    wait(waiter: Waiter, taken: RateLimitTake | undefined): Promise<Permit> {
      return new Promise<Permit>((resolve, reject) => {
        waiter.resolve = resolve;
        waiter.reject = reject;
        const { signal } = waiter;
        if (signal) {
          waiter.onAbort = () => {
            leave(waiter);
            reject(signal.reason);
          };
          watch(signal, waiter.onAbort);
        }
        park(waiter, taken);
      });
    },

    /** Room may have freed under these keys sooner than their waiters were told: they look again. */
    recheck(slots: readonly { key: string }[]): void {
      if (!queues.size) return;
      for (const slot of slots) {
        const queue = queues.get(slot.key);
        if (queue && !queue.running) wake(queue);
      }
    },
  };
}
