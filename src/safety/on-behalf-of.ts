import { ChatConfigError } from "../errors/chat-config-error.js";
import { checkHeaderText } from "./header-text.js";

/** Checks a UID before it is sent as the `onBehalfOf` header, and returns it. */
export function checkOnBehalfOf(uid: unknown): string {
  if (typeof uid !== "string" || uid === "") {
    throw new ChatConfigError(`onBehalfOf must be a non-empty UID string, got ${JSON.stringify(uid) ?? String(uid)}.`);
  }
  return checkHeaderText(`onBehalfOf ${JSON.stringify(uid)}`, uid, true);
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
