// redisWebhookDedupe against a real redis-server this file starts on a free port: two receivers
// (two dedupes, as two processes would have) share the keys, a crashed claim ends with its lease,
// and a Redis that is not there or stops answering makes the delivery 503 with no handler run.
import { createClient } from "redis";
import { type RedisWebhookDedupe, redisWebhookDedupe } from "../../src/redis/index";
import { webhookEvents } from "../../src/testing/index";
import { createWebhookHandler, webhookEventKey } from "../../src/webhooks/index";
import { freePort, type RedisServer, startRedis } from "./redis-server";

let redis: RedisServer;
const dedupes: RedisWebhookDedupe[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(dedupes.splice(0).map((dedupe) => dedupe.close()));
});
afterAll(() => redis.stop());

let prefixes = 0;
function dedupeAt(options: Partial<Parameters<typeof redisWebhookDedupe>[0]> = {}) {
  const dedupe = redisWebhookDedupe({ url: redis.url, prefix: `test${prefixes}:`, ...options });
  dedupes.push(dedupe);
  return dedupe;
}
const credentials = { username: "chat-events", password: "s3cret" };
const authorization = `Basic ${Buffer.from("chat-events:s3cret").toString("base64")}`;
const deliver = (event: unknown) =>
  new Request("https://receiver.example/webhooks/chat", {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify(event),
  });
const sent = webhookEvents.message_sent;
beforeEach(() => {
  prefixes++;
});

test("two receivers sharing one Redis handle an event once; the retry after a failure is handled", async () => {
  const handled: string[] = [];
  let attempts = 0;
  const receiver = () =>
    createWebhookHandler({
      ...credentials,
      dedupe: dedupeAt(),
      on: {
        message_sent: (event) => {
          if (++attempts === 1) throw new Error("first attempt fails");
          handled.push(event.data.message.id);
        },
      },
    });
  const [a, b] = [receiver(), receiver()];
  expect((await a(deliver(sent))).status).toBe(500);
  expect((await b(deliver(sent))).status).toBe(200);
  expect((await a(deliver(sent))).status).toBe(200);
  expect((await b(deliver(sent))).status).toBe(200);
  expect(handled).toEqual([sent.data.message.id]);
});

test("while one receiver handles an event, the other answers 503; a claim whose process died ends with its lease", async () => {
  const a = dedupeAt({ leaseMs: 300 });
  const b = dedupeAt({ leaseMs: 300 });
  const key = webhookEventKey(sent);
  expect(await a.claim(key, "dead")).toBe("claimed");
  expect(await b.claim(key, "other")).toBe("busy");
  // Wait on Redis's own expiry of the lease, however long the machine takes.
  const probe = await createClient({ url: redis.url }).connect();
  try {
    while ((await probe.exists(`test${prefixes}:${key}`)) === 1) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    probe.destroy();
  }
  expect(await b.claim(key, "other")).toBe("claimed");
  await a.release(key, "dead"); // too late: the claim is another's now
  expect(await a.claim(key, "third")).toBe("busy");
  await b.done(key, "other");
  expect(await a.claim(key, "fourth")).toBe("done");
});

test("a handled key is kept for keepMs", async () => {
  const dedupe = dedupeAt({ keepMs: 120_000 });
  await dedupe.claim("k", "t");
  await dedupe.done("k", "t");
  const probe = await createClient({ url: redis.url }).connect();
  try {
    const ttl = await probe.pTTL(`test${prefixes}:k`);
    expect(ttl).toBeGreaterThan(100_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  } finally {
    probe.destroy();
  }
});

test("a client of one's own is used as is and left open", async () => {
  const client = await createClient({ url: redis.url }).connect();
  try {
    const dedupe = redisWebhookDedupe({ client, prefix: `own${prefixes}:` });
    expect(await dedupe.claim("k", "t")).toBe("claimed");
    await dedupe.close();
    expect(client.isReady).toBe(true);
  } finally {
    client.destroy();
  }
});

test("when Redis is not there, no handler runs, the delivery gets 503, and the cause goes to onError", async () => {
  const nowhere = `redis://127.0.0.1:${await freePort()}`;
  const logged: unknown[] = [];
  let runs = 0;
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: dedupeAt({ url: nowhere, connectTimeoutMs: 2_000 }),
    onError: (error) => logged.push(error),
    on: { message_sent: () => void runs++ },
  });
  expect((await handler(deliver(sent))).status).toBe(503);
  expect((await handler(deliver(sent))).status).toBe(503);
  expect(runs).toBe(0);
  expect(logged.length).toBe(2);
  expect(String((logged[0] as Error).message)).toMatch(/redisWebhookDedupe: not connected to Redis: .*ECONNREFUSED/);
});

test("when Redis stops answering, the delivery gets 503 within the command timeout and no handler runs", async () => {
  const frozen = await startRedis();
  try {
    const logged: unknown[] = [];
    let runs = 0;
    const dedupe = dedupeAt({ url: frozen.url, commandTimeoutMs: 300 });
    await dedupe.claim("warm-up", "t");
    frozen.signal("SIGSTOP");
    const handler = createWebhookHandler({
      ...credentials,
      dedupe,
      onError: (error) => logged.push(error),
      on: { message_sent: () => void runs++ },
    });
    expect((await handler(deliver(sent))).status).toBe(503);
    expect(runs).toBe(0);
    expect(String((logged[0] as Error).message)).toMatch(/no answer from Redis within 300 ms/);
  } finally {
    await Promise.all(dedupes.splice(0).map((dedupe) => dedupe.close()));
    await frozen.stop();
  }
});

test("a dedupe needs exactly one of url and client", () => {
  expect(() => redisWebhookDedupe({} as never)).toThrow(/url .* or client/);
  expect(() => redisWebhookDedupe({ url: "redis://x", client: { isReady: true, sendCommand: async () => 1 as never } })).toThrow(/either/);
});
