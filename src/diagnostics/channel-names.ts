// The names of the SDK's TracingChannels of `node:diagnostics_channel`, as subscribers pass them
// to `tracingChannel`: the client, the webhook handler, the OpenTelemetry instrumentation and the
// tests all take them from here, so that a publisher and its subscribers cannot disagree. A module
// of its own, with nothing else in it: the webhooks and OpenTelemetry entries bundle three strings.

/** One message per call, from its single entry in the client. */
export const CALL_CHANNEL = "chat-rest-sdk:call";
/** One message per request sent for a call: a retry is another attempt. */
export const ATTEMPT_CHANNEL = "chat-rest-sdk:attempt";
/** One message per delivery the webhook handler answers. */
export const WEBHOOK_CHANNEL = "chat-rest-sdk:webhook";
