// redisWebhookDedupe against a real redis-server this file starts on a free port: two receivers
// (two dedupes, as two processes would have) share the keys, and a Redis that is not there or
// stops answering makes the delivery 503 with no handler run. The store's rules (claims, leases,
// releases, keeps) are the table that webhook-dedupe.test.ts runs against it and the memory store.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { createClient } from "redis";
import { type RedisWebhookDedupe, redisWebhookDedupe } from "../../src/redis/index";
import { webhookEvents } from "../../src/testing/index";
import { createWebhookHandler, webhookEventKey } from "../../src/webhooks/index";
import { freePort, type RedisServer, startRedis } from "./redis-server";
import { startRoundTripProxy } from "./round-trip-proxy";
import { credentials, deliver } from "../unit/webhooks/webhook-delivery";

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
const sent = webhookEvents.message_sent;
const run = promisify(execFile);
beforeEach(() => {
  prefixes++;
});

test("two receivers sharing one Redis handle an event once; the retry after a failure is handled", async () => {
  const handled: string[] = [];
  let attempts = 0;
  const receiver = () =>
    createWebhookHandler({
      ...credentials,
      // A flush timer that cannot fire during the test: each done mark waits for its process's next claim.
      dedupe: dedupeAt({ flushMs: 60_000, leaseMs: 120_000 }),
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
  // b's done mark is not sent yet: to a, b still holds the key, and a repeat there is retried later.
  expect((await a(deliver(sent))).status).toBe(503);
  // b's next claim carries its mark ahead of it, so b finds the event done, and then so does a.
  expect((await b(deliver(sent))).status).toBe(200);
  expect((await a(deliver(sent))).status).toBe(200);
  expect(handled).toEqual([sent.data.message.id]);
});

test("two receivers sharing one Redis handle both of two events that differ only in appId", async () => {
  const handled: string[] = [];
  const receiver = () =>
    createWebhookHandler({
      ...credentials,
      dedupe: dedupeAt(),
      on: { message_sent: (event) => void handled.push(`${event.appId}/${event.data.message.id}`) },
    });
  const [a, b] = [receiver(), receiver()];
  // Webhook ids and message ids repeat across apps: staging and production both have "1".
  expect((await a(deliver({ ...sent, appId: "staging" }))).status).toBe(200);
  expect((await b(deliver({ ...sent, appId: "production" }))).status).toBe(200);
  expect(handled).toEqual([`staging/${sent.data.message.id}`, `production/${sent.data.message.id}`]);
});

test("a client of one's own is used as is and left open", async () => {
  const client = await createClient({ url: redis.url }).connect();
  try {
    const dedupe = redisWebhookDedupe({ client, prefix: `own${prefixes}:` });
    expect(await dedupe.claim("k", "t")).toBe("claimed");
    await dedupe.release("k", "t");
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
    await dedupe.release("warm-up", "t");
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

/** The event with its own message id, so that each delivery is a new event with a key of its own. */
const event = (id: string) => ({ ...sent, data: { ...sent.data, message: { ...sent.data.message, id } } });
async function valueAt(key: string): Promise<string | null> {
  const probe = await createClient({ url: redis.url }).connect();
  try {
    return await probe.get(`test${prefixes}:${webhookEventKey(event(key))}`);
  } finally {
    probe.destroy();
  }
}
// Past every test's length: a done mark goes out only with a claim, or on close().
const noFlushTimer = { flushMs: 60_000, leaseMs: 120_000 };

test("deliveries one after another cost one round trip each, the done mark riding with the next claim, plus one on close()", async () => {
  const proxy = await startRoundTripProxy(redis.port);
  try {
    const dedupe = dedupeAt({ url: proxy.url, ...noFlushTimer });
    const handled: string[] = [];
    const handler = createWebhookHandler({ ...credentials, dedupe, on: { message_sent: (e) => void handled.push(e.data.message.id) } });
    // The connection's handshake and the script's first load are not the deliveries' cost.
    expect((await handler(deliver(event("warm-up")))).status).toBe(200);
    proxy.reset();
    const ids = Array.from({ length: 20 }, (_, i) => `rt-${i}`);
    for (const id of ids) expect((await handler(deliver(event(id)))).status).toBe(200);
    expect(proxy.roundTrips).toBe(ids.length);
    await dedupe.close();
    expect(proxy.roundTrips).toBe(ids.length + 1);
    expect(handled).toEqual(["warm-up", ...ids]);
    for (const id of ["warm-up", ...ids]) expect(await valueAt(id)).toBe("done");
  } finally {
    await proxy.close();
  }
});

test("a repeat to the same process right after its event was handled finds it done, though the mark was not sent alone", async () => {
  const proxy = await startRoundTripProxy(redis.port);
  try {
    let runs = 0;
    const handler = createWebhookHandler({
      ...credentials,
      dedupe: dedupeAt({ url: proxy.url, ...noFlushTimer }),
      on: { message_sent: () => void runs++ },
    });
    expect((await handler(deliver(event("again")))).status).toBe(200);
    expect(await valueAt("again")).toMatch(/^claim:/);
    proxy.reset();
    expect((await handler(deliver(event("again")))).status).toBe(200);
    expect(runs).toBe(1);
    expect(proxy.roundTrips).toBe(1);
    expect(await valueAt("again")).toBe("done");
  } finally {
    await proxy.close();
  }
});

test("queued done marks are sent once flushMs has passed with no further delivery; till then another process answers 503", async () => {
  const [a, b] = [dedupeAt({ flushMs: 25 }), dedupeAt({ flushMs: 25 })];
  await a.claim("warm-up", "t");
  await a.release("warm-up", "t");
  let runs = 0;
  const on = { message_sent: () => void runs++ };
  const [first, second] = [
    createWebhookHandler({ ...credentials, dedupe: a, on }),
    createWebhookHandler({ ...credentials, dedupe: b, on }),
  ];
  // Only the timers are fake: node-redis writes on setImmediate, which runs as usual.
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "hrtime", "performance"] });
  try {
    expect((await first(deliver(event("timer")))).status).toBe(200);
    expect(await valueAt("timer")).toMatch(/^claim:/);
    expect((await second(deliver(event("timer")))).status).toBe(503);
    jest.advanceTimersByTime(24);
    expect(await valueAt("timer")).toMatch(/^claim:/);
    jest.advanceTimersByTime(1);
    // The flush waits for nothing but Redis's answer: poll for it.
    while ((await valueAt("timer")) !== "done") await new Promise((resolve) => setImmediate(resolve));
    expect((await second(deliver(event("timer")))).status).toBe(200);
    expect(runs).toBe(1);
  } finally {
    jest.useRealTimers();
  }
});

test("close() sends the queued done marks before it closes the connection", async () => {
  const dedupe = dedupeAt(noFlushTimer);
  const handler = createWebhookHandler({ ...credentials, dedupe, on: { message_sent: () => {} } });
  for (const id of ["c-1", "c-2", "c-3"]) expect((await handler(deliver(event(id)))).status).toBe(200);
  expect(await valueAt("c-3")).toMatch(/^claim:/);
  await dedupe.close();
  for (const id of ["c-1", "c-2", "c-3"]) expect(await valueAt(id)).toBe("done");
});

test("a claim Redis applies after the delivery gave up on it is released, so the retry after the stall is handled", async () => {
  const dedupe = dedupeAt({ commandTimeoutMs: 300, leaseMs: 120_000 });
  await dedupe.claim("warm-up", "t");
  await dedupe.release("warm-up", "t");
  const logged: unknown[] = [];
  let runs = 0;
  const handler = createWebhookHandler({
    ...credentials,
    dedupe,
    onError: (error) => logged.push(error),
    on: { message_sent: () => void runs++ },
  });
  const probe = await createClient({ url: redis.url }).connect();
  try {
    // Redis holds every client's commands, five times the command timeout, then runs them in order:
    // the delivery's claim is applied after the delivery was answered 503.
    await probe.sendCommand(["CLIENT", "PAUSE", "1500", "ALL"]);
    expect((await handler(deliver(event("stalled")))).status).toBe(503);
    expect(String((logged[0] as Error).message)).toMatch(/no answer from Redis within 300 ms/);
    // The probe's own command waits out the pause.
    await probe.ping();
    expect((await handler(deliver(event("stalled")))).status).toBe(200);
    expect(runs).toBe(1);
  } finally {
    probe.destroy();
  }
});

test("a release of a claim given up on that cannot be written goes out ahead of the next command", async () => {
  const written: string[][] = [];
  let connected = false;
  const client = {
    isReady: true,
    async sendCommand<T>(args: readonly string[]): Promise<T> {
      written.push([...args]);
      if (!connected) throw new Error("Socket closed unexpectedly");
      return "claimed" as T;
    },
  };
  const dedupe = redisWebhookDedupe({ client, prefix: "p:", ...noFlushTimer });
  // The connection is lost with the claim on it: Redis may or may not have applied it.
  await expect(dedupe.claim("k", "lost")).rejects.toThrow(/Socket closed/);
  await new Promise((resolve) => setImmediate(resolve));
  expect(written.map((args) => args.slice(0, 1).concat(args.slice(-3)))).toEqual([
    ["EVALSHA", "p:k", "lost", "120000"],
    ["EVAL", "1", "p:k", "lost"],
  ]);
  connected = true;
  expect(await dedupe.claim("k2", "next")).toBe("claimed");
  expect(written.slice(2).map((args) => [args[0], ...args.slice(-2)])).toEqual([
    ["EVAL", "p:k", "lost"],
    ["EVALSHA", "next", "120000"],
  ]);
  await dedupe.release("k2", "next");
  await dedupe.close();
});

test("close() called while a handler runs waits for it, and its event is marked done when it ends", async () => {
  const dedupe = dedupeAt(noFlushTimer);
  const logged: unknown[] = [];
  let finish: () => void = () => {};
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const handler = createWebhookHandler({
    ...credentials,
    dedupe,
    onError: (error) => logged.push(error),
    on: {
      message_sent: () => {
        started();
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    },
  });
  const delivery = handler(deliver(event("closing")));
  await running;
  let closed = false;
  const closing = dedupe.close().then(() => {
    closed = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);
  finish();
  expect((await delivery).status).toBe(200);
  await closing;
  expect(logged).toEqual([]);
  expect(await valueAt("closing")).toBe("done");
  // Once closed, it takes no new claim.
  await expect(dedupe.claim("after", "t")).rejects.toThrow(/the dedupe is closed/);
});

test("a done mark that Redis does not answer goes to onError with its event; the delivery had its 200", async () => {
  const frozen = await startRedis();
  try {
    const logged: [unknown, unknown][] = [];
    const dedupe = dedupeAt({ url: frozen.url, commandTimeoutMs: 300, ...noFlushTimer });
    const handler = createWebhookHandler({
      ...credentials,
      dedupe,
      onError: (error, e) => logged.push([error, e]),
      on: { message_sent: () => {} },
    });
    expect((await handler(deliver(event("lost-mark")))).status).toBe(200);
    expect(logged).toEqual([]);
    frozen.signal("SIGSTOP");
    await dedupe.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toHaveLength(1);
    expect(String((logged[0]![0] as Error).message)).toMatch(/no answer from Redis within 300 ms/);
    expect((logged[0]![1] as typeof sent).data.message.id).toBe("lost-mark");
  } finally {
    await Promise.all(dedupes.splice(0).map((dedupe) => dedupe.close()));
    await frozen.stop();
  }
});

test("twenty deliveries that arrive while the connection is being made wait on it without a MaxListenersExceededWarning", async () => {
  // In a process of its own, whose process.on("warning") hears what Node emits.
  const child = join(__dirname, "../../.tmp/rate-limits/dedupe-connect-warnings-child.cjs");
  await build({
    entryPoints: [join(__dirname, "fixtures/dedupe-connect-warnings-child.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile: child,
    logLevel: "silent",
  });
  const { stdout } = await run(process.execPath, [child], { env: { ...process.env, REDIS_URL: redis.url, COUNT: "20" }, timeout: 30_000 });
  const { statuses, runs, warnings } = JSON.parse(stdout) as { statuses: number[]; runs: number; warnings: string[] };
  expect(statuses).toEqual(Array(20).fill(200));
  expect(runs).toBe(20);
  expect(warnings).toEqual([]);
});

test("flushMs must be a positive whole number less than leaseMs", () => {
  expect(() => redisWebhookDedupe({ url: "redis://x", flushMs: 0 })).toThrow(/flushMs/);
  expect(() => redisWebhookDedupe({ url: "redis://x", flushMs: 30_000 })).toThrow(/flushMs \(30000\) must be less than leaseMs \(30000\)/);
  expect(() => redisWebhookDedupe({ url: "redis://x", flushMs: 1_000, leaseMs: 2_000 })).not.toThrow();
});

test("a dedupe needs exactly one of url and client", () => {
  expect(() => redisWebhookDedupe({} as never)).toThrow(/url .* or client/);
  expect(() => redisWebhookDedupe({ url: "redis://x", client: { isReady: true, sendCommand: async () => 1 as never } })).toThrow(/either/);
});
