import type { CallResult } from "../client/read-result.js";
import { sendCall } from "../client/send-call.js";
import { runAttempt } from "../transport/attempt.js";
import { diagnosticsChannel } from "./diagnostics-channel.js";

type Call = Parameters<typeof sendCall> extends [...infer Head, unknown?] ? Head : never;

/** The channels a client's single entry asks once per call whether anything subscribes to. */
export const callChannel = diagnosticsChannel?.tracingChannel?.("chat-rest-sdk:call");
export const attemptChannel = diagnosticsChannel?.tracingChannel?.("chat-rest-sdk:attempt");

/**
 * Sends a call under the diagnostics channels. What describes a call is a module of its own,
 * loaded on the first call made while something subscribes: an application that traces nothing
 * never loads it. Once loaded, this is the traced call itself: later calls take no promise hop.
 */
export let traceCall = (...call: Call): Promise<CallResult> =>
  import("./traced-call.js").then((module) => (traceCall = module.tracedCall(runAttempt, sendCall))(...call));
