import { ChatConfigError } from "../errors/chat-config-error.js";

/**
 * Checks that `value` can be sent as written as a header value, and returns it.
 * Header values are byte strings: a control character cannot be sent (a CR or LF would start
 * another header), a non-ASCII one goes out as Latin-1 bytes ("josé") or not at all ("用户"),
 * and fetch strips surrounding blanks.
 *
 * @param label Names the value at the start of the message, e.g. `apiKey` or `onBehalfOf "x"`.
 * @param showChar Name the offending character by code point; never for a credential.
 * @throws ChatConfigError saying what is wrong.
 */
export function checkHeaderText(label: string, value: string, showChar: boolean): string {
  const bad = /[^ -~]/.exec(value)?.[0];
  let problem = /^ | $/.test(value) && "has leading or trailing whitespace";
  if (bad) {
    const code = bad.charCodeAt(0);
    const at = showChar ? ` (U+${code.toString(16).toUpperCase().padStart(4, "0")})` : "";
    problem = `contains a ${code < 32 || (code < 160 && code > 126) ? "control" : "non-ASCII"} character${at}, which a header cannot carry as written`;
  }
  if (problem) throw new ChatConfigError(`${label} ${problem}.`);
  return value;
}
