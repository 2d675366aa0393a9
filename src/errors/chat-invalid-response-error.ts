import { ChatError } from "./chat-error.js";
import type { FailedCall } from "./chat-api-error.js";

/**
 * Thrown when the service answered 2xx with a body that is not the JSON the spec promises:
 * empty, truncated or HTML; or, from `paginate`, a page without the list's shape (no
 * `meta.pagination`, `data` not an array). Treating it as success would hand the caller
 * `undefined` as data, or iterate over the wrong thing.
 *
 * Also thrown, whatever the status, for a body over `maxResponseBytes`: the download is
 * stopped there, and the call is not retried.
 *
 * @example
 * const error = await unwrap(chat.GET("/users", { maxResponseBytes: 1_048_576 })).catch((e: unknown) => e);
 * if (error instanceof ChatInvalidResponseError) console.error(error.message);
 */
export class ChatInvalidResponseError extends ChatError {
  override name = "ChatInvalidResponseError";
  // Declared, not defined: the constructor assigns every field, so no field initializers are emitted.
  /** HTTP status of the response. */
  declare readonly status: number;
  /** HTTP method of the call. */
  declare readonly method: string;
  /** Path template of the call. */
  declare readonly path: string;

  /**
   * @param detail What arrived, e.g. `an empty body`.
   * @param options.expected What should have arrived instead.
   */
  constructor(status: number, detail: string, call: FailedCall, options?: { cause?: unknown; expected?: string }) {
    super(`${call.method} ${call.path} answered ${status} with ${detail}; expected ${options?.expected ?? "a JSON body"}.`, options);
    this.status = status;
    this.method = call.method;
    this.path = call.path;
  }
}
