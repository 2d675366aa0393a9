/**
 * Base class of every error this SDK throws on purpose.
 *
 * Catch it to handle anything the SDK raises; use the subclasses to tell
 * configuration mistakes, API failures and network failures apart.
 *
 * @example
 * try {
 *   await unwrap(chat.GET("/users"));
 * } catch (error) {
 *   if (!(error instanceof ChatError)) throw error; // a bug of ours, not the SDK's
 *   console.error(error.name, error.message);
 * }
 */
export class ChatError extends Error {
  override name = "ChatError";
}
