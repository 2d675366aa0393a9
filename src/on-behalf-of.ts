import { ChatConfigError } from "./errors/chat-config-error.js";

// C0 controls, DEL and C1 controls: a header cannot carry them, and a CR or LF would start a new header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this check.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// After CONTROL, so only characters past "~" are left to find.
const NON_ASCII = /[^\u0020-\u007e]/;
const EDGE_SPACE = /^\s|\s$/;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** Checks a UID before it is sent as the `onBehalfOf` header, and returns it. */
export function checkOnBehalfOf(uid: unknown): string {
  if (typeof uid !== "string" || uid === "") {
    throw new ChatConfigError(`onBehalfOf must be a non-empty UID string, got ${JSON.stringify(uid) ?? String(uid)}.`);
  }
  const control = CONTROL.exec(uid)?.[0];
  if (control !== undefined) {
    throw new ChatConfigError(
      `onBehalfOf ${JSON.stringify(uid)} contains a control character (${codePoint(control)}), which a header cannot carry.`,
    );
  }
  const nonAscii = NON_ASCII.exec(uid)?.[0];
  if (nonAscii !== undefined) {
    // Header values are byte strings: "josé" would go out as one Latin-1 byte for "é", and "用户" not at all.
    throw new ChatConfigError(
      `onBehalfOf ${JSON.stringify(uid)} contains a non-ASCII character (${codePoint(nonAscii)}): header values are sent as bytes, so the service would not receive this UID as written.`,
    );
  }
  // fetch strips surrounding blanks from header values: the call would act as another user than the one asked for.
  if (EDGE_SPACE.test(uid)) throw new ChatConfigError(`onBehalfOf ${JSON.stringify(uid)} has leading or trailing whitespace.`);
  return uid;
}

const NAME = "onbehalfof";

/**
 * The `onBehalfOf` value that a set of headers carries, under any casing of the name (HTTP
 * header names are case-insensitive, so `onbehalfof` and `ONBEHALFOF` are the same header):
 * checked with {@link checkOnBehalfOf}, or `undefined` when the headers do not set it.
 * Takes a plain object (such as `params.header`), a `Headers` or an array of pairs.
 *
 * @param where What the caller called the headers, for the message: `headers` or `params.header`.
 * @throws ChatConfigError when the value is not valid header text, or the name is set twice.
 */
export function onBehalfOfIn(where: string, headers: unknown): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  if (typeof (headers as Headers).get === "function" && typeof (headers as Headers).forEach === "function") {
    const value = (headers as Headers).get(NAME);
    return value === null ? undefined : checkOnBehalfOf(value);
  }
  const entries = Array.isArray(headers) ? (headers as [string, unknown][]) : Object.entries(headers);
  let found: { name: string; value: unknown } | undefined;
  for (const [name, value] of entries) {
    // openapi-fetch skips a header whose value is undefined.
    if (value === undefined || String(name).toLowerCase() !== NAME) continue;
    if (found) throw new ChatConfigError(`${where} sets onBehalfOf twice (as ${found.name} and ${name}).`);
    found = { name, value };
  }
  return found && checkOnBehalfOf(found.value);
}
