/**
 * The key of the brand every error of the SDK carries, under `Symbol.for`, which is the same in
 * every realm and every copy of the package: what `isChatError` and the other guards read, where
 * `instanceof` fails. `"api"` for a ChatApiError, `"connection"` for a ChatConnectionError.
 */
export const ERROR_BRAND: unique symbol = Symbol.for("chat-rest-sdk.error") as never;

/**
 * Puts the brand `family` on the prototype of `errorClass`. Not a member of the class's type: an
 * entry point whose declarations carry a copy of ChatError (chat-rest-sdk/webhooks) keeps errors
 * that type-check as the core's.
 */
export const brand = (errorClass: { prototype: object }, family: string) => {
  // A symbol key: no JSON, Object.keys or for...in sees it.
  (errorClass.prototype as Record<symbol, string>)[ERROR_BRAND] = family;
};

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
brand(ChatError, "error");
