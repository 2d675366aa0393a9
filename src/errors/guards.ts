import type { ChatApiError } from "./chat-api-error.js";
import type { ChatConnectionError } from "./chat-connection-error.js";
import type { ChatError } from "./chat-error.js";

const API_ERROR_NAMES = new Set([
  "ChatApiError",
  "BadRequestError",
  "AuthenticationError",
  "PermissionDeniedError",
  "NotFoundError",
  "ConflictError",
  "UnprocessableEntityError",
  "RateLimitError",
  "InternalServerError",
]);

// Names, not instanceof: an error from another realm (a vm context, a second copy of the
// package) fails instanceof but is still the same kind of error.
const nameOf = (value: unknown) => (typeof value === "object" && value !== null ? (value as { name?: unknown }).name : undefined);

/** True for every {@link ChatApiError}, including subclasses and errors from another realm. */
export function isChatApiError(value: unknown): value is ChatApiError {
  return API_ERROR_NAMES.has(nameOf(value) as string) && typeof (value as { status?: unknown }).status === "number";
}

/** True for {@link ChatConnectionError} and {@link ChatTimeoutError}, across realms. */
export function isChatConnectionError(value: unknown): value is ChatConnectionError {
  const name = nameOf(value);
  return name === "ChatConnectionError" || name === "ChatTimeoutError";
}

/** True for any error this SDK throws on purpose, across realms. */
export function isChatError(value: unknown): value is ChatError {
  const name = nameOf(value);
  return (
    typeof name === "string" &&
    (API_ERROR_NAMES.has(name) ||
      isChatConnectionError(value) ||
      ["ChatError", "ChatConfigError", "ChatInvalidResponseError"].includes(name))
  );
}
