import { ChatError } from "./chat-error.js";

/**
 * Thrown when a client is built, or a call is made (the call's promise rejects),
 * with input that could only produce a wrong request: an app id that is not a
 * host label, an unknown region, a missing key or one with control or non-ASCII
 * characters, an `onBehalfOf` that is not valid header text (under any casing of
 * the name), a path that does not start with `/` or has a `..` segment, a path
 * parameter that is missing, `.` or `..`, not a string or finite number, or not
 * encodable, a path that would leave the base URL (`//host`, a tab or a line break), an
 * insecure base URL, a header that would replace the credentials, a method or header that
 * fetch would throw on (not a token, `CONNECT`, `TRACE`, `TRACK`, a value with CR, LF, NUL
 * or a character above U+00FF), a `formDataBody` field that is neither text nor a Blob.
 * Its message says what is wrong, and never quotes a credential.
 *
 * Nothing has been sent when this is thrown.
 *
 * @example
 * try {
 *   createChatClient({ appId: "my app", apiKey: process.env.CHAT_API_KEY! });
 * } catch (error) {
 *   if (error instanceof ChatConfigError) console.error(error.message); // appId must be a single host-name label, got "my app".
 * }
 */
export class ChatConfigError extends ChatError {
  override name = "ChatConfigError";
}
