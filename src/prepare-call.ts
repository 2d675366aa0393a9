import { ChatConfigError } from "./errors/chat-config-error.js";
import { checkOnBehalfOf } from "./on-behalf-of.js";

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

/**
 * Checks one call's parameters and applies the bound user, before openapi-fetch builds the
 * request, and returns the params to send. openapi-fetch would otherwise leave `{id}` in the
 * URL for a missing parameter, and a `..` id would climb out of the resource after URL
 * normalisation: both silently hit a wrong path.
 */
export function prepareParams(method: string, path: string, params: CallParams | undefined, boundUid?: string): CallParams | undefined {
  for (const name of namesIn(path)) {
    const value = params?.path?.[name];
    if (value === undefined || value === null || value === "") {
      throw new ChatConfigError(`${method.toUpperCase()} ${path}: path parameter "${name}" is required.`);
    }
    if (value === "." || value === "..") {
      throw new ChatConfigError(`${method.toUpperCase()} ${path}: path parameter "${name}" cannot be "${value}".`);
    }
  }
  const perCall = params?.header?.onBehalfOf;
  if (perCall !== undefined) {
    checkOnBehalfOf(perCall);
    return params;
  }
  if (boundUid === undefined) return params;
  return { ...params, header: { ...params?.header, onBehalfOf: boundUid } };
}
