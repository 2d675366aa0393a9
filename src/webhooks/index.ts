export { verifyWebhookAuth } from "./verify-webhook-auth.js";
export type { WebhookCredentials } from "./verify-webhook-auth.js";
export { parseWebhookEvent } from "./parse-webhook-event.js";
export { WebhookPayloadError } from "./webhook-payload-error.js";
export { webhookEventKey } from "./webhook-event-key.js";
export { createWebhookHandler } from "./create-webhook-handler.js";
export type {
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookEventHandlers,
  WebhookAppsHandlerOptions,
  WebhookAppOptions,
  WebhookAppEventHandlers,
} from "./create-webhook-handler.js";
export type { WebhookDiagnostics } from "./webhook-diagnostics.js";
export { toNodeHandler } from "./to-node-handler.js";
export type { NodeWebhookHandler } from "./to-node-handler.js";
export type {
  WebhookEvent,
  WebhookTrigger,
  WebhookEventOf,
  UnknownWebhookEvent,
  UnknownTrigger,
  ParsedWebhookEvent,
} from "./webhook-event.js";
export { memoryWebhookDedupe } from "./memory-webhook-dedupe.js";
export type { MemoryWebhookDedupe, MemoryWebhookDedupeOptions } from "./memory-webhook-dedupe.js";
export type { WebhookDedupe, WebhookClaim } from "./webhook-dedupe.js";
