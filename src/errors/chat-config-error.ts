import { ChatError } from "./chat-error.js";

/**
 * Thrown synchronously when a client is built, or a call is made, with input
 * that could only produce a wrong request: an app id that is not a host label,
 * an unknown region, a missing key, an empty or multi-line `onBehalfOf`, a
 * missing path parameter, an insecure base URL, a header that would replace
 * the credentials.
 *
 * Nothing has been sent when this is thrown.
 */
export class ChatConfigError extends ChatError {
  override name = "ChatConfigError";
}
