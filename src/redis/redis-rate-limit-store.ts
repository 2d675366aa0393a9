import { randomUUID } from "node:crypto";
import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "../rate-limits/rate-limit-options.js";
import { rateLimitScripts } from "./rate-limit-scripts.js";
import { closeWithin, connectInBackground, loadRedis, sha1, within } from "./redis-module.js";

/** Options of {@link redisRateLimitStore}: a `url` to connect to, or a `client` already connected. */
export interface RedisRateLimitStoreOptions {
  /**
   * The Redis server, as node-redis takes it: `redis[s]://[[user][:password]@]host[:port][/db]`.
   * The store opens its own connection, on first use, and `close()` closes it.
   * @default none: give `url` or `client`
   * @example "redis://127.0.0.1:6379"
   */
  url?: string;
  /**
   * A node-redis client, or a cluster from `createCluster`, that the application has connected (as
   * Bottleneck and octokit take a connection). The store sends its scripts on it, and opens one more
   * connection of its own (the client's `duplicate()`; a cluster's own pub/sub) to hear other
   * processes; `close()` closes only that one.
   * @default none: give `url` or `client`
   * @example await createClient({ url: process.env.REDIS_URL }).connect()
   */
  client?: RedisConnection;
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

/** The part of a connected node-redis client (or cluster) the store uses; node-redis 5 and 6 both have it. */
export interface RedisConnection {
  sendCommand(...args: never[]): Promise<unknown>;
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
  duplicate(): Client;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  destroy(): void;
  on(event: "error", listener: (error: unknown) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
  off(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
}

/** The part of a node-redis cluster the store uses: it routes each command by its first key. */
interface Cluster {
  sendCommand<T>(firstKey: string | undefined, isReadonly: boolean | undefined, args: readonly string[]): Promise<T>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  unsubscribe(channel: string, listener: (message: string) => void): Promise<void>;
  getSlotMaster(slot: number): unknown;
}

const isCluster = (connection: unknown): connection is Cluster => typeof (connection as Cluster).getSlotMaster === "function";

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

function checkMs(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !(value > 0 && value <= 2 ** 31 - 1))
    throw new TypeError(`redisRateLimitStore: ${name} must be a number of milliseconds from 1 to 2147483647, got ${String(value)}.`);
  return value;
}

/**
 * A rate-limit store in Redis, for `createChatClient({ rateLimits: { store } })`: every process
 * that uses the same server (and `prefix`) keeps to the same limits. Each operation is one Lua
 * script, so it is atomic and takes one round trip, and it counts on the server's clock. A settled
 * request is published (pub/sub, on `<prefix>settled`), so that the calls another process has
 * waiting on its keys reckon their wait again at once. Give it a `url` (the connection opens on
 * first use, reconnects in the background after a loss, and `close()` closes it) or a connected
 * `client` (node-redis, or a cluster from `createCluster`). A call that the store cannot answer for
 * in time (Redis down, gone, or not answering) fails with a `RateLimitStoreError` and is not sent.
 * Needs the optional peer `redis` (node-redis) 5 or 6.
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
 * // Or on a connection of the application's own, e.g. a cluster from node-redis's createCluster,
 * // connected (a cluster needs a hash tag in `prefix`):
 * // redisRateLimitStore({ client: cluster, prefix: "{chat}:rate:" });
 */
export function redisRateLimitStore(options: RedisRateLimitStoreOptions): RedisRateLimitStore {
  return createRedisRateLimitStore(options);
}

/** The store; with `now`, its scripts count on that clock rather than the server's (for the tests). */
export function createRedisRateLimitStore(options: RedisRateLimitStoreOptions, now?: () => number): RedisRateLimitStore {
  const { TAKE, SETTLE, HOLD, SYNC } = rateLimitScripts(now ? "given" : "server");
  const given = options?.client;
  if (given !== undefined && typeof (given as { sendCommand?: unknown })?.sendCommand !== "function")
    throw new TypeError("redisRateLimitStore: client must be a connected node-redis client or cluster (createClient, createCluster).");
  if (given === undefined && (typeof options?.url !== "string" || !options.url))
    throw new TypeError(
      "redisRateLimitStore: url must be a Redis URL, e.g. redis://127.0.0.1:6379, or client a connected node-redis client.",
    );
  if (given !== undefined && options.url !== undefined) throw new TypeError("redisRateLimitStore: give url or client, not both.");
  const prefix = options.prefix ?? "chat-rest-sdk:rate:";
  const channel = `${prefix}settled`;
  const connectTimeoutMs = checkMs("connectTimeoutMs", options.connectTimeoutMs) ?? 1_000;
  const commandTimeoutMs = checkMs("commandTimeoutMs", options.commandTimeoutMs) ?? 1_000;
  const label = labelOf(options.url ?? "");
  // This process's requests are told apart from other processes' in a shared log by this.
  const self = randomUUID();
  // Numbers the requests each sync counts for others, apart from every request id.
  let syncs = 0;
  // The store's own connection, when given a `url`.
  let client: Promise<Client> | undefined;
  // Why the connection is down, from its last failure until it is ready again: a command then
  // fails at once rather than waiting for a reconnection that may never come.
  let down: unknown;
  let connecting: Promise<void> | undefined;
  /** The connection that hears other processes, and what ends it. */
  let listening: Promise<() => Promise<void>> | undefined;
  let subscriber: Client | undefined;
  let closed: Promise<void> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const listeners = new Set<(keys: readonly string[]) => void>();
  const shas = new Map<string, string>();

  function open(): Promise<Client> {
    return (client ??= loadRedis<Client>("redisRateLimitStore").then((redis) =>
      connectInBackground(
        redis,
        options.url!,
        connectTimeoutMs,
        (cause) => {
          down = cause;
        },
        () => {
          // The next command starts a new client.
          if (!closed) client = undefined;
        },
      ),
    ));
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
    // A connection the application gave is the application's to keep connected.
    const redis = (given as unknown as Client | Cluster | undefined) ?? (await open());
    if (!given) await ready(redis as Client);
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = sha1(script)));
    const tail = [String(keys.length), ...keys, ...args.map(String), ...(now ? [String(now())] : [])];
    const late = `no answer within ${commandTimeoutMs} ms`;
    // A cluster routes a command by its first key; a script's keys share a slot (the prefix's hash tag).
    const send = (command: string[]) =>
      within(isCluster(redis) ? redis.sendCommand<T>(keys[0], false, command) : redis.sendCommand<T>(command), commandTimeoutMs, late);
    try {
      return await send(["EVALSHA", sha, ...tail]);
    } catch (error) {
      // The server forgot the script (a restart, SCRIPT FLUSH): send it whole, which also caches it again.
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return send(["EVAL", script, ...tail]);
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

  /** Subscribes to the settled requests of every process, once: a client's duplicate, or the cluster's own pub/sub. */
  async function listen(): Promise<() => Promise<void>> {
    const redis = (given as unknown as Client | Cluster | undefined) ?? (await open());
    const onMessage = (message: string) => {
      const [from, ...keys] = message.split("\n");
      // This process's own settles already woke its queues.
      if (from === self) return;
      for (const listener of listeners) listener(keys);
    };
    if (isCluster(redis)) {
      await redis.subscribe(channel, onMessage);
      return () => redis.unsubscribe(channel, onMessage);
    }
    const duplicate = (subscriber = redis.duplicate());
    duplicate.on("error", () => {});
    await duplicate.connect();
    await duplicate.subscribe(channel, onMessage);
    return () => duplicate.close();
  }

  const logKey = (key: string) => `${prefix}log:${key}`;
  const holdKey = (key: string) => `${prefix}hold:${key}`;

  return {
    label,
    async take(slots: readonly RateLimitSlot[], id: number): Promise<RateLimitTake> {
      const keys = slots.flatMap((slot) => [logKey(slot.key), holdKey(slot.key)]);
      const args = [`${self}:${id}`, ...slots.flatMap((slot) => [slot.limit, slot.windowMs])];
      const [waitMs, blocked] = await command<[number, number]>(TAKE, keys, args);
      return { waitMs: Number(waitMs), key: blocked ? slots[Number(blocked) - 1]!.key : undefined };
    },
    async settle(slots: readonly RateLimitSlot[], id: number): Promise<void> {
      await command(
        SETTLE,
        slots.map((slot) => logKey(slot.key)),
        [`${self}:${id}`, channel, [self, ...slots.map((slot) => slot.key)].join("\n")],
      );
    },
    async hold(key: string, ms: number): Promise<void> {
      await command(HOLD, [holdKey(key)], [Math.ceil(ms)]);
    },
    async sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): Promise<void> {
      await command(
        SYNC,
        [logKey(slot.key)],
        [slot.limit, slot.windowMs, remaining, resetMs === undefined ? -1 : Math.ceil(resetMs), `${self}:sync:${++syncs}`],
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!closed) {
        listening ??= listen();
        // Without the subscription, waits are still right, only reckoned again later: nothing to report.
        listening.catch(() => {});
      }
      return () => void listeners.delete(listener);
    },
    close() {
      closed ??= (async () => {
        // The subscription ends first, within commandTimeoutMs: one that never connected (Redis
        // down) is dropped, so that its reconnections do not keep the process alive.
        const stop = listening && (await within(listening, commandTimeoutMs, "").catch(() => undefined));
        const stopped =
          stop &&
          (await within(stop(), commandTimeoutMs, "").then(
            () => true,
            () => false,
          ));
        if (!stopped && subscriber)
          try {
            subscriber.destroy();
          } catch {
            // Already closed.
          }
        // Every command under way is done first: a hold still pending (or its script sent again
        // after NOSCRIPT) is written, not dropped. Each is bounded by commandTimeoutMs.
        await Promise.allSettled([...inFlight]);
        // A client the application gave stays open: it is the application's to close.
        const redis = await client?.catch(() => undefined);
        if (!redis) return;
        await closeWithin(redis, commandTimeoutMs);
      })();
      return closed;
    },
  };
}
