/** The key of the brand every error of the SDK carries: see {@link ChatError}. */
export const ERROR_BRAND: unique symbol = Symbol.for("chat-rest-sdk.error") as never;

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
  /**
   * The family of the error, under a key from `Symbol.for`, which is the same in every realm and
   * every copy of the package: what `isChatError` and the other guards read, where `instanceof`
   * fails. `"api"` for a {@link ChatApiError}, `"connection"` for a {@link ChatConnectionError}.
   */
  get [ERROR_BRAND](): string {
    return "error";
  }
}
