import type { Middleware } from "openapi-fetch";

/** What every hook of one call's middleware receives besides the request, as openapi-fetch passes it. */
export interface MiddlewareContext {
  schemaPath: string;
  params: object;
  options: object;
  id: string;
}

/**
 * The call's own Request, made the first time a hook reads it: a hook that never looks (a
 * counter, a timer) then costs no `Request`, and every hook that does gets the same object, as
 * in openapi-fetch. `value` is set once it was made.
 */
export type Lazy<T> = (() => T) & { value?: T };

const LAZY = Symbol();

/**
 * The accessor of a lazy `request`: made when read, holding what is assigned. It is the same
 * on every call, as V8 needs to give every hook argument one shape: accessors made per call give
 * each argument a shape of its own, which the young generation's collections keep alive, with
 * the call's parsed body, until a full collection.
 */
const REQUEST: PropertyDescriptor = {
  get(this: { [LAZY]: Lazy<Request> }) {
    return this[LAZY]();
  },
  set(value) {
    Object.defineProperty(this, "request", { value, writable: true });
  },
};

/** A hook's argument, as openapi-fetch builds it, but for the call's own request, made when first read. */
function hookArgs<T>(fields: { request: Request | Lazy<Request>; [key: string]: unknown }): T {
  // Made an accessor, `request` stays enumerable and configurable, as it was.
  if (typeof fields.request === "function") Object.defineProperties(fields, { request: REQUEST, [LAZY]: { value: fields.request } });
  return fields as T;
}

// The hooks run as openapi-fetch 0.17 runs them (its coreFetch): onRequest in order, onResponse
// and onError in reverse, with the same checks on what a hook returns, so middleware written for
// openapi-fetch behaves the same here. An entry without the hook is skipped (openapi-fetch also
// skips a function that has one; `use()` refuses such an entry in both).

/**
 * Runs the onRequest hooks. A hook may return a new Request, which later hooks see, or a
 * Response, which ends the call without sending anything.
 */
export async function runOnRequest(
  middleware: readonly Middleware[],
  request: Request | Lazy<Request>,
  context: MiddlewareContext,
): Promise<{ request: Request | Lazy<Request>; response?: Response }> {
  for (const m of middleware) {
    if (typeof m?.onRequest !== "function") continue;
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
  request: Request | Lazy<Request>,
  error: unknown,
  context: MiddlewareContext,
): Promise<Response> {
  for (const m of [...middleware].reverse()) {
    if (typeof m?.onError !== "function") continue;
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
  request: Request | Lazy<Request>,
  response: Response | (() => Response),
  context: MiddlewareContext,
): Promise<Response | (() => Response)> {
  for (const m of [...middleware].reverse()) {
    if (typeof m?.onResponse !== "function") continue;
    if (typeof response === "function") response = response();
    const result = await m.onResponse(hookArgs({ request, response, ...context }));
    if (!result) continue;
    if (!(result instanceof Response)) throw new Error("onResponse: must return new Response() when modifying the response");
    response = result;
  }
  return response;
}
