// The marketplace's one webhook receiver, for every tenant app: an Express 5 server that checks
// each delivery against the credentials of the app it names, handles each event once across all
// its processes (one Redis), and records what it did in Redis (`marketplace:handled:<appId>`, one
// entry per event, by its key), where the order pages and the audit read it. Run several of these
// behind a load balancer; each prints `port <n>` once listening.
//
//   TENANT_HOOKS='{"shop-eu":{"username":"eu-hook","password":"..."},"shop-us":{...}}' \
//   REDIS_URL=redis://127.0.0.1:6379 PORT=0 node receiver.js
//
// CRASH_ON_TEXT (a drill, for the test that runs this example): the first process to handle a
// message with that text, among all of them, dies in the middle of its handler, holding its claim.
import type { AddressInfo } from "node:net";
import express from "express";
import { createClient } from "redis";
import { redisWebhookDedupe } from "chat-rest-sdk/redis";
import {
  createWebhookHandler,
  type ParsedWebhookEvent,
  toNodeHandler,
  webhookEventKey,
  type WebhookCredentials,
} from "chat-rest-sdk/webhooks";

const hooks = JSON.parse(process.env.TENANT_HOOKS ?? "{}") as Record<string, WebhookCredentials>;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const crashOnText = process.env.CRASH_ON_TEXT;

const ledger = createClient({ url: redisUrl });
/** What the marketplace keeps of an event: here, that it was handled, under its app. */
const record = (event: ParsedWebhookEvent) => ledger.rPush(`marketplace:handled:${event.appId}`, webhookEventKey(event));

const receive = createWebhookHandler({
  apps: hooks,
  // One store for every app and process: keys start with the app, so tenants never collide.
  dedupe: redisWebhookDedupe({ url: redisUrl, leaseMs: Number(process.env.LEASE_MS ?? 60_000) }),
  on: {
    message_sent: async (event) => {
      const { message } = event.data;
      if (
        crashOnText !== undefined &&
        message.data.text === crashOnText &&
        (await ledger.set("marketplace:crashed", String(process.pid), { NX: true })) === "OK"
      )
        process.kill(process.pid, "SIGKILL");
      // A reply in an order's thread notifies the buyer; a message in an order group goes to its feed.
      await record(event);
    },
    group_created: record,
    group_member_added: record,
    group_member_kicked: record,
  },
  onError: (error, event) => console.error(`${event?.appId} ${String(event?.trigger)}:`, error),
});

const app = express();
app.post("/webhooks/chat", toNodeHandler(receive));
void ledger.connect().then(() => {
  const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
  });
});
