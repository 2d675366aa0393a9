import { ChatConfigError } from "../errors/chat-config-error.js";

/**
 * Refuses headers that name one of the client's credential headers (`apikey`, or `key` and
 * `secret`). Letting them through would send a key the client does not know of, which its
 * redaction could not hide, or silently drop the one the caller meant; so nothing is sent.
 *
 * @param where What the caller called the headers, for the message: `headers` or `params.header`.
 * @param names The header names, in any case.
 * @param credentials The credential header names, in lower case.
 */
export function refuseCredentialHeaders(where: string, names: Iterable<string>, credentials: readonly string[]): void {
  for (const name of names) {
    const lower = name.toLowerCase();
    if (credentials.includes(lower)) throw new ChatConfigError(`${where} must not set ${lower}: the client sends its own credentials.`);
  }
}

/** The names in any form of HeadersInit, a Headers object from another realm included (lower case). */
export function headerNames(headers: HeadersInit): string[] {
  const names: string[] = [];
  new Headers(headers).forEach((_value, name) => {
    names.push(name);
  });
  return names;
}
