import { ChatConfigError } from "../errors/chat-config-error.js";
import { checkCall, type CallInit } from "../safety/input-checks.js";
import { isIdempotent } from "../transport/retry-policy.js";
import { transport, type InjectedFetch, type ParseAs, type TransportCall } from "../transport/transport.js";
import { buildRequest } from "./build-request.js";
import { callSettings } from "./call-settings.js";
import type { ClientConfig } from "./client-config.js";
import { warnIfDeprecated } from "./deprecation.js";
import { runOnError, runOnRequest, runOnResponse, type MiddlewareContext } from "./middleware.js";
import { type CallResult, readable, readBody, readResult } from "./read-result.js";

/**
 * Middleware may replace the request. The credentials go only to the client's own origin,
 * and an auth-only client's request must still be one of its operations once middleware ran.
 */
function checkFinalRequest(config: ClientConfig, request: Request, call: TransportCall): void {
  const url = new URL(request.url);
  if (url.origin !== config.origin)
    throw new ChatConfigError(`${call.method} ${call.path}: middleware sent the request to ${url.origin}, not the client's origin.`);
  const path = url.pathname.startsWith(config.basePath) ? url.pathname.slice(config.basePath.length) : undefined;
  if (config.allows && (path === undefined || !config.allows(request.method, path)))
    throw new ChatConfigError(
      `${call.method} ${call.path}: middleware turned the request into ${request.method} ${url.pathname}, which this client may not send.`,
    );
}

/**
 * Sends one call, the one way every call goes: its options merged, its input checked, its
 * request built once, middleware run when there is any, then the transport, then the result read.
 */
export async function sendCall(
  config: ClientConfig,
  method: string,
  path: string,
  init: CallInit | undefined,
  boundUid: string | undefined,
): Promise<CallResult> {
  const settings = callSettings(config, init);
  warnIfDeprecated(method, path, settings.logger);
  const { params } = checkCall(method, path, init, config.credentialNames, boundUid);
  const own = init?.middleware as ClientConfig["middleware"] | undefined;
  // A copy, as openapi-fetch takes one: a hook that ejects middleware must not make the next one
  // skipped. Most calls have none, and then there is nothing to copy.
  const middleware = config.middleware.length || own?.length ? [...config.middleware, ...(own ?? [])] : config.middleware;
  const built = buildRequest(config, method, path, params, init, settings.userAgent, middleware.length > 0);
  const call: TransportCall = {
    method,
    path,
    idempotent: isIdempotent(method, settings.options.idempotent),
    options: settings.options,
    secrets: config.secrets,
    logger: settings.logger,
    fetch: (init?.fetch as InjectedFetch | undefined) ?? config.fetch,
    requestInitExt: config.requestInitExt,
    parseAs: (init?.parseAs as ParseAs | undefined) ?? "json",
  };
  let { request } = built;
  if (!request || !middleware.length) {
    if (request) checkFinalRequest(config, request, call);
    const { response, body } = await transport(built, call, config.governor, params);
    return readResult(call, response, body);
  }

  const context: MiddlewareContext = {
    schemaPath: path,
    params,
    options: Object.freeze({
      baseUrl: config.baseUrl,
      fetch: call.fetch ?? globalThis.fetch,
      parseAs: call.parseAs,
      querySerializer: init?.querySerializer ?? config.querySerializer,
      bodySerializer: init?.bodySerializer ?? config.bodySerializer,
      pathSerializer: init?.pathSerializer ?? config.pathSerializer,
    }),
    // As openapi-fetch makes it: an id that ties one call's hooks together.
    id: Math.random().toString(36).slice(2, 11),
  };
  let response: Response | undefined;
  ({ request, response } = await runOnRequest(middleware, request, context));
  if (!response) {
    try {
      checkFinalRequest(config, request, call);
      // A Request that middleware replaced carries its own body; the built one was serialized once.
      const body = request === built.request ? built.body : request.body && (await request.clone().arrayBuffer());
      const delivered = await transport({ ...built, body, request }, call, config.governor, params);
      // The service's own answer is checked before middleware sees it, as it is without middleware.
      if (delivered.response.ok) readResult(call, delivered.response, delivered.body);
      response = readable(delivered.response, delivered.body);
    } catch (error) {
      response = await runOnError(middleware, request, error, context);
    }
    response = await runOnResponse(middleware, request, response, context);
  }
  return readResult(call, response, await readBody(call, response), false);
}
