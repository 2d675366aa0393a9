import type { ChatApiError } from "./chat-api-error.js";
import type { ChatConnectionError } from "./chat-connection-error.js";
import { type ChatError, ERROR_BRAND } from "./chat-error.js";

// A brand under a Symbol.for key, not instanceof: an error from another realm (a vm context, a
// second copy of the package) fails instanceof but carries the same brand.
const brandOf = (value: unknown) => (value as { [ERROR_BRAND]?: unknown } | null | undefined)?.[ERROR_BRAND];

/**
 * True for every {@link ChatApiError}, including subclasses and errors from another realm.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatApiError(error) && error.status === 404) console.log(error.code);
 */
export function isChatApiError(value: unknown): value is ChatApiError {
  return brandOf(value) === "api";
}

/**
 * True for {@link ChatConnectionError} and {@link ChatTimeoutError}, across realms.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatConnectionError(error)) console.error("no answer after", error.attempts, "attempt(s)");
 */
export function isChatConnectionError(value: unknown): value is ChatConnectionError {
  return brandOf(value) === "connection";
}

/**
 * True for any error this SDK throws on purpose, across realms.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatError(error)) console.error(error.name, error.message);
 */
export function isChatError(value: unknown): value is ChatError {
  return !!brandOf(value);
}
