import { ChatConfigError } from "./errors/chat-config-error.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this check.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// After CONTROL, so only characters past "~" are left to find.
const NON_ASCII = /[^\u0020-\u007e]/;

/**
 * Checks a credential (an API key, a management key or secret) and returns it without
 * surrounding whitespace, such as the newline of a key read from a file: the client sends that
 * value, and redacts that value, so an echo of what was sent is always masked.
 *
 * The messages never quote the credential: a config error is logged more often than not.
 *
 * @param name The option's name, for the message: `apiKey`, `key` or `secret`.
 * @throws ChatConfigError when the value is not a non-empty string, or holds a control character
 * (CR, LF, NUL, ...) or a non-ASCII character, which a header cannot carry as written.
 */
export function checkCredential(name: string, value: unknown): string {
  const trimmed = typeof value === "string" ? value.trim() : "";
  if (trimmed === "") throw new ChatConfigError(`${name} is required and must be a non-empty string.`);
  if (CONTROL.test(trimmed)) {
    throw new ChatConfigError(
      `${name} contains a control character (CR, LF, NUL, ...), which a header cannot carry; check how it was read.`,
    );
  }
  if (NON_ASCII.test(trimmed)) {
    throw new ChatConfigError(
      `${name} contains a non-ASCII character: header values are sent as bytes, so the service would not receive it as written.`,
    );
  }
  return trimmed;
}
