import type { CallResult } from "../client/read-result.js";
import { sendCall } from "../client/send-call.js";
import { runAttempt } from "../transport/attempt.js";
import { diagnosticsChannel } from "./diagnostics-channel.js";
import type { Send } from "./traced-call.js";

type Call = Parameters<Send> extends [...infer Head, unknown?] ? Head : never;

/** The channels a client's single entry asks once per call whether anything subscribes to. */
export const callChannel = diagnosticsChannel?.tracingChannel?.("chat-rest-sdk:call");
export const attemptChannel = diagnosticsChannel?.tracingChannel?.("chat-rest-sdk:attempt");

let loading: Promise<typeof import("./traced-call.js")> | undefined;

/**
 * Sends a call under the diagnostics channels. What describes a call is a module of its own,
 * loaded on the first call made while something subscribes: an application that traces nothing
 * never loads it.
 */
export const traceCall = (...call: Call): Promise<CallResult> =>
  (loading ??= import("./traced-call.js")).then((module) => module.tracedCall(runAttempt, sendCall, ...call));
