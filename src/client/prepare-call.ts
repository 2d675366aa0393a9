import { ChatConfigError } from "../errors/chat-config-error.js";
import { onBehalfOfIn } from "../safety/on-behalf-of.js";

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

/**
 * Checks one call's path and parameters and applies the bound user, before openapi-fetch
 * builds the request, and returns the params to send. openapi-fetch would otherwise leave
 * `{id}` in the URL for a missing parameter, and a `..` id would climb out of the resource
 * after URL normalisation: both silently hit a wrong path.
 */
export function prepareParams(method: string, path: string, params: CallParams | undefined, boundUid?: string): CallParams | undefined {
  const refuse = (problem: string): never => {
    throw new ChatConfigError(`${method.toUpperCase()} ${String(path)}: ${problem}.`);
  };
  if (typeof path !== "string" || path[0] !== "/") refuse(`the path must start with "/", got ${JSON.stringify(path)}`);
  if (DOT_SEGMENT.test(path)) refuse(`the path must not contain "." or ".." segments`);
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
  const header = params?.header;
  if (onBehalfOfIn("params.header", header) !== undefined || boundUid === undefined) return params;
  return { ...params, header: { ...header, onBehalfOf: boundUid } };
}
