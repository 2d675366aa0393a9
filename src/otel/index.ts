export { instrumentChat } from "./instrument-chat.js";
export type { InstrumentChatOptions } from "./instrument-chat.js";
export type { CallDiagnostics, AttemptDiagnostics, CallDescription, Outcome } from "../diagnostics/diagnostics-types.js";
export type { WebhookDiagnostics } from "../webhooks/webhook-diagnostics.js";
