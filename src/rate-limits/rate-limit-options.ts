/**
 * One limit: at most `limit` requests in any span of `windowMs` milliseconds (a sliding window,
 * so no alignment of the service's own window can see more).
 */
export interface RateLimitRule {
  /**
   * The most requests in one window.
   * @default none: required
   * @example 30
   */
  limit: number;
  /**
   * The window's length, in milliseconds.
   * @default none: required
   * @example 60000
   */
  windowMs: number;
}

/**
 * The limits a client keeps to, for `createChatClient({ rateLimits })`: the app's, per class of
 * operation, and each user's. A limit left out is not kept. `serviceRateLimits()` gives the
 * service's documented limits.
 */
export interface RateLimits {
  /**
   * The app's limits, shared by every user and every process that uses the same `store`: one for
   * the core operations (logging a user in, creating and deleting users, creating groups, adding
   * and removing members), one for the standard ones (every other), and `all`, one over every
   * operation together (the free Build plan's).
   * @default {} (no app limit)
   * @example { core: { limit: 10_000, windowMs: 60_000 }, standard: { limit: 20_000, windowMs: 60_000 } }
   */
  app?: { core?: RateLimitRule; standard?: RateLimitRule; all?: RateLimitRule };
  /**
   * Each user's limits, keyed by the user the call acts as (`onBehalfOf`, or the `as()` user; for
   * a bot's message, the bot): `sendMessage` counts sent messages and thread replies,
   * `markUnread` the calls that mark a conversation as unread.
   * @default {} (no per-user limit)
   * @example { sendMessage: { limit: 30, windowMs: 60_000 } }
   */
  perUser?: { sendMessage?: RateLimitRule; markUnread?: RateLimitRule };
  /**
   * Where the counts are kept. Every process that shares a store shares the limits: pass
   * `redisRateLimitStore({ url })` from `chat-rest-sdk/redis` for a deployment of several processes.
   * A store that fails, or does not answer within a call's `timeoutMs` and `deadlineMs`, refuses
   * the call with a `RateLimitStoreError`, and nothing is sent. Each answer is timed on its own:
   * waiting for room does not come out of `timeoutMs`.
   * @default one store in memory for the whole process, which drops the keys that went idle
   * @example redisRateLimitStore({ url: process.env.REDIS_URL! })
   */
  store?: RateLimitStore;
  /**
   * The longest a call may wait for room. A call that would wait longer fails at once with a
   * `RateLimitError` whose `scope`, `key` and `waitMs` say why, and nothing is sent. The wait
   * does not count against `timeoutMs`, which bounds each attempt from when it is sent.
   * @default as long as the call's place needs (a window of its limit for each `limit` calls ahead of it), within what is left of `deadlineMs`; the call's `signal` still ends it
   * @example 5_000
   */
  maxWaitMs?: number;
  /**
   * Called once for each call that must wait for room, when it starts to wait: which limit holds
   * it and how long it is expected to wait, by the same reckoning as a refusal's `waitMs`. For
   * logs and metrics (as octokit's `onRateLimit`); it cannot change the wait, and an error it
   * throws is ignored.
   * @default none
   * @example ({ scope, key, waitMs }) => logger.info("rate limited", { scope, key, waitMs })
   */
  onWait?: (wait: RateLimitWait) => void;
}

/** What {@link RateLimits.onWait} is told of a call that waits for room. */
export interface RateLimitWait {
  /** The call's method and path template, e.g. `POST` and `/messages`. */
  method: string;
  path: string;
  /** Whose limit holds it: `"user"` or `"app"`. */
  scope: "user" | "app";
  /** The key of that limit, e.g. `2a1b3c4d:sendMessage:support-agent`. */
  key: string;
  /** How long the call is expected to wait, in milliseconds. */
  waitMs: number;
}

/** One limit a call must fit under: the rule, and the key it is counted by. */
export interface RateLimitSlot extends RateLimitRule {
  /** What is counted, e.g. `<appId>:standard` or `<appId>:sendMessage:<uid>`. */
  key: string;
}

/** What {@link RateLimitStore.take} answers: `waitMs` 0 when the slots were taken, else how long to wait and for which key. */
export interface RateLimitTake {
  waitMs: number;
  key?: string | undefined;
}

/**
 * Where a governor keeps its counts. The store in memory is the default; `redisRateLimitStore`
 * (`chat-rest-sdk/redis`) shares them across processes. Each method may answer at once or with
 * a promise. A `take` that throws, rejects, or does not answer within the call's time refuses the
 * call with a `RateLimitStoreError`, and nothing is sent.
 */
export interface RateLimitStore {
  /**
   * Names the store in a `RateLimitStoreError` when it fails: where it is, never a credential.
   * `redisRateLimitStore` sets its URL without user, password or query.
   * @default "custom" for a store of your own
   * @example "redis://10.0.0.5:6379/0"
   */
  readonly label?: string;
  /**
   * Takes one request under every slot at once, recorded under `id`, or none of them: answers
   * `{ waitMs: 0 }`, or how long until there may be room and the key that has none. Ids are
   * positive and grow with each request a process makes.
   */
  take(slots: readonly RateLimitSlot[], id: number): RateLimitTake | Promise<RateLimitTake>;
  /** Moves the requests recorded under `id` to now: the answer came, so the service has seen them. */
  settle(slots: readonly RateLimitSlot[], id: number): void | Promise<void>;
  /** Gives no room under `key` for the next `ms` milliseconds (the service answered 429). */
  hold(key: string, ms: number): void | Promise<void>;
  /**
   * Counts as many requests as it takes for `slot` to have at most `remaining` left, as the
   * service said in the answer to one of this store's requests; they free up after `resetMs`, or
   * after the slot's window when it is unknown, while the store's own requests free theirs as they
   * leave the window. The service counted that request before its answer came: compare with what
   * the store held before requests left the window meanwhile (the ones the last `take` kept), or
   * one of them may be counted twice.
   */
  sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): void | Promise<void>;
  /**
   * Optional: calls `listener` with the keys under which another process settled a request, so
   * that the calls waiting on them reckon their wait again at once. Returns what ends it. A store
   * shared across processes has it (the Redis store, over pub/sub); the store in memory needs none.
   * A governor subscribes while calls of its own wait, and ends it when none are left, so the
   * store keeps no client that is no longer used.
   */
  subscribe?(listener: (keys: readonly string[]) => void): () => void;
}
