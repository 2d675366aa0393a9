import { ChatConfigError } from "../errors/chat-config-error.js";
import { actingUser } from "./acting-user.js";
import { checkCall, type CallInit } from "../safety/input-checks.js";
import { isIdempotent } from "../transport/retry-policy.js";
import type { ParseAs } from "../transport/attempt.js";
import { transport, type InjectedFetch, type TransportCall } from "../transport/transport.js";
import { type BuiltRequest, buildRequest, requestOf } from "./build-request.js";
import { callSettings } from "./call-settings.js";
import type { ClientConfig } from "./client-config.js";
import { warnIfDeprecated } from "./deprecation.js";
import { type Lazy, runOnError, runOnRequest, runOnResponse, type MiddlewareContext } from "./middleware.js";
import { type CallResult, readable, readBody, readResult } from "./read-result.js";
import type { CallTrace } from "../diagnostics/diagnostics-types.js";

/**
 * Middleware may replace the request. The credentials go only to the client's own origin,
 * and an auth-only client's request must still be one of its operations once middleware ran.
 */
function checkFinalRequest(config: ClientConfig, request: Request, call: TransportCall): void {
  const { origin, pathname } = new URL(request.url);
  if (origin !== config.origin)
    throw new ChatConfigError(`${call.method} ${call.path}: middleware sent the request to ${origin}, not the client's origin.`);
  const { allows, basePath } = config;
  if (allows && !(pathname.startsWith(basePath) && allows(request.method, pathname.slice(basePath.length))))
    throw new ChatConfigError(
      `${call.method} ${call.path}: middleware turned the request into ${request.method} ${pathname}, which this client may not send.`,
    );
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
 * Sends one call, the one way every call goes: its options merged, its input checked, its
 * request built once, middleware run when there is any, then the transport, then the result read.
 * A traced call's `trace` gives the call its id and runs each attempt.
 */
export async function sendCall(
  config: ClientConfig,
  method: string,
  path: string,
  init: CallInit | undefined,
  boundUid: string | undefined,
  trace?: CallTrace,
): Promise<CallResult> {
  const { options, logger, userAgent } = callSettings(config, init);
  warnIfDeprecated(method, path, logger);
  // The client's user (from its options, or as()) was decided when the client was built; the
  // call's own sources win over it. checkCall writes the answer into params.header.onBehalfOf,
  // where the governor reads it.
  const params = checkCall(method, path, init, config.credentialNames, actingUser({ as: boundUid, call: init }));
  const own = init?.middleware as ClientConfig["middleware"] | undefined;
  // A copy, as openapi-fetch takes one: a hook that ejects middleware must not make the next one
  // skipped. Most calls have none, and then there is nothing to copy.
  const middleware = config.middleware.length || own?.length ? [...config.middleware, ...(own ?? [])] : config.middleware;
  const built = buildRequest(config, method, path, params, init, userAgent);
  const call: TransportCall = {
    method,
    path,
    idempotent: isIdempotent(method, options.idempotent),
    options,
    secrets: config.secrets,
    logger,
    fetch: (init?.fetch as InjectedFetch | undefined) ?? config.fetch,
    requestInitExt: config.requestInitExt,
    parseAs: (init?.parseAs as ParseAs | undefined) ?? "json",
    // The call's id, for its log lines and middleware hooks; a traced call brings its own. Made for
    // every call: cheaper in the bundle than making it only where something shows it.
    id: Math.random().toString(36).slice(2, 11),
    ...trace,
  };
  if (!middleware.length) {
    if (built.request) checkFinalRequest(config, built.request, call);
    const { response, body } = await transport(built, call, config.governor, params);
    return readResult(call, response, body);
  }

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
