import { createHash } from "node:crypto";

// What the Redis rate-limit store and the Redis webhook dedupe share: loading the optional peer,
// bounding a command in time, and naming a script by its SHA-1 for EVALSHA.

/** The version of redis (node-redis) this package is tested with, for the install hint. */
const REDIS_VERSION = "6.3.1";

/**
 * Imports node-redis on first use, so that `chat-rest-sdk/redis` loads without it; `needer` names
 * the function in the error that says how to install it.
 */
export async function loadRedis<Client>(needer: string): Promise<{ createClient(options: object): Client }> {
  try {
    return (await import("redis")) as unknown as { createClient(options: object): Client };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(`${needer} needs redis (node-redis): install it with \`npm install redis@${REDIS_VERSION}\`.`);
  }
}

/** Rejects with `message` unless `promise` settles within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A script's SHA-1, as EVALSHA names it. */
export const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");

/** The part of a node-redis client that {@link connectInBackground} and {@link closeWithin} use. */
interface Connection {
  on(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): unknown;
}

/**
 * Creates a client for `url` and connects it, and after a loss reconnects it, in the background
 * with node-redis's backoff: no command waits for it, and once Redis is back commands go through
 * again without a restart. `down` hears why the connection is down, and `undefined` once it is
 * ready; `gaveUp` is called when node-redis stops trying for good (or was closed).
 */
export function connectInBackground<Client extends Connection>(
  redis: { createClient(options: object): Client },
  url: string,
  connectTimeoutMs: number,
  down: (cause: unknown) => void,
  gaveUp: () => void,
): Client {
  // Without the offline queue, a command fails at once while the server is away, rather than
  // holding its caller until it is back.
  const created = redis.createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: connectTimeoutMs } });
  // node-redis emits its connection errors; unheard, an "error" event would end the process.
  created.on("error", (error) => down(error));
  created.on("ready", () => down(undefined));
  created.connect().catch((error: unknown) => {
    down(error);
    gaveUp();
  });
  return created;
}

/** Closes `client` once its replies are in, or destroys it after `ms`: a server that stopped answering sends none. */
export async function closeWithin(client: Connection, ms: number): Promise<void> {
  const gone = await within(
    client.close().then(() => true),
    ms,
    "",
  ).catch(() => false);
  if (!gone)
    try {
      client.destroy();
    } catch {
      // Already closed.
    }
}
