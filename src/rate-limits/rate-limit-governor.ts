// Loaded by governor.ts when a client sets `rateLimits`, as a module of its own: nothing here is
// in the bundle of a client without them. The error classes come from the caller, so that a
// refusal is an instance of the RateLimitError the application imported.
import { coreOperations, perUserOperations } from "../../generated/rate-limit-classes.js";
import type { ChatConfigError } from "../errors/chat-config-error.js";
import type { RateLimitError, RateLimitRefusal } from "../errors/chat-api-error.js";
import type { RateLimitStoreError } from "../errors/rate-limit-store-error.js";
import { unwatch, watch } from "../transport/abort-watch.js";
import { believableWaitMs, resetWaitMs, retryAfterSeconds } from "../transport/retry-policy.js";
import { userKey } from "../client/acting-user.js";
import type { CallParams } from "../safety/input-checks.js";
import type { GovernedCall, GovernedSlot, Governor, Permit } from "./governor.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitRule, RateLimits, RateLimitStore, RateLimitTake } from "./rate-limit-options.js";
import { serviceRateLimits } from "./service-rate-limits.js";

/** The classes a refusal or a bad option is reported with: the application's own. */
export interface GovernorErrors {
  RateLimitError: typeof RateLimitError;
  ChatConfigError: typeof ChatConfigError;
  RateLimitStoreError: typeof RateLimitStoreError;
}

/** Time and randomness, replaced by the tests' own. */
export interface GovernorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random(): number;
}

const SYSTEM_CLOCK: GovernorClock = {
  now: Date.now,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  random: Math.random,
};

/** A 429 holds its key this much longer than Retry-After, plus up to as much again at random, so processes do not return at once. */
const HOLD_JITTER_MS = 50;
/** A 429 that says neither Retry-After nor a reset holds its key this long. */
const DEFAULT_HOLD_MS = 1_000;
const NO_LIMIT: Permit = Object.freeze({ seq: 0, id: 0, slots: Object.freeze([]) as readonly GovernedSlot[] });

// Shared by every client of the process that keeps the default store, so that a Chat and a Calls
// client of one app, or two clients built alike, count together.
let defaultStore: MemoryRateLimitStore | undefined;
// Ids grow across every governor of the process, as the store in memory relies on.
let lastId = 0;

interface Waiter {
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

/** A header's whole number, in the current spelling or else the older one (as `rateLimit` reads them). */
function headerNumber(headers: Headers, current: string, older: string): number | undefined {
  const raw = headers.get(current) ?? headers.get(older);
  return raw !== null && /^\s*\d+\s*$/.test(raw) ? +raw : undefined;
}

/** A runtime fires a longer timer at once: a longer wait wakes, finds no room, and sleeps again. */
const timerMs = (ms: number) => Math.min(ms, 2 ** 31 - 1);

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown })?.then === "function";

function checkRule(errors: GovernorErrors, name: string, rule: RateLimitRule | undefined): void {
  if (rule === undefined) return;
  const { limit, windowMs } = (rule ?? {}) as Partial<RateLimitRule>;
  if (!(Number.isInteger(limit) && limit! > 0 && typeof windowMs === "number" && windowMs > 0 && windowMs <= 2 ** 31 - 1))
    throw new errors.ChatConfigError(
      `rateLimits.${name} must be { limit, windowMs }: a positive whole limit and a window of 1 to 2147483647 ms, got ${JSON.stringify(rule)}.`,
    );
}

function checkLimits(errors: GovernorErrors, value: unknown): RateLimits {
  if (value === "service") return serviceRateLimits();
  if (!value || typeof value !== "object")
    throw new errors.ChatConfigError(`rateLimits must be "service" or an object of limits, got ${JSON.stringify(value)}.`);
  const limits = value as RateLimits;
  for (const name of ["core", "standard", "all"] as const) checkRule(errors, `app.${name}`, limits.app?.[name]);
  for (const name of ["sendMessage", "markUnread"] as const) checkRule(errors, `perUser.${name}`, limits.perUser?.[name]);
  const { maxWaitMs, store } = limits;
  if (maxWaitMs !== undefined && !(typeof maxWaitMs === "number" && maxWaitMs >= 0))
    throw new errors.ChatConfigError(`rateLimits.maxWaitMs must be a number of milliseconds from 0, got ${String(maxWaitMs)}.`);
  if (store !== undefined && !["take", "settle", "hold", "sync"].every((name) => typeof (store as never)[name] === "function"))
    throw new errors.ChatConfigError("rateLimits.store must be a RateLimitStore: an object with take, settle, hold and sync.");
  return limits;
}

// path -> method -> what limits it, built once from the spec's rate-limit classes.
const CORE = new Map<string, string[]>();
for (const operation of coreOperations) {
  const [method, path] = operation.split(" ") as [string, string];
  CORE.set(path, [...(CORE.get(path) ?? []), method]);
}
const PER_USER = new Map<string, Map<string, (typeof perUserOperations)[string]>>();
for (const [operation, rule] of Object.entries(perUserOperations)) {
  const [method, path] = operation.split(" ") as [string, string];
  if (!PER_USER.has(path)) PER_USER.set(path, new Map());
  PER_USER.get(path)!.set(method, rule);
}

/**
 * The user a call is counted under: the one it acts as, which the client's `actingUser` decided
 * from every source of `onBehalfOf` and wrote into `params.header.onBehalfOf`; or its `uid` path parameter.
 */
function userOf(params: CallParams | undefined, where: "onBehalfOf" | "uid"): string | undefined {
  const user = where === "uid" ? params?.path?.uid : params?.header?.onBehalfOf;
  return user === undefined ? undefined : userKey(String(user));
}

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
  const limits = checkLimits(errors, rateLimits);
  const store: RateLimitStore = limits.store ?? (defaultStore ??= new MemoryRateLimitStore());
  const appSlot = (name: "core" | "standard" | "all"): GovernedSlot[] => {
    const rule = limits.app?.[name];
    return rule ? [{ key: `${appId}:${name}`, limit: rule.limit, windowMs: rule.windowMs, scope: "app" }] : [];
  };
  const all = appSlot("all");
  const appSlots = { core: [...appSlot("core"), ...all], standard: [...appSlot("standard"), ...all] };
  const queues = new Map<string, Queue>();
  let seq = 0;

  function slotsOf(call: GovernedCall, params: CallParams | undefined): readonly GovernedSlot[] {
    const app = CORE.get(call.path)?.includes(call.method) ? appSlots.core : appSlots.standard;
    const perUser = PER_USER.get(call.path)?.get(call.method);
    const rule = perUser && limits.perUser?.[perUser.rule];
    const user = rule && userOf(params, perUser.user);
    // A message the app sends as itself is no user's: only the app's limits count it.
    if (!user) return app;
    const slots: GovernedSlot[] = [{ key: `${appId}:${perUser.rule}:${user}`, limit: rule.limit, windowMs: rule.windowMs, scope: "user" }];
    for (const slot of app) slots.push(slot);
    return slots;
  }

  /** How long a call may wait: `maxWaitMs`, else its budget; never past its deadline. */
  /**
   * How long a call may wait: `maxWaitMs`, else its budget; never past its deadline. A retry
   * waits out the hold of the 429 it met as the transport would have (which already refused a
   * Retry-After past 60 s or the deadline), so that the caller gets the service's answer, not a refusal.
   */
  function budget(call: GovernedCall, started: number, now: number, retry: boolean): number {
    const { deadlineMs, timeoutMs } = call.options;
    const left = deadlineMs ? deadlineMs - (now - started) : Number.POSITIVE_INFINITY;
    if (retry) return left;
    return Math.min(limits.maxWaitMs ?? (deadlineMs ? left : timeoutMs || Number.POSITIVE_INFINITY), left);
  }

  function storeError({ method, path }: GovernedCall, cause: unknown): Error {
    const label = store.label ?? "custom";
    const message = `${method} ${path}: not sent: the rate-limit store ${label} failed: ${(cause as Error)?.message ?? cause}`;
    return Object.assign(new errors.RateLimitStoreError(message, { cause }), { method, path, store: label });
  }

  /**
   * Asks the store for room for a call. The store's answer counts against the call's time: it must
   * come within the call's `timeoutMs` and what is left of its `deadlineMs`, and the call's signal
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

  function queueOf(key: string): Queue {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { key, waiters: [], timer: undefined, until: 0, running: false }));
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
          const pending = take(waiter.call, waiter.slots, waiter.id, waiter.started, waiter.signal);
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
        // Everyone behind waits at least as long: refuse now those who cannot.
        for (const behind of [...queue.waiters])
          if (now + taken.waitMs > behind.deadline) {
            leave(behind);
            behind.reject(refusal(behind, taken, now));
          }
        if (queue.waiters.length) sleep(queue, taken.waitMs, now);
        return;
      }
    } finally {
      queue.running = false;
      if (!queue.waiters.length && queue.timer === undefined) queues.delete(queue.key);
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
      // Behind a call that sleeps until `until`: one that cannot wait as long is refused now.
      const now = clock.now();
      if (queue.until > waiter.deadline) {
        leave(waiter);
        waiter.reject(refusal(waiter, { waitMs: queue.until - now, key }, now));
      }
      return;
    }
    if (queue.running || queue.timer !== undefined) return;
    if (taken) sleep(queue, taken.waitMs, clock.now());
    else wake(queue);
  }

  function sleep(queue: Queue, ms: number, now: number): void {
    queue.until = now + ms;
    queue.timer = clock.setTimeout(() => wake(queue), timerMs(ms));
  }

  function wait(waiter: Waiter, taken: RateLimitTake | undefined): Promise<Permit> {
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
  }

  return {
    acquire(call, params, previous, started, signal) {
      // A cancelled call takes no room: it will not be sent.
      if (signal?.aborted) throw signal.reason;
      const slots = previous ? previous.slots : slotsOf(call, params);
      if (!slots.length) return NO_LIMIT;
      const order = previous ? previous.seq : ++seq;
      const id = ++lastId;
      // Calls already wait on one of these keys: this one goes behind them, whatever the store says.
      const behind = queues.size > 0 && slots.some((slot) => queues.has(slot.key));
      const taken = behind ? undefined : take(call, slots, id, started, signal);
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
        return wait(waiter, answer);
      };
      if (!taken) return wait(waiter, undefined);
      return isPromise(taken) ? taken.then(decide) : decide(taken);
    },

    settle(permit, result) {
      if (permit === NO_LIMIT) return false;
      const { slots } = permit;
      const quietly = (done: void | Promise<void>) => void (isPromise(done) && done.catch(() => {}));
      // The answer may free room sooner than the waiters were told: they look again.
      const settled = store.settle(slots, permit.id);
      const recheck = () => {
        for (const slot of slots) {
          const queue = queues.get(slot.key);
          if (queue && !queue.running) wake(queue);
        }
      };
      if (isPromise(settled)) settled.then(recheck, () => {});
      else if (queues.size) recheck();
      const response = result.response;
      if (!response) return false;
      const { headers, status } = response;
      // Each header read costs about a microsecond: the limit and the reset are read only when
      // the answer says how much is left, and the reset only when that is nothing.
      const remaining = headerNumber(headers, "x-ratelimit-remaining", "x-rate-limit-remaining");
      if (remaining === undefined && status !== 429) return false;
      const limit = headerNumber(headers, "x-ratelimit-limit", "x-rate-limit");
      // A reset past the cap on the service's waits, or already past, is not believed: the count
      // then lasts a window, as when the answer gives no reset.
      let resetMs: number | undefined;
      let reset: number | undefined;
      if (remaining === 0 || status === 429) {
        reset = headerNumber(headers, "x-ratelimit-reset", "x-rate-limit-reset");
        if (reset !== undefined) resetMs = believableWaitMs(resetWaitMs(reset, headers, clock.now()));
      }
      // The headers do not say which limit they count: the one whose limit they name, else the
      // app's for the counts (the service's pages describe them as the app's), and the user's for a 429.
      const named = limit === undefined ? undefined : slots.find((slot) => slot.limit === limit);
      if (remaining !== undefined)
        quietly(store.sync(named ?? slots.find((slot) => slot.scope === "app") ?? slots[0]!, remaining, resetMs));
      if (status !== 429) return false;
      const slot = named ?? slots[0]!;
      // What the service said to wait, when it can be believed; else (past the cap, unreadable,
      // negative) the rule's window. One hostile answer must not hold the key for years.
      let holdMs = DEFAULT_HOLD_MS;
      if (headers.has("retry-after")) {
        const retryAfter = retryAfterSeconds(headers, clock.now());
        holdMs = believableWaitMs(retryAfter === undefined ? undefined : retryAfter * 1000) ?? slot.windowMs;
      } else if (reset !== undefined) holdMs = resetMs ?? slot.windowMs;
      quietly(store.hold(slot.key, holdMs + HOLD_JITTER_MS * (1 + clock.random())));
      return true;
    },
  };
}
