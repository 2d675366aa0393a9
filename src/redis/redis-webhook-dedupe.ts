import { checkDedupeMs, DEFAULT_KEEP_MS, DEFAULT_LEASE_MS, type WebhookClaim, type WebhookDedupe } from "../webhooks/webhook-dedupe.js";
import { CLAIM, RELEASE } from "./webhook-dedupe-scripts.js";
import { closeWithin, connectInBackground, loadRedis, sha1, within } from "./redis-module.js";

/** The part of a node-redis client the dedupe uses; a client of your own (`client`) needs no more. */
export interface RedisWebhookDedupeClient {
  readonly isReady: boolean;
  sendCommand<T>(args: readonly string[]): Promise<T>;
}

interface OwnClient extends RedisWebhookDedupeClient {
  connect(): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  on(event: "error", listener: (error: unknown) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
  off(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
}

/** Options of {@link redisWebhookDedupe}: a `url` to connect to, or a `client` already connected. */
export interface RedisWebhookDedupeOptions {
  /**
   * The Redis server, as node-redis takes it: `redis[s]://[[user][:password]@]host[:port][/db]`.
   * The dedupe opens its own connection on first use; `close()` closes it.
   * @default none: give `url` or `client`
   * @example "redis://127.0.0.1:6379"
   */
  url?: string;
  /**
   * A node-redis client of your own, connected (and closed) by you. `connectTimeoutMs` does not
   * apply to it: a delivery that finds it not ready gets 503 at once.
   * @default none: give `url` or `client`
   * @example await createClient({ url: process.env.REDIS_URL }).connect()
   */
  client?: RedisWebhookDedupeClient;
  /**
   * Put before every key, so that several apps or environments can share a server.
   * @default "chat-rest-sdk:webhook:"
   * @example "staging:chat-webhook:"
   */
  prefix?: string;
  /**
   * How long a claim holds when its process dies mid-handler, in ms: after it, the service's next
   * retry is handled. Also the longest a handler may take: one still running past it may see its
   * event handled a second time by a retry. Keep it under 40 s, the time from a failed delivery to
   * the service's last retry, or the event of a process that died is not retried in time.
   * @default 30_000
   * @example 20_000
   */
  leaseMs?: number;
  /**
   * How long a handled event's key is kept, in ms: longer than the service goes on retrying (its
   * last retry comes about 40 s after the first failure).
   * @default 120_000 (2 minutes)
   * @example 3_600_000
   */
  keepMs?: number;
  /**
   * How long a delivery waits for the connection to Redis when there is none yet. Past it, or at
   * once when the last attempt failed, the delivery gets 503 and its handler does not run; the
   * connection is retried in the background.
   * @default 1_000
   * @example 3_000
   */
  connectTimeoutMs?: number;
  /**
   * How long one command may take to be answered. Past it the delivery gets 503 (claim), or its
   * claim is left to expire (release, done).
   * @default 1_000
   * @example 250
   */
  commandTimeoutMs?: number;
}

/** A {@link WebhookDedupe} in Redis, which every process given the same server shares. */
export interface RedisWebhookDedupe extends WebhookDedupe {
  /** Closes the connection it opened from `url`, once the commands under way are done; a client of your own is left open. */
  close(): Promise<void>;
}

/**
 * Keeps webhook keys in Redis, for `createWebhookHandler({ dedupe })` when several processes
 * receive the webhooks: each event is handled by one of them, once. A delivery takes one round trip
 * before its handler (an atomic Lua script that claims the key with a lease, or reports it done or
 * busy) and one after (done, or release). A delivery that cannot reach Redis within
 * `connectTimeoutMs` + `commandTimeoutMs` gets 503 and is retried by the service. Needs the
 * optional peer `redis` (node-redis) 5 or 6.
 *
 * @example
 * import { redisWebhookDedupe } from "chat-rest-sdk/redis";
 * import { createWebhookHandler } from "chat-rest-sdk/webhooks";
 *
 * export const POST = createWebhookHandler({
 *   username: "chat-events",
 *   password: process.env.CHAT_WEBHOOK_PASSWORD!,
 *   dedupe: redisWebhookDedupe({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }),
 *   on: { message_sent: (event) => console.log("handled once, by one process:", event.data.message.id) },
 * });
 */
export function redisWebhookDedupe(options: RedisWebhookDedupeOptions): RedisWebhookDedupe {
  const owner = "redisWebhookDedupe";
  if (!options || (typeof options.url !== "string" || !options.url) === (options.client === undefined))
    throw new TypeError(`${owner}: give either url (a Redis URL, e.g. redis://127.0.0.1:6379) or client (a node-redis client).`);
  const prefix = options.prefix ?? "chat-rest-sdk:webhook:";
  const leaseMs = checkDedupeMs(owner, "leaseMs", options.leaseMs, DEFAULT_LEASE_MS);
  const keepMs = checkDedupeMs(owner, "keepMs", options.keepMs, DEFAULT_KEEP_MS);
  const connectTimeoutMs = checkDedupeMs(owner, "connectTimeoutMs", options.connectTimeoutMs, 1_000);
  const commandTimeoutMs = checkDedupeMs(owner, "commandTimeoutMs", options.commandTimeoutMs, 1_000);
  const url = options.url;
  let own: Promise<OwnClient> | undefined;
  // Why the connection is down, from its last failure until it is ready again: a delivery then
  // gets 503 at once rather than waiting for a reconnection that may never come.
  let down: unknown;
  let closed: Promise<void> | undefined;
  const inFlight = new Set<Promise<unknown>>();

  function open(): Promise<OwnClient> {
    return (own ??= loadRedis<OwnClient>("redisWebhookDedupe").then((redis) =>
      connectInBackground(
        redis,
        url!,
        connectTimeoutMs,
        (cause) => {
          down = cause;
        },
        () => {
          if (!closed) own = undefined;
        },
      ),
    ));
  }

  const notConnected = (cause: unknown) =>
    new Error(`${owner}: not connected to Redis: ${(cause as Error)?.message ?? String(cause)}`, { cause });

  async function connected(): Promise<RedisWebhookDedupeClient> {
    if (options.client) {
      if (!options.client.isReady) throw new Error(`${owner}: the Redis client is not connected.`);
      return options.client;
    }
    const redis = await open();
    if (redis.isReady) return redis;
    if (down !== undefined) throw notConnected(down);
    let settle: (error?: unknown) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      settle = (error?: unknown) => (error === undefined ? resolve() : reject(notConnected(error)));
      redis.on("ready", settle);
      redis.on("error", settle);
    });
    try {
      await within(ready, connectTimeoutMs, `${owner}: no connection to Redis within ${connectTimeoutMs} ms`);
    } finally {
      redis.off("ready", settle);
      redis.off("error", settle);
    }
    return redis;
  }

  const shas = new Map<string, string>();
  async function run<T>(args: readonly string[], script?: string): Promise<T> {
    const redis = await connected();
    const late = `${owner}: no answer from Redis within ${commandTimeoutMs} ms`;
    if (!script) return within(redis.sendCommand<T>(args), commandTimeoutMs, late);
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = sha1(script)));
    try {
      return await within(redis.sendCommand<T>(["EVALSHA", sha, ...args]), commandTimeoutMs, late);
    } catch (error) {
      // The server forgot the script (a restart, SCRIPT FLUSH): send it whole, which caches it again.
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return within(redis.sendCommand<T>(["EVAL", script, ...args]), commandTimeoutMs, late);
    }
  }

  function command<T>(args: readonly string[], script?: string): Promise<T> {
    if (closed) return Promise.reject(new Error(`${owner}: the dedupe is closed.`));
    const running = run<T>(args, script);
    inFlight.add(running);
    const done = () => inFlight.delete(running);
    running.then(done, done);
    return running;
  }

  return {
    async claim(key, token): Promise<WebhookClaim> {
      const answer = String(await command(["1", prefix + key, token, String(leaseMs)], CLAIM));
      if (answer !== "claimed" && answer !== "done" && answer !== "busy") throw new Error(`${owner}: unexpected answer ${answer}`);
      return answer;
    },
    async done(key) {
      await command(["SET", prefix + key, "done", "PX", String(keepMs)]);
    },
    async release(key, token) {
      await command(["1", prefix + key, token], RELEASE);
    },
    close() {
      closed ??= (async () => {
        await Promise.allSettled([...inFlight]);
        const redis = await own?.catch(() => undefined);
        if (!redis) return;
        await closeWithin(redis, commandTimeoutMs);
      })();
      return closed;
    },
  };
}
