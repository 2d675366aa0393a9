import { createHash, randomUUID } from "node:crypto";
import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "../rate-limits/rate-limit-options.js";
import { HOLD, SETTLE, SYNC, TAKE } from "./rate-limit-scripts.js";

/** The version of redis (node-redis) this package is tested with, for the install hint. */
const REDIS_VERSION = "6.3.1";

/** Options of {@link redisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /**
   * The Redis server, as node-redis takes it: `redis[s]://[[user][:password]@]host[:port][/db]`.
   * @default none: required
   * @example "redis://127.0.0.1:6379"
   */
  url: string;
  /**
   * Put before every key the store writes, so that several apps or environments can share a server.
   * In Redis Cluster, give it a hash tag (`{chat}:`): a request's keys are taken in one script, so
   * they must live in one slot.
   * @default "chat-rest-sdk:rate:"
   * @example "staging:chat-rate:"
   */
  prefix?: string;
  /**
   * How long a call waits for the connection to Redis when there is none yet (the first one, or
   * a reconnection under way that has not failed). Past it, or at once when the last attempt
   * failed, the call fails with a `RateLimitStoreError` and is not sent; the store goes on
   * reconnecting in the background, so calls go through again once Redis is back.
   * @default 1_000
   * @example 3_000
   */
  connectTimeoutMs?: number;
  /**
   * How long one command may take to be answered. Past it, the call fails with a
   * `RateLimitStoreError` and is not sent. A call's own `timeoutMs`, `deadlineMs` and `signal`
   * bound the wait too, whichever ends first.
   * @default 1_000
   * @example 250
   */
  commandTimeoutMs?: number;
}

/** A store of rate-limit counts in Redis, which every process given the same server shares. */
export interface RedisRateLimitStore extends RateLimitStore {
  /** The server's URL without user, password or query: what a `RateLimitStoreError` names. */
  readonly label: string;
  take(slots: readonly RateLimitSlot[], id: number): Promise<RateLimitTake>;
  settle(slots: readonly RateLimitSlot[], id: number): Promise<void>;
  hold(key: string, ms: number): Promise<void>;
  sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): Promise<void>;
  /**
   * Closes the connection once the commands under way are done (each within `commandTimeoutMs`).
   * A command started after it fails. Calling it again does nothing more.
   */
  close(): Promise<void>;
}

/** The part of a node-redis client the store uses. */
interface Client {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  sendCommand<T>(args: readonly string[]): Promise<T>;
  close(): Promise<void>;
  destroy(): void;
  on(event: "error", listener: (error: unknown) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
  off(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

async function loadRedis(): Promise<{ createClient(options: object): Client }> {
  try {
    return (await import("redis")) as unknown as { createClient(options: object): Client };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(`redisRateLimitStore needs redis (node-redis): install it with \`npm install redis@${REDIS_VERSION}\`.`);
  }
}

/** The URL without what may be a credential (user, password, query), or "redis" when it is not a URL. */
function labelOf(url: string): string {
  try {
    const at = new URL(url);
    at.username = "";
    at.password = "";
    at.search = "";
    at.hash = "";
    return at.href;
  } catch {
    return "redis";
  }
}

/** Rejects with `message` unless `promise` settles within `ms`. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function checkMs(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !(value > 0 && value <= 2 ** 31 - 1))
    throw new TypeError(`redisRateLimitStore: ${name} must be a number of milliseconds from 1 to 2147483647, got ${String(value)}.`);
  return value;
}

/**
 * A rate-limit store in Redis, for `createChatClient({ rateLimits: { store } })`: every process
 * that uses the same server (and `prefix`) keeps to the same limits. Each operation is one Lua
 * script, so it is atomic and takes one round trip, and it counts on the server's clock. The
 * connection opens on first use and reconnects in the background after a loss; `close()` closes it.
 * A call that the store cannot answer for in time (Redis down, gone, or not answering) fails
 * with a `RateLimitStoreError` and is not sent. Needs the optional peer `redis` (node-redis) 5 or 6.
 *
 * @example
 * const store = redisRateLimitStore({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" });
 * const chat = createChatClient({
 *   appId: "2a1b3c4d",
 *   apiKey: process.env.CHAT_API_KEY!,
 *   rateLimits: { ...serviceRateLimits(), store },
 * });
 * // ... when the process stops:
 * await store.close();
 */
export function redisRateLimitStore(options: RedisRateLimitStoreOptions): RedisRateLimitStore {
  if (!options || typeof options.url !== "string" || !options.url)
    throw new TypeError("redisRateLimitStore: url must be a Redis URL, e.g. redis://127.0.0.1:6379.");
  const prefix = options.prefix ?? "chat-rest-sdk:rate:";
  const connectTimeoutMs = checkMs("connectTimeoutMs", options.connectTimeoutMs) ?? 1_000;
  const commandTimeoutMs = checkMs("commandTimeoutMs", options.commandTimeoutMs) ?? 1_000;
  const label = labelOf(options.url);
  // This process's requests are told apart from other processes' in a shared log by this.
  const self = randomUUID();
  let client: Promise<Client> | undefined;
  // Why the connection is down, from its last failure until it is ready again: a command then
  // fails at once rather than waiting for a reconnection that may never come.
  let down: unknown;
  let connecting: Promise<void> | undefined;
  let closed: Promise<void> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const shas = new Map<string, string>();

  function open(): Promise<Client> {
    return (client ??= loadRedis().then((redis) => {
      // Without the offline queue, a command fails at once while the server is away, rather than
      // holding the call until it is back.
      const created = redis.createClient({ url: options.url, disableOfflineQueue: true, socket: { connectTimeout: connectTimeoutMs } });
      // node-redis emits its connection errors; unheard, an "error" event would end the process.
      created.on("error", (error) => {
        down = error;
      });
      created.on("ready", () => {
        down = undefined;
      });
      // Connects, and after a loss reconnects, in the background with node-redis's backoff: no
      // call waits for it, and once Redis is back calls go through again without a restart.
      created.connect().catch((error: unknown) => {
        // It gave up for good (or was closed): the next command starts a new client.
        down = error;
        if (!closed) client = undefined;
      });
      return created;
    }));
  }

  const notConnected = (cause: unknown) => new Error(`not connected: ${(cause as Error)?.message ?? String(cause)}`, { cause });

  /**
   * Resolves once `redis` is connected; fails at once while it is down, or after `connectTimeoutMs`.
   * The calls that arrive while a connection is under way share one wait (and one pair of listeners).
   */
  function ready(redis: Client): Promise<void> | undefined {
    if (redis.isReady) return undefined;
    if (down !== undefined) return Promise.reject(notConnected(down));
    if (connecting) return connecting;
    let settle: (error?: unknown) => void = () => {};
    const connected = new Promise<void>((resolve, reject) => {
      settle = (error?: unknown) => (error === undefined ? resolve() : reject(notConnected(error)));
      redis.on("ready", settle);
      redis.on("error", settle);
    });
    connecting = within(connected, connectTimeoutMs, `no connection within ${connectTimeoutMs} ms`)
      .catch((error: unknown) => {
        // A connection that is never answered (a server stopped, a dead link) raises no error:
        // until it is ready, the calls after this one fail at once too.
        if (!redis.isReady) down ??= error;
        throw error;
      })
      .finally(() => {
        connecting = undefined;
        redis.off("ready", settle);
        redis.off("error", settle);
      });
    return connecting;
  }

  async function run<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    const redis = await open();
    await ready(redis);
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = sha1(script)));
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    const late = `no answer within ${commandTimeoutMs} ms`;
    try {
      return await within(redis.sendCommand<T>(["EVALSHA", sha, ...tail]), commandTimeoutMs, late);
    } catch (error) {
      // The server forgot the script (a restart, SCRIPT FLUSH): send it whole, which also caches it again.
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return within(redis.sendCommand<T>(["EVAL", script, ...tail]), commandTimeoutMs, late);
    }
  }

  /** Runs a script, counted as in flight until it is done, so that close() waits for it. */
  function command<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    if (closed) return Promise.reject(new Error("redisRateLimitStore: the store is closed."));
    const running = run<T>(script, keys, args);
    inFlight.add(running);
    const done = () => inFlight.delete(running);
    running.then(done, done);
    return running;
  }

  const logKey = (key: string) => `${prefix}log:${key}`;
  const holdKey = (key: string) => `${prefix}hold:${key}`;
  const leftKey = (key: string) => `${prefix}left:${key}`;

  return {
    label,
    async take(slots: readonly RateLimitSlot[], id: number): Promise<RateLimitTake> {
      const keys = slots.flatMap((slot) => [logKey(slot.key), holdKey(slot.key), leftKey(slot.key)]);
      const args = [`${self}:${id}`, ...slots.flatMap((slot) => [slot.limit, slot.windowMs])];
      const [waitMs, blocked] = await command<[number, number]>(TAKE, keys, args);
      return { waitMs: Number(waitMs), key: blocked ? slots[Number(blocked) - 1]!.key : undefined };
    },
    async settle(slots: readonly RateLimitSlot[], id: number): Promise<void> {
      await command(
        SETTLE,
        slots.map((slot) => logKey(slot.key)),
        [`${self}:${id}`],
      );
    },
    async hold(key: string, ms: number): Promise<void> {
      await command(HOLD, [holdKey(key)], [Math.ceil(ms)]);
    },
    async sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): Promise<void> {
      await command(
        SYNC,
        [logKey(slot.key), leftKey(slot.key)],
        [slot.limit, slot.windowMs, remaining, resetMs === undefined ? -1 : Math.ceil(resetMs)],
      );
    },
    close() {
      closed ??= (async () => {
        // Every command under way is done first: a hold still pending (or its script sent again
        // after NOSCRIPT) is written, not dropped. Each is bounded by commandTimeoutMs.
        await Promise.allSettled([...inFlight]);
        const redis = await client?.catch(() => undefined);
        if (!redis) return;
        // close() waits for every reply, and a server that stopped answering sends none.
        const gone = await within(
          redis.close().then(() => true),
          commandTimeoutMs,
          "",
        ).catch(() => false);
        if (!gone)
          try {
            redis.destroy();
          } catch {
            // Already closed.
          }
      })();
      return closed;
    },
  };
}
