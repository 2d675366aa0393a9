// Loaded by governor.ts when a client sets `rateLimits`, as a module of its own: nothing here is
// in the bundle of a client without them. The error classes come from the caller, so that a
// refusal is an instance of the RateLimitError the application imported. The parts: the option
// checks (check-rate-limits.ts), which limits a call counts under (rate-limit-slots.ts), the
// queues (governor-queues.ts) and the reading of answers (read-answer.ts).
import type { ChatConfigError } from "../errors/chat-config-error.js";
import type { RateLimitError, RateLimitRefusal } from "../errors/chat-api-error.js";
import type { RateLimitStoreError } from "../errors/rate-limit-store-error.js";
import { unwatch, watch } from "./abort-watch.js";
import { checkClientRateLimits } from "./check-rate-limits.js";
import type { GovernedCall, GovernedSlot, Governor, Permit } from "./governor.js";
import { createQueues, type GovernorClock, isPromise, timerMs, type Waiter } from "./governor-queues.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimits, RateLimitStore, RateLimitTake } from "./rate-limit-options.js";
import { slotClassifier } from "./rate-limit-slots.js";
import { readAnswer } from "./read-answer.js";

export type { GovernorClock } from "./governor-queues.js";

/** The classes a refusal or a bad option is reported with: the application's own. */
export interface GovernorErrors {
  RateLimitError: typeof RateLimitError;
  ChatConfigError: typeof ChatConfigError;
  RateLimitStoreError: typeof RateLimitStoreError;
}

const SYSTEM_CLOCK: GovernorClock = {
  now: Date.now,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  random: Math.random,
};

const NO_LIMIT: Permit = Object.freeze({ seq: 0, id: 0, slots: Object.freeze([]) as readonly GovernedSlot[] });

// Shared by every client of the process that keeps the default store, so that a Chat and a Calls
// client of one app, or two clients built alike, count together.
let defaultStore: MemoryRateLimitStore | undefined;
// Ids grow across every governor of the process, as the store in memory relies on.
let lastId = 0;

/**
 * Builds the governor of one client: `rateLimits` checked (a bad one throws a ChatConfigError),
 * counted under `appId` in the store, the classes of the operations from the spec.
 */
export function createRateLimitGovernor(
  rateLimits: "service" | RateLimits,
  appId: string,
  errors: GovernorErrors,
  clock: GovernorClock = SYSTEM_CLOCK,
): Governor {
  const limits = checkClientRateLimits((message) => new errors.ChatConfigError(message), rateLimits);
  const store: RateLimitStore = limits.store ?? (defaultStore ??= new MemoryRateLimitStore());
  const slotsOf = slotClassifier(limits, appId);
  let seq = 0;

  /**
   * How long a call may wait: as long as its place needs, within what is left of its deadline,
   * and `maxWaitMs` when given. The wait does not come out of `timeoutMs`, which bounds an attempt
   * from when it is sent. A retry waits out the hold of the 429 it met as the transport would have
   * (which already refused a Retry-After past 60 s or the deadline), so that the caller gets the
   * service's answer, not a refusal.
   */
  function budget(call: GovernedCall, started: number, now: number, retry: boolean): number {
    const { deadlineMs } = call.options;
    const left = deadlineMs ? deadlineMs - (now - started) : Number.POSITIVE_INFINITY;
    if (retry || limits.maxWaitMs === undefined) return left;
    return Math.min(limits.maxWaitMs, left);
  }

  function storeError({ method, path }: GovernedCall, cause: unknown): Error {
    const label = store.label ?? "custom";
    const message = `${method} ${path}: not sent: the rate-limit store ${label} failed: ${(cause as Error)?.message ?? cause}`;
    return Object.assign(new errors.RateLimitStoreError(message, { cause }), { method, path, store: label });
  }

  /**
   * Asks the store for room for a call. The store's answer counts against the call's time: it must
   * come within the call's `timeoutMs` and what is left of its `deadlineMs`. Each answer is timed on
   * its own, so a call waiting for room is not refused for its `timeoutMs`, while a store that never
   * answers still fails it within that bound. The call's signal
   * rejects at once with its own reason. A store that fails, or does not answer in time, refuses
   * the call with a RateLimitStoreError: the limits are unknown, so nothing is sent (fail closed).
   */
  function take(
    call: GovernedCall,
    slots: readonly GovernedSlot[],
    id: number,
    started: number,
    signal: AbortSignal | null | undefined,
  ): RateLimitTake | Promise<RateLimitTake> {
    let pending: RateLimitTake | Promise<RateLimitTake>;
    try {
      pending = store.take(slots, id);
    } catch (error) {
      throw storeError(call, error);
    }
    if (!isPromise(pending)) return pending;
    const { deadlineMs, timeoutMs } = call.options;
    const left = deadlineMs ? deadlineMs - (clock.now() - started) : Number.POSITIVE_INFINITY;
    const limit = timeoutMs && timeoutMs < left ? "timeoutMs" : "deadlineMs";
    const ms = Math.max(0, Math.ceil(limit === "timeoutMs" ? timeoutMs : left));
    return new Promise<RateLimitTake>((resolve, reject) => {
      const done = () => {
        clock.clearTimeout(timer);
        if (signal) unwatch(signal, onAbort);
      };
      const onAbort = () => {
        done();
        reject(signal!.reason);
      };
      if (signal) watch(signal, onAbort);
      // No time limit at all (neither option): the store's own timeouts bound it.
      const timer =
        ms < Number.POSITIVE_INFINITY
          ? clock.setTimeout(() => {
              done();
              reject(storeError(call, new Error(`no answer within ${ms} ms, the call's ${limit}`)));
            }, timerMs(ms))
          : undefined;
      pending.then(
        (answer) => {
          done();
          resolve(answer);
        },
        (error: unknown) => {
          done();
          reject(storeError(call, error));
        },
      );
    });
  }

  function refusal({ call, slots, start }: Waiter, taken: RateLimitTake, now: number): Error {
    const slot = slots.find((s) => s.key === taken.key) ?? slots[0]!;
    const waitMs = Math.ceil(now + taken.waitMs - start);
    const message = `${call.method} ${call.path}: not sent: the ${slot.scope} limit ${slot.key} (${slot.limit} per ${slot.windowMs} ms) has no room for ${waitMs} ms, longer than the call may wait.`;
    const headers = new Headers({ "retry-after": String(Math.ceil(waitMs / 1000)) });
    const body = { error: { code: "ERR_TOO_MANY_REQUESTS", message } };
    const refusal: RateLimitRefusal = { scope: slot.scope, key: slot.key, waitMs };
    return Object.assign(new errors.RateLimitError(429, body, headers, { method: call.method, path: call.path }, message), refusal);
  }

  // Another process settled a request under these keys (a shared store tells): the calls waiting
  // on them reckon again, rather than sleep on a wait that counted it as unanswered. The governor
  // listens only while calls of its own wait: a store outlives the clients made on it (one per
  // tenant, or per request), and a listener it kept would keep each of them, and be called on
  // every settle of every process.
  // The queues tell of their first and their last call in turn, so one subscription is open at most.
  let unsubscribe: (() => void) | undefined;
  const onQueued = (queued: boolean) => {
    if (queued) unsubscribe = store.subscribe?.((keys) => queues.recheck(keys.map((key) => ({ key }))));
    else unsubscribe?.();
  };

  const { onWait } = limits;
  const queues = createQueues({
    clock,
    take: (waiter) => take(waiter.call, waiter.slots, waiter.id, waiter.started, waiter.signal),
    refusal,
    onWait:
      onWait &&
      (({ call, slots }, key, waitMs) => {
        const scope = slots.find((slot) => slot.key === key)?.scope ?? "app";
        try {
          onWait({ method: call.method, path: call.path, scope, key, waitMs: Math.max(0, Math.ceil(waitMs)) });
        } catch {
          // The hook is for logs and metrics: its failure must not lose the call.
        }
      }),
    onQueued,
  });

  return {
    acquire(call, params, previous, started, signal) {
      // A cancelled call takes no room: it will not be sent.
      if (signal?.aborted) throw signal.reason;
      const slots = previous ? previous.slots : slotsOf(call.method, call.path, params);
      if (!slots.length) return NO_LIMIT;
      const order = previous ? previous.seq : ++seq;
      const id = ++lastId;
      // Calls already wait on one of these keys: this one goes behind them, whatever the store says.
      const taken = queues.busy(slots) ? undefined : take(call, slots, id, started, signal);
      // The common case: room at once, and nothing made but the permit.
      if (taken && !isPromise(taken) && taken.waitMs <= 0) return { seq: order, id, slots };
      const now = clock.now();
      const waiter = {
        call,
        seq: order,
        id,
        slots,
        start: now,
        started,
        deadline: now + budget(call, started, now, previous !== undefined),
        signal,
      } as Waiter;
      const decide = (answer: RateLimitTake): Permit | Promise<Permit> => {
        if (answer.waitMs <= 0) return { seq: order, id, slots };
        const at = clock.now();
        if (at + answer.waitMs > waiter.deadline) throw refusal(waiter, answer, at);
        return queues.wait(waiter, answer);
      };
      if (!taken) return queues.wait(waiter, undefined);
      return isPromise(taken) ? taken.then(decide) : decide(taken);
    },

    settle(permit, result) {
      if (permit === NO_LIMIT) return false;
      const { slots } = permit;
      // The answer may free room sooner than the waiters were told: they look again.
      const settled = store.settle(slots, permit.id);
      if (isPromise(settled))
        settled.then(
          () => queues.recheck(slots),
          () => {},
        );
      else queues.recheck(slots);
      const response = result.response;
      return response ? readAnswer(store, slots, response, clock.now, clock.random) : false;
    },
  };
}
