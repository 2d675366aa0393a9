// One receiver of several apps, and two environments, sharing one redis-server (started by this
// file) with the dedupe's default prefix: each app's events are handled once, no app's event is
// taken for another's, and a delivery refused for its credentials leaves nothing in Redis.
import { createClient } from "redis";
import { type RedisWebhookDedupe, redisWebhookDedupe } from "../../src/redis/index";
import { webhookEvents } from "../../src/testing/index";
import { createWebhookHandler } from "../../src/webhooks/index";
import { type RedisServer, startRedis } from "./redis-server";

let redis: RedisServer;
const dedupes: RedisWebhookDedupe[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(dedupes.map((dedupe) => dedupe.close()));
  await redis.stop();
});

const sent = webhookEvents.message_sent;
const credentialsOf = (appId: string) => ({ username: `${appId}-hook`, password: `${appId}-secret` });

function deliver(event: unknown, { username, password }: { username: string; password: string }): Request {
  return new Request("https://receiver.example/webhooks/chat", {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify(event),
  });
}

/** A receiver of `appIds`, with the default prefix, as one environment's process would be. */
function receiverOf(appIds: string[], handled: string[]) {
  const dedupe = redisWebhookDedupe({ url: redis.url });
  dedupes.push(dedupe);
  return createWebhookHandler({
    apps: Object.fromEntries(appIds.map((appId) => [appId, credentialsOf(appId)])),
    dedupe,
    on: { message_sent: (event) => void handled.push(`${event.appId}/${event.data.message.id}`) },
  });
}

test("two environments sharing one Redis with the default prefix each handle their apps' events once, and never each other's", async () => {
  const handled: string[] = [];
  // Staging and production: webhook and message ids repeat across their apps.
  const staging = receiverOf(["shop-staging-eu", "shop-staging-us"], handled);
  const production = receiverOf(["shop-eu", "shop-us"], handled);
  for (const [receiver, appId] of [
    [staging, "shop-staging-eu"],
    [staging, "shop-staging-us"],
    [production, "shop-eu"],
    [production, "shop-us"],
  ] as const) {
    const delivery = () => deliver({ ...sent, appId }, credentialsOf(appId));
    expect((await receiver(delivery())).status).toBe(200);
    // The service's retry of the same event.
    expect((await receiver(delivery())).status).toBe(200);
  }
  const id = sent.data.message.id;
  expect(handled).toEqual([`shop-staging-eu/${id}`, `shop-staging-us/${id}`, `shop-eu/${id}`, `shop-us/${id}`]);
});

test("a delivery with one app's credentials that claims another app writes nothing to Redis", async () => {
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    await client.flushAll();
    const handled: string[] = [];
    const receiver = receiverOf(["tenant-a", "tenant-b"], handled);
    const crossed = await receiver(deliver({ ...sent, appId: "tenant-b" }, credentialsOf("tenant-a")));
    expect(crossed.status).toBe(401);
    expect(handled).toEqual([]);
    expect(await client.keys("*")).toEqual([]);
  } finally {
    await client.quit();
  }
});
