import type { Middleware } from "openapi-fetch";
import type { CallInit, CallParams } from "../safety/input-checks.js";
import { transport, type TransportCall } from "../transport/transport.js";
import { type BuiltRequest, requestOf } from "./build-request.js";
import type { ClientConfig } from "./client-config.js";
import { checkFinalRequest } from "./final-request.js";
import { type CallResult, readable, readBody, readResult } from "./read-result.js";

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

/**
 * What goes on the wire once onRequest ran. The call's own request is sent as built, with
 * `fetch(url, init)` as without middleware, and with the headers of its Request when a hook
 * read it (a hook may set one in place and return nothing or the same Request). A Request
 * that a hook returned instead carries its own body; the built one was serialized once.
 */
async function outgoingAfter(config: ClientConfig, built: BuiltRequest, own: Lazy<Request>, request: Request, call: TransportCall) {
  const made = own.value;
  // `request` is `own` itself while no hook read it.
  if (request !== (own as unknown) && request !== made) {
    checkFinalRequest(config, request, call);
    return { ...built, body: request.body && (await request.clone().arrayBuffer()), request };
  }
  // Its URL and method are the built ones, which a hook cannot change: only the headers can be.
  if (!made) return built;
  // An injected fetch takes a Request anyway, and a form's type must name the boundary of the Blob
  // the transport sends: both get a copy of the Request the hooks saw, with what they set on it.
  if (call.fetch || built.body instanceof FormData) return { ...built, request: made };
  return { ...built, init: { ...built.init, headers: made.headers } };
}

/**
 * Sends a call through its middleware, as openapi-fetch's core loop does: the onRequest hooks,
 * then the transport unless a hook answered, then onError on a failed send and onResponse, and
 * the result read from the answer the hooks leave. `call.id` ties the hooks of one call together.
 */
export async function sendThroughMiddleware(
  middleware: readonly Middleware[],
  config: ClientConfig,
  path: string,
  params: CallParams,
  init: CallInit | undefined,
  built: BuiltRequest,
  call: TransportCall,
): Promise<CallResult> {
  // A stream can be read once; a hook may read the Request after it was sent, so the bytes are what both get.
  if (built.body instanceof ReadableStream) built.body = built.init.body = await new Response(built.body).arrayBuffer();
  const context: MiddlewareContext = {
    schemaPath: path,
    params,
    options: Object.freeze({
      baseUrl: config.baseUrl,
      fetch: call.fetch ?? fetch,
      parseAs: call.parseAs,
      querySerializer: init?.querySerializer ?? config.querySerializer,
      bodySerializer: init?.bodySerializer ?? config.bodySerializer,
      pathSerializer: init?.pathSerializer ?? config.pathSerializer,
    }),
    // As openapi-fetch makes it: an id that ties one call's hooks together (the call's own).
    id: call.id!,
  };
  const callRequest: Lazy<Request> = () => (callRequest.value ??= built.request ?? requestOf(built.url, built.init));
  let request: Request | Lazy<Request>;
  let response: Response | (() => Response) | undefined;
  ({ request, response } = await runOnRequest(middleware, callRequest, context));
  let result: CallResult | undefined;
  if (!response) {
    try {
      const delivered = await transport(
        await outgoingAfter(config, built, callRequest, request as Request, call),
        call,
        config.governor,
        params,
      );
      // The service's own answer is checked and parsed before middleware sees it, as it is without middleware.
      result = readResult(call, delivered.response, delivered.body);
      // The transport read the body: onResponse hooks get a copy they can read again, made when the
      // first one runs, which is then the result's response.
      response = () => (result!.response = readable(delivered.response, delivered.body));
    } catch (error) {
      response = await runOnError(middleware, request, error, context);
    }
    response = await runOnResponse(middleware, request, response, context);
  }
  // No onResponse hook ran: the answer parsed above.
  if (typeof response === "function") return result!;
  if (response === result?.response) {
    // A hook that read its body without a clone left nothing to read: the same TypeError as in openapi-fetch.
    if (response.bodyUsed) await readBody(call, response);
    return result;
  }
  return readResult(call, response, await readBody(call, response), false);
}
