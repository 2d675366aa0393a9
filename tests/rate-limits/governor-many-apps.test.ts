// The governor of clients of two apps sharing one Redis store (a real redis-server this file
// starts): each app has its own app-wide and per-user windows, so a user id that exists in both
// apps is two users; two clients of one app, whatever the case of its id, share its windows.
import { createChatClient, RateLimitError } from "../../src/index";
import type { RateLimits } from "../../src/rate-limits/index";
import { type RedisRateLimitStore, redisRateLimitStore } from "../../src/redis/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { type RedisServer, startRedis } from "./redis-server";

let redis: RedisServer;
let fake: FakeServer;
const stores: RedisRateLimitStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  fake = await startFakeServer({ apps: [{ appId: "tenant-eu", region: "eu" }, { appId: "tenant-us" }] });
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await fake.close();
  await redis.stop();
});
beforeEach(() => {
  fake.reset();
  for (const app of ["tenant-eu", "tenant-us"]) fake.app(app).seed({ users: ["ana", "zed"].map((uid) => ({ uid, name: uid })) });
});

let prefixes = 0;
/** The limits of every client of a case: one Redis store, as separate processes would share it; a call that would wait fails at once. */
function sharedLimits(limits: RateLimits): RateLimits {
  const store = redisRateLimitStore({ url: redis.url, prefix: `apps${++prefixes}:` });
  stores.push(store);
  return { ...limits, store, maxWaitMs: 0 };
}

const clientOf = (appId: string, rateLimits: RateLimits) => {
  const app = fake.apps.find((one) => one.appId.toLowerCase() === appId.toLowerCase())!;
  return createChatClient({ appId, apiKey: app.apiKey, baseUrl: app.url, rateLimits, maxRetries: 0 });
};

const send = (chat: ReturnType<typeof createChatClient>, uid: string) =>
  chat.as(uid).POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text: "hi" } } });

test("the same user id in two apps is two users: each has its own per-user window", async () => {
  const limits = sharedLimits({ perUser: { sendMessage: { limit: 1, windowMs: 60_000 } } });
  const eu = clientOf("tenant-eu", limits);
  const us = clientOf("tenant-us", limits);
  expect((await send(eu, "ana")).response.status).toBe(200);
  expect((await send(us, "ana")).response.status).toBe(200);
  await expect(send(eu, "ana")).rejects.toBeInstanceOf(RateLimitError);
});

test("each app has its own app-wide window in a shared store", async () => {
  const limits = sharedLimits({ app: { all: { limit: 2, windowMs: 60_000 } } });
  const eu = clientOf("tenant-eu", limits);
  const us = clientOf("tenant-us", limits);
  for (let i = 0; i < 2; i++) expect((await eu.GET("/users")).response.status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await us.GET("/users")).response.status).toBe(200);
  const refused = await eu.GET("/users").catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(RateLimitError);
  expect((refused as RateLimitError).key).toBe("tenant-eu:all");
});

test("two clients of one app share its windows whatever the case of the app id they were given", async () => {
  const limits = sharedLimits({ app: { all: { limit: 2, windowMs: 60_000 } }, perUser: { sendMessage: { limit: 1, windowMs: 60_000 } } });
  const lower = clientOf("tenant-eu", limits);
  const upper = clientOf("TENANT-EU", limits);
  expect((await send(lower, "ana")).response.status).toBe(200);
  await expect(send(upper, "ana")).rejects.toBeInstanceOf(RateLimitError);
  expect((await upper.GET("/users")).response.status).toBe(200);
  await expect(lower.GET("/users")).rejects.toBeInstanceOf(RateLimitError);
});
