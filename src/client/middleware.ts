import type { Middleware } from "openapi-fetch";

/** What every hook of one call's middleware receives besides the request, as openapi-fetch passes it. */
export interface MiddlewareContext {
  schemaPath: string;
  params: object;
  options: object;
  id: string;
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
  request: Request,
  context: MiddlewareContext,
): Promise<{ request: Request; response?: Response }> {
  for (const m of middleware) {
    if (!m || typeof m !== "object" || typeof m.onRequest !== "function") continue;
    const result = await m.onRequest({ request, ...context } as Parameters<NonNullable<Middleware["onRequest"]>>[0]);
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
  request: Request,
  error: unknown,
  context: MiddlewareContext,
): Promise<Response> {
  for (let i = middleware.length - 1; i >= 0; i--) {
    const m = middleware[i];
    if (!m || typeof m !== "object" || typeof m.onError !== "function") continue;
    const result = await m.onError({ request, error, ...context } as Parameters<NonNullable<Middleware["onError"]>>[0]);
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
  request: Request,
  response: Response,
  context: MiddlewareContext,
): Promise<Response> {
  for (let i = middleware.length - 1; i >= 0; i--) {
    const m = middleware[i];
    if (!m || typeof m !== "object" || typeof m.onResponse !== "function") continue;
    const result = await m.onResponse({ request, response, ...context } as Parameters<NonNullable<Middleware["onResponse"]>>[0]);
    if (!result) continue;
    if (!(result instanceof Response)) throw new Error("onResponse: must return new Response() when modifying the response");
    response = result;
  }
  return response;
}
