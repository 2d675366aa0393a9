import { ChatConfigError } from "../errors/chat-config-error.js";
import { checkHeaderText } from "./header-text.js";

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
  if (!trimmed) throw new ChatConfigError(`${name} is required and must be a non-empty string.`);
  return checkHeaderText(name, trimmed, false);
}
