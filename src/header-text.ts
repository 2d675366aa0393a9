// Header values are byte strings: a control character cannot be sent (a CR or LF would start
// another header), and a non-ASCII one goes out as Latin-1 bytes ("josé") or not at all ("用户").
const UNSENDABLE = /[^\u0020-\u007e]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this check.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why `value` cannot be sent as written as a header value, phrased to follow the value's name
 * (`contains a control character, ...`), or `undefined` when it can.
 * @param showChar Name the offending character by code point; never for a credential.
 */
export function headerTextProblem(value: string, showChar: boolean): string | undefined {
  const bad = UNSENDABLE.exec(value)?.[0];
  if (bad !== undefined) {
    const at = showChar ? ` (U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")})` : "";
    return CONTROL.test(bad)
      ? `contains a control character${at}, which a header cannot carry`
      : `contains a non-ASCII character${at}: header values are sent as bytes, so the service would not receive it as written`;
  }
  // fetch strips surrounding blanks from header values, so another value would be sent.
  if (/^\s|\s$/.test(value)) return "has leading or trailing whitespace";
  return undefined;
}
