import { brand, ChatError } from "./chat-error.js";
import type { FailedCall } from "./chat-api-error.js";

/**
 * Thrown when no complete response arrived: the connection was refused or reset, the host
 * did not resolve, or the body broke off. `cause` keeps the runtime's original error. The
 * message names the URL tried, without its query, e.g.
 * `GET https://demo.api-us.cometchat.io/v3/users: connection failed (dns, ENOTFOUND) after 1 attempt`.
 *
 * It does not cover a caller's own abort, which stays an `AbortError`.
 *
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (error instanceof ChatConnectionError) console.error(error.message, error.attempts, error.cause);
 */
export class ChatConnectionError extends ChatError {
  override name = "ChatConnectionError";
  // Declared, not defined: the constructor assigns every field, so no field initializers are emitted.
  /** HTTP method of the failed call. */
  declare readonly method: string;
  /** Path template of the failed call. */
  declare readonly path: string;
  /** How many requests were sent before giving up. */
  declare readonly attempts: number;
  /**
   * Whether an attempt of the call may have reached the service and been applied: `true` when a
   * connection closed after the request was written, an attempt had no answer in time, or an
   * earlier attempt was answered with a 5xx; `false` when the service cannot have seen it (the
   * connection was refused, the host did not resolve, the deadline passed before anything was
   * sent). A POST is never repeated while this is `true`; before sending it again yourself, look
   * it up (a UID or GUID that exists answers 409).
   * @example
   * if (error instanceof ChatConnectionError && !error.mayHaveReachedService) await send(); // safe: never applied
   */
  declare readonly mayHaveReachedService: boolean;

  constructor(message: string, call: FailedCall, attempts: number, options?: { cause?: unknown; mayHaveReachedService?: boolean }) {
    super(`${call.method} ${call.url ?? call.path}: ${message}`, options && "cause" in options ? { cause: options.cause } : undefined);
    this.method = call.method;
    this.path = call.path;
    this.attempts = attempts;
    // Unknown is told as "may have": a caller then looks before sending again.
    this.mayHaveReachedService = options?.mayHaveReachedService ?? true;
  }
}
brand(ChatConnectionError, "connection");

/**
 * Thrown when an attempt outlived `timeoutMs`, or the calls as a whole outlived `deadlineMs`.
 * @example
 * const error = await unwrap(chat.GET("/users", { timeoutMs: 2_000, deadlineMs: 5_000 })).catch((e: unknown) => e);
 * if (error instanceof ChatTimeoutError) console.error("gave up:", error.message);
 */
export class ChatTimeoutError extends ChatConnectionError {
  override name = "ChatTimeoutError";
}
