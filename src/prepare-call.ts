import { ChatConfigError } from "./errors/chat-config-error.js";
import { checkOnBehalfOf } from "./on-behalf-of.js";

/** The subset of an openapi-fetch init object that the SDK looks at. */
export interface CallInit {
  params?: { path?: Record<string, unknown>; header?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

const PATH_PARAM = /\{([^{}]+)\}/g;

/**
 * Checks one call's input and applies the bound user, before openapi-fetch builds the request.
 * openapi-fetch would otherwise leave `{id}` in the URL for a missing parameter, and a `..`
 * id would climb out of the resource after URL normalisation: both silently hit a wrong path.
 */
export function prepareCall(method: string, path: string, init: CallInit | undefined, boundUid?: string): CallInit {
  const params = init?.params;
  for (const [, name] of path.matchAll(PATH_PARAM)) {
    const value = params?.path?.[name!];
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
    return init!;
  }
  if (boundUid === undefined) return init ?? {};
  return { ...init, params: { ...params, header: { ...params?.header, onBehalfOf: boundUid } } };
}
