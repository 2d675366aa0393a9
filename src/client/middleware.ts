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
 * that does look gets the same object, as in openapi-fetch.
 */
export class Lazy<T> {
  private value: T | undefined;
  constructor(private readonly make: () => T) {}
  get(): T {
    this.value ??= this.make();
    return this.value;
  }
  /** Whether a hook read it, and so may have changed it in place (a Request's headers, say). */
  get made(): boolean {
    return this.value !== undefined;
  }
}

/** A Request or Response a hook returned, or the call's own, still lazy. */
export type Given<T> = T | Lazy<T>;

/** A hook's argument, as openapi-fetch builds it: plain data properties, a lazy one turning into one when first read or set. */
function hookArgs<T>(fields: Record<string, unknown>): T {
  for (const key in fields) {
    const lazy = fields[key];
    if (!(lazy instanceof Lazy)) continue;
    const settle = (value: unknown) => Object.defineProperty(fields, key, { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(fields, key, {
      enumerable: true,
      configurable: true,
      get: () => settle(lazy.get())[key],
      set: settle,
    });
  }
  return fields as T;
}

/** Whether a hook returned the call's own object (or one it replaced it with) unchanged. */
const same = <T>(result: T, given: Given<T>) => (given instanceof Lazy ? given.made && given.get() === result : given === result);

// The hooks run as openapi-fetch 0.17 runs them (its coreFetch): onRequest in order, onResponse
// and onError in reverse, with the same checks on what a hook returns, so middleware written for
// openapi-fetch behaves the same here.

/**
 * Runs the onRequest hooks. A hook may return a new Request, which later hooks see, or a
 * Response, which ends the call without sending anything. The call's own request stays lazy
 * while the hooks return nothing or that same Request.
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
    if (result instanceof Request) request = same(result, request) ? request : result;
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
  for (let i = middleware.length - 1; i >= 0; i--) {
    const m = middleware[i];
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

/** Runs the onResponse hooks; each may replace the response. The call's own answer stays lazy while none does. */
export async function runOnResponse(
  middleware: readonly Middleware[],
  request: Given<Request>,
  response: Given<Response>,
  context: MiddlewareContext,
): Promise<Given<Response>> {
  for (let i = middleware.length - 1; i >= 0; i--) {
    const m = middleware[i];
    if (!m || typeof m !== "object" || typeof m.onResponse !== "function") continue;
    const result = await m.onResponse(hookArgs({ request, response, ...context }));
    if (!result) continue;
    if (!(result instanceof Response)) throw new Error("onResponse: must return new Response() when modifying the response");
    response = same(result, response) ? response : result;
  }
  return response;
}
