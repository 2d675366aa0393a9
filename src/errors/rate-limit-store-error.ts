import { ChatError } from "./chat-error.js";

/**
 * Thrown, with nothing sent, when a client's `rateLimits` store could not say whether a call has
 * room: it failed (a Redis that is down, gone mid-run, or refused the command), or it did not
 * answer within the call's `timeoutMs`, what was left of its `deadlineMs`, or its own timeouts.
 * The limits are then unknown, so the call is refused rather than sent (it fails closed).
 * `store` names the store (for Redis, its URL without credentials) and `cause` keeps its error.
 * The message says so, e.g.
 * `POST /users: not sent: the rate-limit store redis://127.0.0.1:6379 failed: no answer within 500 ms, the call's timeoutMs`.
 *
 * @example
 * const error = await chat.POST("/users", { body: { uid: "ana", name: "Ana" } }).catch((e: unknown) => e);
 * if (error instanceof RateLimitStoreError) console.error("rate-limit store down:", error.store, error.cause);
 */
export class RateLimitStoreError extends ChatError {
  override name = "RateLimitStoreError";
  // Declared, not defined: the governor, a module of its own, sets them, so the client's bundle
  // carries no constructor for them.
  /** HTTP method of the call that was not sent. */
  declare readonly method: string;
  /** Path template of the call that was not sent. */
  declare readonly path: string;
  /** The store that failed: its `label`, e.g. `redis://127.0.0.1:6379`, never a credential. */
  declare readonly store: string;
}
