import { API_ERROR_CLASSES, type ChatApiError } from "./chat-api-error.js";
import type { ChatConnectionError } from "./chat-connection-error.js";
import type { ChatError } from "./chat-error.js";

// Names, not instanceof: an error from another realm (a vm context, a second copy of the
// package) fails instanceof but is still the same kind of error.
const nameOf = (value: unknown) => (typeof value === "object" && value ? String((value as { name?: unknown }).name) : "");
const isApiErrorName = (name: string) => Object.hasOwn(API_ERROR_CLASSES, name);

/**
 * True for every {@link ChatApiError}, including subclasses and errors from another realm.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatApiError(error) && error.status === 404) console.log(error.code);
 */
export function isChatApiError(value: unknown): value is ChatApiError {
  return isApiErrorName(nameOf(value)) && typeof (value as { status?: unknown }).status === "number";
}

/**
 * True for {@link ChatConnectionError} and {@link ChatTimeoutError}, across realms.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatConnectionError(error)) console.error("no answer after", error.attempts, "attempt(s)");
 */
export function isChatConnectionError(value: unknown): value is ChatConnectionError {
  return /^Chat(Connection|Timeout)Error$/.test(nameOf(value));
}

/**
 * True for any error this SDK throws on purpose, across realms.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (isChatError(error)) console.error(error.name, error.message);
 */
export function isChatError(value: unknown): value is ChatError {
  const name = nameOf(value);
  return isApiErrorName(name) || /^(Chat(|Config|InvalidResponse|Connection|Timeout)|RateLimitStore)Error$/.test(name);
}
