export { startMockServer } from "./start-mock-server.js";
export type { MockServer, MockServerOptions } from "./start-mock-server.js";
export { webhookEvents } from "./webhook-events.js";
export type { WebhookEventName } from "./webhook-events.js";
export { deliverWebhook } from "./deliver-webhook.js";
export type { DeliverWebhookOptions } from "./deliver-webhook.js";
