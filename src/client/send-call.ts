import { isIdempotent } from "../errors/retry-policy.js";
import { newCallId } from "../diagnostics/call-id.js";
import type { CallTrace } from "../diagnostics/diagnostics-types.js";
import { actingUser } from "../safety/acting-user.js";
import { checkCall, type CallInit } from "../safety/input-checks.js";
import type { ParseAs } from "../transport/attempt.js";
import { transport, type InjectedFetch, type TransportCall } from "../transport/transport.js";
import { buildRequest } from "./build-request.js";
import { callSettings } from "./call-settings.js";
import type { ClientConfig } from "./client-config.js";
import { warnIfDeprecated } from "./deprecation.js";
import { checkFinalRequest } from "./final-request.js";
import { sendThroughMiddleware } from "./middleware.js";
import { type CallResult, readResult } from "./read-result.js";

/**
 * Sends one call, the one way every call goes: its options merged, its input checked, its
 * request built once, then its middleware when there is any, or else the transport, then the
 * result read. A traced call's `trace` gives the call its id and its acting user, and runs each attempt.
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
  // call's own sources win over it. A traced call decided it already, to describe the call.
  // checkCall writes the answer into params.header.onBehalfOf, where the governor reads it.
  const user = trace ? trace.user() : actingUser({ as: boundUid, call: init });
  const params = checkCall(method, path, init, config.credentialNames, user);
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
    id: trace?.id ?? newCallId(),
    appId: config.appId,
    attempt: trace?.attempt,
  };
  if (middleware.length) return sendThroughMiddleware(middleware, config, path, params, init, built, call);
  if (built.request) checkFinalRequest(config, built.request, call);
  const { response, body } = await transport(built, call, config.governor, params);
  return readResult(call, response, body);
}
