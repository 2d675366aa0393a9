import type { Middleware } from "openapi-fetch";

/** What every hook of one call's middleware receives besides the request, as openapi-fetch passes it. */
export interface MiddlewareContext {
  schemaPath: string;
  params: object;
  options: object;
  id: string;
}

/**
 * The call's own Request or Response, made the first time a hook reads it. A hook that never
 * looks (a counter, a timer) then costs no `Request` and no copy of the answer, and every hook
 * that does look gets the same object, as in openapi-fetch. `value` is set once one was made.
 */
export type Lazy<T> = (() => T) & { value?: T };

/** `make()`'s result, made once, when first asked for. */
export function lazy<T>(make: () => T): Lazy<T> {
  const get: Lazy<T> = () => (get.value ??= make());
  return get;
}

/** A Request or Response, or the call's own, made when a hook reads it. */
export type Given<T> = T | Lazy<T>;

/** A hook's argument, as openapi-fetch builds it; a lazy `request` or `response` is made when read, and holds what is assigned to it. */
function hookArgs<T>(fields: Record<string, unknown>): T {
  for (const key of ["request", "response"]) {
    const get = fields[key] as Lazy<unknown>;
    if (typeof get === "function")
      // Made an accessor, the property stays enumerable and configurable, as it was.
      Object.defineProperty(fields, key, {
        get,
        set(value) {
          delete fields[key];
          fields[key] = value;
        },
      });
  }
  return fields as T;
}

// The hooks run as openapi-fetch 0.17 runs them (its coreFetch): onRequest in order, onResponse
// and onError in reverse, with the same checks on what a hook returns, so middleware written for
// openapi-fetch behaves the same here.

/**
 * Runs the onRequest hooks. A hook may return a new Request, which later hooks see, or a
 * Response, which ends the call without sending anything.
 */
export async function runOnRequest(
  middleware: readonly Middleware[],
  request: Given<Request>,
  context: MiddlewareContext,
): Promise<{ request: Given<Request>; response?: Response }> {
  for (const m of middleware) {
    if (!m || typeof m !== "object" || typeof m.onRequest !== "function") continue;
    const result = await m.onRequest(hookArgs({ request, ...context }));
    if (!result) continue;
    if (result instanceof Request) request = result;
    else if (result instanceof Response) return { request, response: result };
    else throw new Error("onRequest: must return new Request() or Response() when modifying the request");
  }
  return { request };
}

/** Runs the onError hooks on a failed send: one may answer with a Response, or replace the error; else it is thrown. */
export async function runOnError(
  middleware: readonly Middleware[],
  request: Given<Request>,
  error: unknown,
  context: MiddlewareContext,
): Promise<Response> {
  for (const m of [...middleware].reverse()) {
    if (!m || typeof m !== "object" || typeof m.onError !== "function") continue;
    const result = await m.onError(hookArgs({ request, error, ...context }));
    if (!result) continue;
    if (result instanceof Response) return result;
    if (result instanceof Error) {
      error = result;
      continue;
    }
    throw new Error("onError: must return new Response() or instance of Error");
  }
  throw error;
}

/** Runs the onResponse hooks; each may replace the response. */
export async function runOnResponse(
  middleware: readonly Middleware[],
  request: Given<Request>,
  response: Given<Response>,
  context: MiddlewareContext,
): Promise<Given<Response>> {
  for (const m of [...middleware].reverse()) {
    if (!m || typeof m !== "object" || typeof m.onResponse !== "function") continue;
    const result = await m.onResponse(hookArgs({ request, response, ...context }));
    if (!result) continue;
    if (!(result instanceof Response)) throw new Error("onResponse: must return new Response() when modifying the response");
    response = result;
  }
  return response;
}
