// The webhook dedupe's table of cases (webhook-dedupe-cases.ts), run against the store in memory
// and against the Redis store's scripts, on a redis-server this file starts; both on the test's
// clock. Redis expires keys on its own time: the runner moves it by taking the time the table
// moves on, less what really passed, from what is left of each key's expiry.
import { performance } from "node:perf_hooks";
import { createClient } from "redis";
import { redisWebhookDedupe } from "../../src/redis/index";
import { memoryWebhookDedupe, type WebhookDedupe } from "../../src/webhooks/index";
import { type RedisServer, startRedis } from "./redis-server";
import { DEDUPE_CASES, KEEP_MS, LEASE_MS } from "./webhook-dedupe-cases";

let redis: RedisServer;
let probe: ReturnType<typeof createClient>;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  redis = await startRedis();
  probe = createClient({ url: redis.url });
  await probe.connect();
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  probe?.destroy();
  await redis?.stop();
});

interface Subject {
  dedupe: WebhookDedupe;
  /** Moves the store's time to `at` ms. */
  moveTo(at: number): Promise<void>;
}

let prefixes = 0;
const implementations: Record<string, () => Subject> = {
  "the store in memory": () => {
    let now = 0;
    const dedupe = memoryWebhookDedupe({ leaseMs: LEASE_MS, keepMs: KEEP_MS, now: () => now });
    return {
      dedupe,
      moveTo: async (at) => {
        now = at;
      },
    };
  },
  "the Redis store's scripts": () => {
    const prefix = `cases-${++prefixes}:`;
    // flushMs 1: a done mark is written within a millisecond, so that its keep starts when the table says.
    const dedupe = redisWebhookDedupe({ url: redis.url, prefix, leaseMs: LEASE_MS, keepMs: KEEP_MS, flushMs: 1 });
    closing.push(() => dedupe.close());
    let at = 0;
    let real = performance.now();
    return {
      dedupe,
      async moveTo(next) {
        const passed = performance.now() - real;
        const shift = Math.round(next - at - passed);
        for (const key of await probe.keys(`${prefix}*`)) {
          const left = await probe.pTTL(key);
          if (left <= 0) continue;
          if (left - shift > 0) await probe.pExpire(key, left - shift);
          else await probe.del(key);
        }
        at = next;
        real = performance.now();
      },
    };
  },
};

describe.each(Object.keys(implementations))("%s", (name) => {
  test.each(Object.keys(DEDUPE_CASES))("%s", async (title) => {
    const { dedupe, moveTo } = implementations[name]!();
    for (const step of DEDUPE_CASES[title]!) {
      await moveTo(step.at);
      if ("claim" in step)
        expect({ at: step.at, claim: step.claim, token: step.token, answer: await dedupe.claim(step.claim, step.token) }).toEqual({
          at: step.at,
          claim: step.claim,
          token: step.token,
          answer: step.answer,
        });
      else if ("done" in step) await dedupe.done(step.done, step.token);
      else await dedupe.release(step.release, step.token);
    }
  });
});
