import { type WebhookEventName, webhookEventExamples } from "../../generated/webhook-examples.js";

export type { WebhookEventName };

/**
 * One valid event per trigger the spec knows, by trigger: the payload the service's documentation
 * shows (repaired where it is not valid JSON), or the bare envelope where it shows none. Each one
 * validates against its schema in the spec. Use them to test a receiver offline.
 *
 * @example
 * await deliverWebhook("http://127.0.0.1:3000/webhooks", webhookEvents.message_sent, { username: "chat-events", password: "s3cret" });
 */
export const webhookEvents = webhookEventExamples;
