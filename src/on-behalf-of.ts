import { ChatConfigError } from "./errors/chat-config-error.js";

// Header values cannot carry control characters, and fetch would silently trim surrounding
// blanks: either way the call would act as a different user than the one asked for.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this check.
const UNSAFE = /[\u0000-\u001f\u007f]|^\s|\s$/;

/** Checks a UID before it is sent as the `onBehalfOf` header. */
export function checkOnBehalfOf(uid: unknown): string {
  if (typeof uid !== "string" || uid === "") {
    throw new ChatConfigError(`onBehalfOf must be a non-empty UID string, got ${JSON.stringify(uid)}.`);
  }
  if (UNSAFE.test(uid)) {
    throw new ChatConfigError("onBehalfOf must not contain control characters (CR, LF, ...) or leading/trailing spaces.");
  }
  return uid;
}
