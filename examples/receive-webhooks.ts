// Receive the service's webhooks on node:http: check the Basic credentials, route each event by its
// trigger, and drop a repeated delivery by its idempotency key. The test kit delivers one event here,
// as the service would.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { deliverWebhook, webhookEvents } from "chat-rest-sdk/testing";
import { createWebhookHandler, toNodeHandler, webhookEventKey } from "chat-rest-sdk/webhooks";

const credentials = { username: "chat-events", password: process.env.CHAT_WEBHOOK_PASSWORD ?? "example-only" };
const handled = new Set<string>(); // use a shared store (Redis, a table) when more than one process receives

const receiver = createWebhookHandler({
  ...credentials,
  on: {
    message_sent: (event) => {
      const key = webhookEventKey(event);
      if (handled.has(key)) return; // the service retries, so an event can arrive twice
      handled.add(key);
      console.log(`Received message_sent: message ${event.data.message.id} from ${event.data.message.sender}.`);
    },
  },
  onError: (error) => console.error("webhook handler failed", error),
});

async function main(): Promise<void> {
  const server = createServer(toNodeHandler(receiver));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/chat`;
  try {
    for (let delivery = 1; delivery <= 2; delivery++) {
      const response = await deliverWebhook(url, webhookEvents.message_sent, credentials);
      console.log(`Delivery ${delivery}: ${response.status}.`);
    }
    console.log(`Handled ${handled.size} event(s).`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
