/**
 * Base class of every error this SDK throws on purpose.
 *
 * Catch it to handle anything the SDK raises; use the subclasses to tell
 * configuration mistakes, API failures and network failures apart.
 */
export class ChatError extends Error {
  override name = "ChatError";
}
