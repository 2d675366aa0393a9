// The sliding window's table of cases (sliding-window-cases.ts), run against the store in memory
// (whose window the fake's limiter shares) and against the Redis store's scripts, on a redis-server
// this file starts; both on the test's clock.
import { MemoryRateLimitStore } from "../../src/rate-limits/memory-rate-limit-store";
import type { RateLimitStore } from "../../src/rate-limits/rate-limit-options";
import { createRedisRateLimitStore } from "../../src/redis/redis-rate-limit-store";
import { CASES } from "./sliding-window-cases";
import { type RedisServer, startRedis } from "./redis-server";

let redis: RedisServer;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await redis?.stop();
});

let prefixes = 0;
const implementations: Record<string, (now: () => number) => RateLimitStore> = {
  "the store in memory": (now) => new MemoryRateLimitStore(now),
  "the Redis store's scripts": (now) => {
    const store = createRedisRateLimitStore({ url: redis.url, prefix: `window-${++prefixes}:` }, now);
    closing.push(() => store.close());
    return store;
  },
};

describe.each(Object.keys(implementations))("%s", (name) => {
  test.each(Object.keys(CASES))("%s", async (title) => {
    let at = 0;
    const store = implementations[name]!(() => at);
    for (const step of CASES[title]!) {
      at = step.at;
      if ("settle" in step) await store.settle(step.slots, step.settle);
      else if ("sync" in step) await store.sync(step.slot, step.sync.remaining, step.sync.resetMs);
      else
        expect({ at, take: step.take, answer: await store.take(step.slots, step.take) }).toEqual({
          at,
          take: step.take,
          answer: step.answer,
        });
    }
  });
});
