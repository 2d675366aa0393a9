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
  on(event: "error", listener: (error: unknown) => void): unknown;
}

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
 * script, so it is atomic and takes one round trip, and it counts on the server's clock. The
 * connection opens on first use; `close()` closes it. Needs the optional peer `redis` (node-redis) 5 or 6.
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
  // This process's requests are told apart from other processes' in a shared log by this.
  const self = randomUUID();
  let client: Promise<Client> | undefined;
  let closed: Promise<void> | undefined;
  const shas = new Map<string, string>();

  async function run<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    if (closed) throw new Error("redisRateLimitStore: the store is closed.");
    client ??= connect(options.url);
    const redis = await client;
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = sha1(script)));
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await redis.sendCommand<T>(["EVALSHA", sha, ...tail]);
    } catch (error) {
      // The server forgot the script (a restart, SCRIPT FLUSH): send it whole, which also caches it again.
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return redis.sendCommand<T>(["EVAL", script, ...tail]);
    }
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
        [`${self}:${id}`],
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
    close() {
      closed ??= client ? client.then((redis) => redis.close()).catch(() => {}) : Promise.resolve();
      return closed;
    },
  };
}
