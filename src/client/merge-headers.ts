import { headerEntries } from "../safety/header-entries.js";

/** Headers as a plain object keyed by lower-case name, which fetch takes as it is. */
export type PlainHeaders = Record<string, string>;

/**
 * Merges headers (an object, pairs or a `Headers`) into `into` as openapi-fetch merges them:
 * `null` removes a header, an array adds each value. Returns `into`.
 */
export function mergeHeaders(into: PlainHeaders, from: unknown): PlainHeaders {
  if (!from || typeof from !== "object") return into;
  for (const [name, value] of headerEntries(from)) {
    const key = name.toLowerCase();
    if (value === null) delete into[key];
    else if (Array.isArray(value)) into[key] = (into[key] === undefined ? [] : [into[key]]).concat(value).join(", ");
    else if (value !== undefined) into[key] = String(value);
  }
  return into;
}
