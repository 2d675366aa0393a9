// The webhook half of the packed-package program: a node:http receiver built from
// `chat-rest-sdk/webhooks`, fed by the test kit's `deliverWebhook` with one of its fixtures.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatError } from "chat-rest-sdk";
import { deliverWebhook, webhookEvents } from "chat-rest-sdk/testing";
import { createWebhookHandler, toNodeHandler, type WebhookPayloadError, webhookEventKey } from "chat-rest-sdk/webhooks";

/** A WebhookPayloadError is a ChatError of the core's, to the compiler as to `instanceof`. */
export const asChatError = (error: WebhookPayloadError): ChatError => error;

export async function webhooks(): Promise<string[]> {
  const keys: string[] = [];
  const handler = createWebhookHandler({
    username: "chat-events",
    password: "s3cret",
    on: {
      message_sent: (event) => {
        keys.push(`${event.data.message.id === "1" ? "" : "wrong id "}${webhookEventKey(event)}`);
      },
    },
  });
  const server = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  try {
    const ok = await deliverWebhook(url, webhookEvents.message_sent, { username: "chat-events", password: "s3cret" });
    const refused = await deliverWebhook(url, webhookEvents.message_sent, { username: "chat-events", password: "guess" });
    return [`webhooks: message_sent ${ok.status} ${keys.join(" ")}`, `webhooks: wrong password ${refused.status}`];
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
