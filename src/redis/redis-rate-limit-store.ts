import { createHash, randomUUID } from "node:crypto";
import type { RateLimitSlot, RateLimitStore, RateLimitTake } from "../rate-limits/rate-limit-options.js";
import { rateLimitScripts } from "./rate-limit-scripts.js";

/** The version of redis (node-redis) this package is tested with, for the install hint. */
const REDIS_VERSION = "6.3.1";

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
}

/** The part of a connected node-redis client (or cluster) the store uses; node-redis 5 and 6 both have it. */
export interface RedisConnection {
  sendCommand(...args: never[]): Promise<unknown>;
}

/** A store of rate-limit counts in Redis, which every process given the same server shares. */
export interface RedisRateLimitStore extends RateLimitStore {
  /** Closes the connection, once the commands under way are answered. Calling it again does nothing more. */
  close(): Promise<void>;
}

/** The part of a node-redis client the store uses. */
interface Client {
  connect(): Promise<unknown>;
  sendCommand<T>(args: readonly string[]): Promise<T>;
  close(): Promise<void>;
  duplicate(): Client;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  on(event: "error", listener: (error: unknown) => void): unknown;
}

/** The part of a node-redis cluster the store uses: it routes each command by its first key. */
interface Cluster {
  sendCommand<T>(firstKey: string | undefined, isReadonly: boolean | undefined, args: readonly string[]): Promise<T>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  unsubscribe(channel: string, listener: (message: string) => void): Promise<void>;
  getSlotMaster(slot: number): unknown;
}

const isCluster = (connection: unknown): connection is Cluster => typeof (connection as Cluster).getSlotMaster === "function";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

async function connect(url: string): Promise<Client> {
  let redis: { createClient(options: object): Client };
  try {
    redis = (await import("redis")) as unknown as typeof redis;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(`redisRateLimitStore needs redis (node-redis): install it with \`npm install redis@${REDIS_VERSION}\`.`);
  }
  // Without the offline queue, a command fails at once while the server is away, rather than
  // holding the call until it is back.
  const client = redis.createClient({ url, disableOfflineQueue: true });
  // node-redis emits its connection errors; unheard, an "error" event would end the process.
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * A rate-limit store in Redis, for `createChatClient({ rateLimits: { store } })`: every process
 * that uses the same server (and `prefix`) keeps to the same limits. Each operation is one Lua
 * script, so it is atomic and takes one round trip, and it counts on the server's clock. A settled
 * request is published (pub/sub, on `<prefix>settled`), so that the calls another process has
 * waiting on its keys reckon their wait again at once. Give it a `url` (the connection opens on
 * first use; `close()` closes it) or a connected `client` (node-redis, or a cluster from
 * `createCluster`). Needs the optional peer `redis` (node-redis) 5 or 6.
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
  // This process's requests are told apart from other processes' in a shared log by this.
  const self = randomUUID();
  let client: Promise<Client | Cluster> | undefined = given && Promise.resolve(given as unknown as Client | Cluster);
  /** The connection that hears other processes, and what ends it. */
  let listening: Promise<() => Promise<void>> | undefined;
  let closed: Promise<void> | undefined;
  const listeners = new Set<(keys: readonly string[]) => void>();
  const shas = new Map<string, string>();

  async function run<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    if (closed) throw new Error("redisRateLimitStore: the store is closed.");
    client ??= connect(options.url!);
    const redis = await client;
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = sha1(script)));
    const tail = [String(keys.length), ...keys, ...args.map(String), ...(now ? [String(now())] : [])];
    // A cluster routes a command by its first key; a script's keys share a slot (the prefix's hash tag).
    const send = (command: string[]) => (isCluster(redis) ? redis.sendCommand<T>(keys[0], false, command) : redis.sendCommand<T>(command));
    try {
      return await send(["EVALSHA", sha, ...tail]);
    } catch (error) {
      // The server forgot the script (a restart, SCRIPT FLUSH): send it whole, which also caches it again.
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return send(["EVAL", script, ...tail]);
    }
  }

  /** Subscribes to the settled requests of every process, once: a client's duplicate, or the cluster's own pub/sub. */
  async function listen(): Promise<() => Promise<void>> {
    client ??= connect(options.url!);
    const redis = await client;
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
    const subscriber = redis.duplicate();
    subscriber.on("error", () => {});
    await subscriber.connect();
    await subscriber.subscribe(channel, onMessage);
    return () => subscriber.close();
  }

  const logKey = (key: string) => `${prefix}log:${key}`;
  const holdKey = (key: string) => `${prefix}hold:${key}`;
  const leftKey = (key: string) => `${prefix}left:${key}`;

  return {
    async take(slots: readonly RateLimitSlot[], id: number): Promise<RateLimitTake> {
      const keys = slots.flatMap((slot) => [logKey(slot.key), holdKey(slot.key), leftKey(slot.key)]);
      const args = [`${self}:${id}`, ...slots.flatMap((slot) => [slot.limit, slot.windowMs])];
      const [waitMs, blocked] = await run<[number, number]>(TAKE, keys, args);
      return { waitMs: Number(waitMs), key: blocked ? slots[Number(blocked) - 1]!.key : undefined };
    },
    async settle(slots: readonly RateLimitSlot[], id: number): Promise<void> {
      await run(
        SETTLE,
        slots.map((slot) => logKey(slot.key)),
        [`${self}:${id}`, channel, [self, ...slots.map((slot) => slot.key)].join("\n")],
      );
    },
    async hold(key: string, ms: number): Promise<void> {
      await run(HOLD, [holdKey(key)], [Math.ceil(ms)]);
    },
    async sync(slot: RateLimitSlot, remaining: number, resetMs: number | undefined): Promise<void> {
      await run(
        SYNC,
        [logKey(slot.key), leftKey(slot.key)],
        [slot.limit, slot.windowMs, remaining, resetMs === undefined ? -1 : Math.ceil(resetMs)],
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
        const stop = listening && (await listening.catch(() => undefined));
        await stop?.().catch(() => {});
        // A client the application gave stays open: it is the application's to close.
        if (client && !given) await client.then((redis) => (redis as Client).close()).catch(() => {});
      })();
      return closed;
    },
  };
}
