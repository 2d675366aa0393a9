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
