import type { CallInit } from "../safety/input-checks.js";
import { actingUser } from "../safety/acting-user.js";
import { runAttempt } from "../transport/attempt.js";
import { newCallId } from "./call-id.js";
import { ATTEMPT_CHANNEL, CALL_CHANNEL } from "./channel-names.js";
import { diagnosticsChannel } from "./diagnostics-channel.js";
import type { CallAnswer, SendCall, TracedConfig } from "./diagnostics-types.js";

/** The channels a client's single entry asks once per call whether anything subscribes to. */
export const callChannel = diagnosticsChannel?.tracingChannel?.(CALL_CHANNEL);
export const attemptChannel = diagnosticsChannel?.tracingChannel?.(ATTEMPT_CHANNEL);

/**
 * Sends a call with `send` (the client's sendCall) under the diagnostics channels. What describes
 * a call is a module of its own, loaded on the first call made while something subscribes: an
 * application that traces nothing never loads it. Once loaded, this is the traced call itself:
 * later calls take no promise hop.
 */
export let traceCall = <C extends TracedConfig, R extends CallAnswer>(
  send: SendCall<C, R>,
  config: C,
  method: string,
  path: string,
  init: CallInit | undefined,
  boundUid: string | undefined,
): Promise<R> =>
  import("./traced-call.js").then((module) =>
    (traceCall = module.tracedCall(runAttempt, actingUser, newCallId, [callChannel!, attemptChannel!]))(
      send,
      config,
      method,
      path,
      init,
      boundUid,
    ),
  );
