import { ChatConfigError } from "./errors/chat-config-error.js";
import { onBehalfOfIn } from "./on-behalf-of.js";

/** The `params` of an openapi-fetch call, as far as the SDK looks at them. */
export interface CallParams {
  path?: Record<string, unknown>;
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

function namesIn(path: string): string[] {
  if (!path.includes("{")) return [];
  let names = paramNames.get(path);
  if (!names) paramNames.set(path, (names = Array.from(path.matchAll(/\{([^{}]+)\}/g), (m) => m[1]!)));
  return names;
}

// A "." or ".." segment (also percent-encoded, or after a backslash, which URLs read as "/")
// would climb out of the base URL's path once the URL is normalised.
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\?#]|$)/i;
// An unpaired UTF-16 surrogate cannot be percent-encoded: encodeURIComponent throws a URIError.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

function checkTemplate(call: string, path: string): void {
  if (typeof path !== "string" || !path.startsWith("/")) {
    throw new ChatConfigError(`${call}: the path must start with "/", got ${JSON.stringify(path)}.`);
  }
  if (DOT_SEGMENT.test(path)) throw new ChatConfigError(`${call}: the path must not contain "." or ".." segments.`);
}

function checkPathValue(call: string, name: string, value: unknown): void {
  const param = `path parameter "${name}"`;
  if (value === undefined || value === null || value === "") throw new ChatConfigError(`${call}: ${param} is required.`);
  if (typeof value === "number" && Number.isFinite(value)) return;
  if (typeof value !== "string") {
    const got = typeof value === "number" ? value : Array.isArray(value) ? "an array" : typeof value;
    throw new ChatConfigError(`${call}: ${param} must be a string or a finite number, got ${got}.`);
  }
  if (value === "." || value === "..") throw new ChatConfigError(`${call}: ${param} cannot be "${value}".`);
  if (LONE_SURROGATE.test(value)) throw new ChatConfigError(`${call}: ${param} contains an unpaired surrogate, which no URL can carry.`);
}

/**
 * Checks one call's path and parameters and applies the bound user, before openapi-fetch
 * builds the request, and returns the params to send. openapi-fetch would otherwise leave
 * `{id}` in the URL for a missing parameter, and a `..` id would climb out of the resource
 * after URL normalisation: both silently hit a wrong path.
 */
export function prepareParams(method: string, path: string, params: CallParams | undefined, boundUid?: string): CallParams | undefined {
  checkTemplate(`${method.toUpperCase()} ${String(path)}`, path);
  for (const name of namesIn(path)) checkPathValue(`${method.toUpperCase()} ${path}`, name, params?.path?.[name]);
  const header = params?.header;
  if (onBehalfOfIn("params.header", header) !== undefined || boundUid === undefined) return params;
  return { ...params, header: { ...header, onBehalfOf: boundUid } };
}
