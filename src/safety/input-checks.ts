import { headerEntries } from "./header-entries.js";
import { ChatConfigError } from "../errors/chat-config-error.js";

// Every check of caller input, in the order a call meets them: first what a client is built
// from (credentials, base URL, headers), then what each call brings (method, onBehalfOf, path and
// parameters, headers). Each throws a ChatConfigError before anything is sent, and no message
// quotes a credential.

/**
 * Checks that `value` can be sent as written as a header value, and returns it.
 * Header values are byte strings: a control character cannot be sent (a CR or LF would start
 * another header), a non-ASCII one goes out as Latin-1 bytes ("josé") or not at all ("用户"),
 * and fetch strips surrounding blanks.
 *
 * @param label Names the value at the start of the message, e.g. `apiKey` or `onBehalfOf "x"`.
 * @param showChar Name the offending character by code point; never for a credential.
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

// 1. The client's options.

/**
 * Checks a credential (an API key, a management key or secret) and returns it without
 * surrounding whitespace, such as the newline of a key read from a file: the client sends that
 * value, and redacts that value, so an echo of what was sent is always masked.
 *
 * @param name The option's name, for the message: `apiKey`, `key` or `secret`.
 */
export function checkCredential(name: string, value: unknown): string {
  const trimmed = typeof value === "string" ? value.trim() : "";
  if (!trimmed) throw new ChatConfigError(`${name} is required and must be a non-empty string.`);
  return checkHeaderText(name, trimmed, false);
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a caller-supplied base URL: HTTPS, or plain HTTP to this machine only, because the
 * API key travels in a header and must never cross a network in clear text.
 */
export function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ChatConfigError(`baseUrl is not an absolute URL: ${JSON.stringify(raw)}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ChatConfigError("baseUrl must not contain credentials, a query or a fragment.");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.test(url.hostname))) {
    throw new ChatConfigError(`baseUrl must use https: (http: only for a loopback host), got ${url.protocol}//${url.host}.`);
  }
  return url.href.replace(/\/+$/, "");
}

/** Checks a UID before it is sent as the `onBehalfOf` header, and returns it. */
export function checkOnBehalfOf(uid: unknown): string {
  if (typeof uid !== "string" || uid === "") {
    throw new ChatConfigError(`onBehalfOf must be a non-empty UID string, got ${JSON.stringify(uid) ?? String(uid)}.`);
  }
  return checkHeaderText(`onBehalfOf ${JSON.stringify(uid)}`, uid, true);
}

const ON_BEHALF_OF = "onbehalfof";

/**
 * The `onBehalfOf` value that a set of headers carries, under any casing of the name (HTTP
 * header names are case-insensitive, so `onbehalfof` and `ONBEHALFOF` are the same header):
 * checked with {@link checkOnBehalfOf}, or `undefined` when the headers do not set it.
 * Takes a plain object (such as `params.header`), a `Headers` or an array of pairs.
 *
 * @param where What the caller called the headers, for the message: `headers` or `params.header`.
 */
export function onBehalfOfIn(where: string, headers: unknown): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  if (typeof (headers as Headers).get === "function" && typeof (headers as Headers).forEach === "function") {
    const value = (headers as Headers).get(ON_BEHALF_OF);
    return value === null ? undefined : checkOnBehalfOf(value);
  }
  let found: { name: string; value: unknown } | undefined;
  for (const [name, value] of headerEntries(headers)) {
    // openapi-fetch skips a header whose value is undefined.
    if (value === undefined || String(name).toLowerCase() !== ON_BEHALF_OF) continue;
    if (found) throw new ChatConfigError(`${where} sets onBehalfOf twice (as ${found.name} and ${name}).`);
    found = { name, value };
  }
  return found && checkOnBehalfOf(found.value);
}

/**
 * Refuses headers that name one of the client's credential headers (`apikey`, or `key` and
 * `secret`). Letting them through would send a key the client does not know of, which its
 * redaction could not hide, or silently drop the one the caller meant; so nothing is sent.
 *
 * @param where What the caller called the headers, for the message: `headers` or `params.header`.
 * @param credentials The credential header names, in lower case.
 */
export function refuseCredentialHeaders(where: string, headers: object, credentials: readonly string[]): void {
  // A Headers object from another realm fails instanceof, so it is recognised by its forEach.
  const names: string[] = Array.isArray(headers) ? headers.map(([name]) => name) : Object.keys(headers);
  if (!Array.isArray(headers) && typeof (headers as Headers).forEach === "function")
    (headers as Headers).forEach((_value, name) => void names.push(name));
  for (const name of names) {
    const lower = String(name).toLowerCase();
    if (credentials.includes(lower)) throw new ChatConfigError(`${where} must not set ${lower}: the client sends its own credentials.`);
  }
}

// fetch refuses these before sending anything: a method that is not a token, or CONNECT, TRACE
// or TRACK; a header name that is not a token, or a value with a control character other than
// tab or a character above U+00FF. U+0085 is refused too: fetch strips it without a word.
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const BAD_VALUE = /[\0-\x08\n-\x1f\x7f\x85\u0100-\uffff]/;

/**
 * Refuses headers (an object, pairs or a `Headers`) that fetch would throw on; the message names
 * the header, never its value. Refused here, the call fails at once instead of after retries.
 */
export function checkHeaders(where: string, headers: object): void {
  for (const [name, value] of headerEntries(headers))
    if (!TOKEN.test(name) || BAD_VALUE.test(value as string))
      throw new ChatConfigError(`${where}: fetch cannot send header ${JSON.stringify(name)}.`);
}

// 2. Each call.

/** The `params` of an openapi-fetch call, as far as the SDK looks at them. */
export interface CallParams {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The subset of an openapi-fetch init object that the SDK looks at. */
export interface CallInit {
  params?: CallParams;
  [key: string]: unknown;
}

// The parameter names of each path template, found once: a client calls few templates, often.
// Only templates are kept, so a caller passing ready-made paths cannot grow the map.
const paramNames = new Map<string, string[]>();

// The parameter check reads names as written in the template, so the operators of label,
// matrix and explode styles ({.id}, {;id}, {id*}) are not part of a name.
function namesIn(path: string): string[] {
  if (!path.includes("{")) return [];
  let names = paramNames.get(path);
  if (!names) paramNames.set(path, (names = Array.from(path.matchAll(/\{[.;]?([^{}]+?)\*?\}/g), (m) => m[1]!)));
  return names;
}

// A "." or ".." segment (also percent-encoded, or after a backslash, which URLs read as "/")
// would climb out of the base URL's path once the URL is normalised.
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\?#]|$)/i;
// fetch drops tabs and newlines from a URL, so "/.\t./x" would climb out of the base URL's
// path, and "//host" or "/\\host" reads as another host to anything that resolves it.
const ESCAPING_PATH = /^\/[\\/]|[\t\n\r]/;
// An unpaired UTF-16 surrogate cannot be percent-encoded: encodeURIComponent throws a URIError.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * Checks one call's method, path, parameters and headers, and returns the params to send, the
 * bound user applied. Without it openapi-fetch would leave `{id}` in the URL for a missing
 * parameter, and a `..` id would climb out of the resource once the URL is normalised: both
 * silently hit a wrong path.
 *
 * @param credentials The client's credential header names, which no call may set.
 * @param user The user the call acts as, as `actingUser` decided it from every source.
 */
export function checkCall(
  method: string,
  path: string,
  init: CallInit | undefined,
  credentials: readonly string[],
  user: string | undefined,
): CallParams {
  const refuse = (problem: string): never => {
    throw new ChatConfigError(`${method} ${String(path)}: ${problem}.`);
  };
  // The client's base URL went through checkBaseUrl; a per-call one would skip it and the auth-only allow-list.
  if (init?.baseUrl !== undefined) refuse("baseUrl is a client option, not a per-call one");
  if (typeof method !== "string" || !TOKEN.test(method) || /^(CONNECT|TRACE|TRACK)$/.test(method))
    throw new ChatConfigError(`${JSON.stringify(method)} is not a method fetch can send.`);
  if (typeof path !== "string" || path[0] !== "/") refuse(`the path must start with "/", got ${JSON.stringify(path)}`);
  if (DOT_SEGMENT.test(path)) refuse(`the path must not contain "." or ".." segments`);
  const params = init?.params;
  for (const name of namesIn(path)) {
    const value = params?.path?.[name];
    const param = `path parameter "${name}"`;
    if (value === undefined || value === null || value === "") refuse(`${param} is required`);
    if (typeof value === "number" ? !Number.isFinite(value) : typeof value !== "string") {
      refuse(
        `${param} must be a string or a finite number, got ${typeof value === "number" ? value : Array.isArray(value) ? "an array" : typeof value}`,
      );
    }
    if (value === "." || value === "..") refuse(`${param} cannot be "${value}"`);
    if (LONE_SURROGATE.test(value as string)) refuse(`${param} contains an unpaired surrogate, which no URL can carry`);
  }
  if (ESCAPING_PATH.test(path)) throw new ChatConfigError(`${method}: the path must stay under the base URL, got ${JSON.stringify(path)}.`);
  const header = params?.header;
  if (init?.headers) {
    checkHeaders("headers", init.headers as object);
    refuseCredentialHeaders("headers", init.headers as object, credentials);
  }
  if (header) {
    checkHeaders("params.header", header);
    refuseCredentialHeaders("params.header", header, credentials);
  }
  // The user goes into params.header as onBehalfOf, whatever casing the caller used: buildRequest
  // merges params.header last, so it is what is sent whatever the client's headers say, and the
  // governor reads the user there. A casing of the caller's own names the same user.
  if (user === undefined) return params ?? {};
  return { ...params, header: { ...header, onBehalfOf: user } };
}
