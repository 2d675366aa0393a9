// The Redis store against a real redis-server that this file starts on a free port and stops.
// Without redis-server the file fails, naming the install command; it never skips.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { createClient } from "redis";
import { type RedisRateLimitStore, redisRateLimitStore } from "../../src/redis/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { createChatClient } from "../../src/index";
import { json, startFaultServer } from "../harness/fault-server";
import { INSTALL_HINT, type RedisServer, startRedis } from "./redis-server";

const startFaultServer429 = () => startFaultServer((_q, res) => json(res, 429, {}, { "retry-after": "1000000000" }));

const run = promisify(execFile);
let redis: RedisServer;
const stores: RedisRateLimitStore[] = [];
const storeFor = (prefix: string) => {
  const store = redisRateLimitStore({ url: redis.url, prefix });
  stores.push(store);
  return store;
};

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.stop();
});

test("without redis-server, starting one fails with the command that installs it", async () => {
  await expect(startRedis("redis-server-that-is-not-installed")).rejects.toThrow(INSTALL_HINT);
});

test("takes every slot of a call or none, and says which key has no room and for how long", async () => {
  const store = storeFor("t1:");
  const user = { key: "u", limit: 5, windowMs: 1_000 };
  const app = { key: "a", limit: 1, windowMs: 60_000 };
  expect(await store.take([user, app], 1)).toEqual({ waitMs: 0, key: undefined });
  const refused = await store.take([user, app], 2);
  expect(refused.key).toBe("a");
  expect(refused.waitMs).toBeGreaterThan(59_000);
  // The refused call took no place under the user's key: four are left.
  for (let id = 3; id < 7; id++) expect((await store.take([user], id)).waitMs).toBe(0);
  expect((await store.take([user], 7)).key).toBe("u");
});

test("a hold and a stricter count from the service give no room until they pass", async () => {
  const store = storeFor("t2:");
  const slot = { key: "k", limit: 100, windowMs: 60_000 };
  await store.hold("k", 30_000);
  const held = await store.take([slot], 1);
  expect(held.waitMs).toBeGreaterThan(29_000);
  expect(held.waitMs).toBeLessThanOrEqual(30_000);
  const other = { key: "j", limit: 100, windowMs: 60_000 };
  expect((await store.take([other], 2)).waitMs).toBe(0);
  // The service says 1 is left, for 20 s: one more call goes, the next waits for the reset.
  await store.sync(other, 1, 20_000);
  expect((await store.take([other], 3)).waitMs).toBe(0);
  const waiting = await store.take([other], 4);
  expect(waiting.waitMs).toBeGreaterThan(19_000);
  expect(waiting.waitMs).toBeLessThanOrEqual(20_000);
});

test("every key it writes expires once its window has passed, so idle users leave nothing behind", async () => {
  const store = storeFor("t3:");
  await store.take([{ key: "idle", limit: 5, windowMs: 5_000 }], 1);
  await store.hold("idle", 5_000);
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const keys = await client.keys("t3:*");
    expect(keys.sort()).toEqual(["t3:hold:idle", "t3:log:idle"]);
    for (const key of keys) expect(await client.pTTL(key)).toBeGreaterThan(0);
  } finally {
    await client.close();
  }
});

test("after close(), a call fails instead of hanging", async () => {
  const store = redisRateLimitStore({ url: redis.url });
  await store.take([{ key: "c", limit: 1, windowMs: 1_000 }], 1);
  await store.close();
  await expect(store.take([{ key: "c", limit: 1, windowMs: 1_000 }], 2)).rejects.toThrow("closed");
});

test("close() waits for a hold still in flight, even one whose script Redis forgot and must be sent whole", async () => {
  const store = redisRateLimitStore({ url: redis.url, prefix: "t5:" });
  await store.take([{ key: "h", limit: 5, windowMs: 1_000 }], 1);
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    await client.scriptFlush();
    const held = store.hold("h", 30_000);
    await store.close();
    await held;
    expect(await client.pTTL("t5:hold:h")).toBeGreaterThan(29_000);
  } finally {
    await client.close();
  }
});

test("a 429 that asks for a billion seconds holds the key in Redis for the rule's window, not for years", async () => {
  const store = storeFor("t6:");
  const api = await startFaultServer429();
  try {
    const chat = createChatClient({
      appId: "rs",
      apiKey: "k",
      baseUrl: api.url,
      rateLimits: { app: { standard: { limit: 100, windowMs: 60_000 } }, store },
    });
    expect((await chat.GET("/users")).response.status).toBe(429);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const ttl = await client.pTTL("t6:hold:rs:standard");
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(60_100);
    } finally {
      await client.close();
    }
  } finally {
    await api.close();
  }
});

test("fifty calls made while the first connection is under way all wait for it, with no listener warning", async () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on("warning", onWarning);
  try {
    const store = storeFor("t7:");
    const slot = { key: "many", limit: 100, windowMs: 1_000 };
    const taken = await Promise.all(Array.from({ length: 50 }, (_, i) => store.take([slot], i + 1)));
    expect(taken.every((answer) => answer.waitMs === 0)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
});

test("the store names its server without credentials, as a RateLimitStoreError does", () => {
  expect(redisRateLimitStore({ url: "redis://app:s3cret@10.0.0.5:6380/2?password=x" }).label).toBe("redis://10.0.0.5:6380/2");
  expect(() => redisRateLimitStore({ url: redis.url, commandTimeoutMs: 0 })).toThrow("commandTimeoutMs must be a number of milliseconds");
});

describe("two processes sharing the store", () => {
  let fake: FakeServer;
  let child: string;
  beforeAll(async () => {
    fake = await startFakeServer({ rateLimits: { perUser: { sendMessage: { limit: 5, windowMs: 1_000 } } } });
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "zed", name: "Zed" },
      ],
    });
    // Each child runs the SDK from source, bundled once; redis stays the installed package.
    child = join(__dirname, "../../.tmp/rate-limits/send-as-child.cjs");
    await build({
      entryPoints: [join(__dirname, "fixtures/send-as-child.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      packages: "external",
      outfile: child,
      logLevel: "silent",
    });
  });
  afterAll(() => fake.close());

  test("each sending 10 messages as the same user under 5 a second get no 429 between them", async () => {
    const env = (name: string) => ({
      ...process.env,
      FAKE_URL: fake.url,
      APP_ID: fake.appId,
      API_KEY: fake.apiKey,
      REDIS_URL: redis.url,
      USER: "ana",
      COUNT: "10",
      NAME: name,
    });
    const outputs = await Promise.all(["one", "two"].map((name) => run(process.execPath, [child], { env: env(name), timeout: 30_000 })));
    const statuses = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as number[]);
    expect(statuses).toHaveLength(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect([...fake.state.messages.values()]).toHaveLength(20);
  });
});
