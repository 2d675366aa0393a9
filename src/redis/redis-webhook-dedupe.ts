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
   * How long a done mark may wait to be sent, in ms. A handled delivery is answered 200 as soon as
   * its handler returns; its done mark is queued and goes out in the same write as this process's
   * next claim (so a claim of the same key from this process always finds it done), or alone once
   * `flushMs` has passed with no claim, or on `close()`. A process that receives deliveries more
   * often than once per `flushMs` thus pays one round trip per delivery. The cost: when the 200 is
   * lost on its way to the service AND this process dies within `flushMs` of sending it, the mark
   * is lost and the service's retry runs the handler again (the gap between a handler's work and its
   * mark, made `flushMs` wider). Meanwhile another process that gets a repeat of the event answers
   * 503 and the service retries it later. The default, 20 ms, batches every mark once a process
   * receives more than 50 deliveries a second, where round trips start to matter, and is shorter
   * than most handlers take, so it adds less to that gap than the handler's own work. Must be less
   * than `leaseMs`.
   * @default 20
   * @example 50
   */
  flushMs?: number;
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
   * claim is left to expire (release, done). A claim given up on this way is released at once on
   * the same connection, so that Redis, should it apply the claim late (after a stall), removes it
   * right after: the service's retry is handled rather than answered 503 for a whole lease.
   * @default 1_000
   * @example 250
   */
  commandTimeoutMs?: number;
}

/** A {@link WebhookDedupe} in Redis, which every process given the same server shares. */
export interface RedisWebhookDedupe extends WebhookDedupe {
  /**
   * Takes no more claims, waits for the handlers still running (until their leases end at the
   * latest, when their claims have ended anyway) so that each is marked done or released when it
   * ends (a claim of your own, made with `claim`, ends with `done` or `release`), sends
   * the done marks still queued (see `flushMs`), waits for the commands under way, and closes the
   * connection it opened from `url`; a client of your own is left open. Call it before the process
   * exits, so that no handled event's mark is lost.
   */
  close(): Promise<void>;
}

/**
 * Keeps webhook keys in Redis, for `createWebhookHandler({ dedupe })` when several processes
 * receive the webhooks: each event is handled by one of them, once. A delivery takes one round trip,
 * before its handler: an atomic Lua script that claims the key with a lease, or reports it done or
 * busy. The done mark after a handler that succeeded is not a round trip of its own: it goes out in
 * the same write as the process's next claim, or alone after `flushMs` (see there for the gap this
 * widens). A handler that throws releases its claim at once. A delivery that cannot reach Redis within
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
  const flushMs = checkDedupeMs(owner, "flushMs", options.flushMs, 20);
  if (flushMs >= leaseMs) throw new TypeError(`${owner}: flushMs (${flushMs}) must be less than leaseMs (${leaseMs}).`);
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
    await within(readyOf(redis), connectTimeoutMs, `${owner}: no connection to Redis within ${connectTimeoutMs} ms`);
    return redis;
  }

  // One wait for the connection, shared by every delivery that arrives while it is being made:
  // a pair of listeners each would pass the client's limit of ten and print a warning.
  let connecting: { redis: OwnClient; ready: Promise<void> } | undefined;
  function readyOf(redis: OwnClient): Promise<void> {
    if (connecting?.redis === redis) return connecting.ready;
    const ready = new Promise<void>((resolve, reject) => {
      const settle = (error?: unknown) => {
        redis.off("ready", settle);
        redis.off("error", settle);
        if (connecting?.ready === ready) connecting = undefined;
        if (error === undefined) resolve();
        else reject(notConnected(error));
      };
      redis.on("ready", settle);
      redis.on("error", settle);
    });
    connecting = { redis, ready };
    return ready;
  }

  const shas = new Map<string, string>();
  const late = `${owner}: no answer from Redis within ${commandTimeoutMs} ms`;
  /** Sends one command, in this tick: commands sent in one tick go to Redis in one write. */
  async function send<T>(redis: RedisWebhookDedupeClient, args: readonly string[], script?: string): Promise<T> {
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

  function track<T>(running: Promise<T>): Promise<T> {
    inFlight.add(running);
    const done = () => inFlight.delete(running);
    running.then(done, done);
    return running;
  }

  // Done marks not sent yet, oldest first. Each rides in the write of the next command this
  // dedupe sends (node-redis writes the commands of one tick together), ahead of it: a claim of a
  // key whose mark is queued here thus finds the key done. Each mark is a command of its own rather
  // than an argument of the claim's script, since a script's keys must share one Redis Cluster slot.
  // The timer sends them alone when no command comes within flushMs.
  let queued: { args: readonly string[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Sends the queued marks, in this tick, ahead of whatever is sent next in it. */
  function sendQueued(redis: RedisWebhookDedupeClient) {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const marks = queued;
    queued = [];
    for (const mark of marks) track(send(redis, mark.args).then(mark.resolve, mark.reject));
  }

  /** Sends the queued marks alone; when Redis cannot be reached, each fails with the cause. */
  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!queued.length) return;
    let redis: RedisWebhookDedupeClient;
    try {
      redis = await connected();
    } catch (error) {
      const marks = queued;
      queued = [];
      for (const mark of marks) mark.reject(error);
      return;
    }
    sendQueued(redis);
  }

  const closedError = () => new Error(`${owner}: the dedupe is closed.`);

  /** Sends one command, with the queued marks ahead of it in the same write. */
  function command<T>(args: readonly string[], script?: string): Promise<T> {
    return track(
      connected().then((redis) => {
        sendQueued(redis);
        return send<T>(redis, args, script);
      }),
    );
  }

  /**
   * Releases `token`'s claim on `key`, whose answer this dedupe gave up waiting for. Redis may
   * still apply that claim (it was stalled, or busy with a long script): it would then hold the
   * key for a whole lease with no handler running, and every retry would get 503. The release
   * goes out at once on the same connection, so Redis applies it after the claim, whenever that
   * is; it removes this token's claim only. It is sent whole (EVAL), since a script missing from
   * the server's cache would otherwise answer NOSCRIPT to a release nobody waits for. When it
   * cannot be written (the connection was lost), it goes ahead of the next command instead.
   */
  function abandon(redis: RedisWebhookDedupeClient, key: string, token: string) {
    const args = ["EVAL", RELEASE, "1", prefix + key, token];
    const ignore = () => {};
    track(
      send(redis, args).catch((error: unknown) => {
        // A release that timed out was written, and Redis applies it in its turn.
        if ((error as Error)?.message === late || closed) return;
        queued.push({ args, resolve: ignore, reject: ignore });
        timer ??= setTimeout(() => void track(flush()), flushMs);
      }),
    );
  }

  // Tokens whose claim this dedupe holds while their handler runs (claimed, not yet done or
  // released), with when their lease ends: close() waits for them, so that a handler still
  // running is marked when it ends.
  const held = new Map<string, number>();
  let noneHeld: (() => void) | undefined;
  function end(token: string) {
    if (held.delete(token) && !held.size) noneHeld?.();
  }

  return {
    claim(key, token): Promise<WebhookClaim> {
      if (closed) return Promise.reject(closedError());
      // Tracked to the end, so that close() sees a claim answered while it waits as held.
      return track(
        connected().then(async (redis) => {
          sendQueued(redis);
          let answer: string;
          try {
            answer = String(await send(redis, ["1", prefix + key, token, String(leaseMs)], CLAIM));
          } catch (error) {
            abandon(redis, key, token);
            throw error;
          }
          if (answer !== "claimed" && answer !== "done" && answer !== "busy") throw new Error(`${owner}: unexpected answer ${answer}`);
          if (answer === "claimed") held.set(token, performance.now() + leaseMs);
          return answer;
        }),
      );
    },
    done(key, token) {
      if (closed && !held.has(token)) return Promise.reject(closedError());
      return new Promise<void>((resolve, reject) => {
        queued.push({ args: ["SET", prefix + key, "done", "PX", String(keepMs)], resolve, reject });
        // After the push: close() sends the queued marks once no handler is left.
        end(token);
        timer ??= setTimeout(() => void track(flush()), flushMs);
      });
    },
    async release(key, token) {
      if (closed && !held.has(token)) throw closedError();
      // At once, not queued: a handler that throws is rare, and a release sent now lets the
      // service's retry be handled even if this process dies before its next claim.
      const sent = command(["1", prefix + key, token], RELEASE);
      end(token);
      await sent;
    },
    close() {
      closed ??= (async () => {
        // Claims under way may yet be answered "claimed": their handlers run, and are waited for.
        while (inFlight.size) await Promise.allSettled([...inFlight]);
        // A handler still running ends with its done mark or release: wait for it, until its
        // lease ends at the latest, when its claim has ended anyway.
        const leaseEnds = Math.max(...held.values()) - performance.now();
        if (leaseEnds > 0) {
          const ended = new Promise<void>((resolve) => {
            noneHeld = resolve;
          });
          await within(ended, Math.ceil(leaseEnds), "").catch(() => {});
        }
        held.clear();
        await flush();
        // A mark sent by the timer's flush joins inFlight while this waits: wait until none is left.
        while (inFlight.size) await Promise.allSettled([...inFlight]);
        const redis = await own?.catch(() => undefined);
        if (!redis) return;
        await closeWithin(redis, commandTimeoutMs);
      })();
      return closed;
    },
  };
}
