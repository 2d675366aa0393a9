import { webhookEvents } from "../../../src/testing/index";
import {
  createWebhookHandler,
  memoryWebhookDedupe,
  type WebhookDedupe,
  type WebhookEventHandlers,
  webhookEventKey,
} from "../../../src/webhooks/index";
import { credentials, deliver } from "./webhook-delivery";

// createWebhookHandler with a dedupe store: each event is handled once however often it is
// delivered, a failed handling is retried, and a store that fails makes the service retry. The
// store's own rules (claims, leases, releases, keeps) are one table, run against the memory and the
// Redis store alike by tests/rate-limits/webhook-dedupe.test.ts.
const sent = webhookEvents.message_sent;

function clock(start = 1_000_000) {
  const at = { now: start };
  return { at, now: () => at.now };
}

test("a repeated delivery of a handled event gets 200 and does not run the handler again", async () => {
  const handled: string[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: memoryWebhookDedupe(),
    on: { message_sent: (event) => void handled.push(event.data.message.id) },
  });
  expect((await handler(deliver(sent))).status).toBe(200);
  expect((await handler(deliver(sent))).status).toBe(200);
  expect(handled).toEqual([sent.data.message.id]);
});

test("two apps' events that differ only in appId are both handled by one receiver sharing one store", async () => {
  const handled: string[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: memoryWebhookDedupe(),
    on: { message_sent: (event) => void handled.push(`${event.appId}/${event.data.message.id}`) },
  });
  // Webhook ids and message ids repeat across apps: staging and production both have "1".
  const staging = { ...sent, appId: "staging" };
  const production = { ...sent, appId: "production" };
  expect((await handler(deliver(staging))).status).toBe(200);
  expect((await handler(deliver(production))).status).toBe(200);
  expect((await handler(deliver(production))).status).toBe(200);
  expect(handled).toEqual([`staging/${sent.data.message.id}`, `production/${sent.data.message.id}`]);
});

test("a handler that throws once is run again on the retry, and its event is handled once in the end", async () => {
  let attempts = 0;
  const stored: string[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: memoryWebhookDedupe(),
    onError: (error) => errors.push(error),
    on: {
      message_sent: (event) => {
        attempts++;
        if (attempts === 1) throw new Error("database away");
        stored.push(event.data.message.id);
      },
    },
  });
  expect((await handler(deliver(sent))).status).toBe(500);
  expect((await handler(deliver(sent))).status).toBe(200);
  expect((await handler(deliver(sent))).status).toBe(200);
  expect(attempts).toBe(2);
  expect(stored).toEqual([sent.data.message.id]);
  expect(errors).toHaveLength(1);
});

test("a delivery of an event another delivery is still handling gets 503 with Retry-After, not 200", async () => {
  let finish: () => void = () => {};
  let runs = 0;
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: memoryWebhookDedupe(),
    on: {
      message_sent: () => {
        runs++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    },
  });
  const first = handler(deliver(sent));
  await new Promise((resolve) => setImmediate(resolve));
  const second = await handler(deliver(sent));
  expect(second.status).toBe(503);
  expect(second.headers.get("retry-after")).toMatch(/^\d+$/);
  finish();
  expect((await first).status).toBe(200);
  expect(runs).toBe(1);
});

test("a claim whose process died is taken over once its lease ends, and the event is handled", async () => {
  const time = clock();
  const dedupe = memoryWebhookDedupe({ leaseMs: 30_000, now: time.now });
  const key = webhookEventKey(sent);
  // A process that claimed the key and died: nothing releases it.
  expect(await dedupe.claim(key, "dead-process")).toBe("claimed");
  const handled: string[] = [];
  const handler = createWebhookHandler({ ...credentials, dedupe, on: { message_sent: (e) => void handled.push(e.data.message.id) } });
  time.at.now += 10_000; // the service's first retry
  expect((await handler(deliver(sent))).status).toBe(503);
  time.at.now += 30_000; // its last retry, after the lease
  expect((await handler(deliver(sent))).status).toBe(200);
  expect(handled).toEqual([sent.data.message.id]);
});

test("a handled key is kept for keepMs and then forgotten; the default outlasts the service's retries", async () => {
  const time = clock();
  const dedupe = memoryWebhookDedupe({ now: time.now });
  expect(await dedupe.claim("k", "a")).toBe("claimed");
  await dedupe.done("k", "a");
  time.at.now += 60_000; // past the service's last retry, about 40 s after a failure
  expect(await dedupe.claim("k", "b")).toBe("done");
  time.at.now += 5 * 60_000;
  expect(await dedupe.claim("k", "c")).toBe("claimed");
  expect(dedupe.size).toBe(1);
});

test("a forward step of the wall clock during a handler neither ends its lease nor lets a retry run the handler again", async () => {
  // Only the wall clock moves: the monotonic clock (performance, hrtime) and the event loop stay real.
  // Installed before the store is made, so that whatever clock it reads is the one that steps.
  jest.useFakeTimers({ doNotFake: ["performance", "hrtime", "nextTick", "setImmediate", "queueMicrotask", "setTimeout", "clearTimeout"] });
  try {
    let finish: () => void = () => {};
    let runs = 0;
    const handler = createWebhookHandler({
      ...credentials,
      dedupe: memoryWebhookDedupe(),
      on: {
        // The first run holds until the test lets it finish; any further run would end at once.
        message_sent: () => {
          if (++runs > 1) return;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        },
      },
    });
    const first = handler(deliver(sent));
    await new Promise((resolve) => setImmediate(resolve));
    jest.setSystemTime(Date.now() + 60 * 60_000); // NTP or a resumed VM steps the clock an hour ahead
    expect((await handler(deliver(sent))).status).toBe(503);
    finish();
    expect((await first).status).toBe(200);
    // The wall clock steps again: the handled key is still kept.
    jest.setSystemTime(Date.now() + 60 * 60_000);
    expect((await handler(deliver(sent))).status).toBe(200);
    expect(runs).toBe(1);
  } finally {
    jest.useRealTimers();
  }
});

test("when the store cannot be reached no handler runs, the answer is 503, and the cause goes to onError", async () => {
  const cause = new Error("ECONNREFUSED 127.0.0.1:6379");
  const unreachable: WebhookDedupe = {
    claim: () => Promise.reject(cause),
    done: () => Promise.reject(cause),
    release: () => Promise.reject(cause),
  };
  const logged: unknown[] = [];
  let runs = 0;
  const on: WebhookEventHandlers = { message_sent: () => void runs++ };
  const handler = createWebhookHandler({ ...credentials, dedupe: unreachable, onError: (error) => logged.push(error), on });
  const response = await handler(deliver(sent));
  expect(response.status).toBe(503);
  expect(await response.text()).not.toContain("ECONNREFUSED");
  expect(runs).toBe(0);
  expect(logged).toEqual([cause]);
});

test("a handled delivery is answered 200 without waiting for its done mark, and a mark that fails goes to onError", async () => {
  const inner = memoryWebhookDedupe();
  const cause = new Error("mark lost");
  let failMark: (error: unknown) => void = () => {};
  const slowMarks: WebhookDedupe = {
    claim: (key, token) => inner.claim(key, token),
    // A mark that settles only when the test says so.
    done: () => new Promise<void>((_, reject) => (failMark = reject)),
    release: (key, token) => inner.release(key, token),
  };
  const logged: [unknown, unknown][] = [];
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: slowMarks,
    onError: (error, event) => logged.push([error, event]),
    on: { message_sent: () => {} },
  });
  expect((await handler(deliver(sent))).status).toBe(200);
  expect(logged).toEqual([]);
  failMark(cause);
  await new Promise((resolve) => setImmediate(resolve));
  expect(logged).toHaveLength(1);
  expect(logged[0]![0]).toBe(cause);
  expect(webhookEventKey(logged[0]![1] as typeof sent)).toBe(webhookEventKey(sent));
});

test("leaseMs and keepMs that are not positive whole numbers are refused", () => {
  expect(() => memoryWebhookDedupe({ leaseMs: 0 })).toThrow(/leaseMs/);
  expect(() => memoryWebhookDedupe({ keepMs: Number.NaN })).toThrow(/keepMs/);
});

test("two kicks of one member are two events a second apart or by two users, and one key by one user within a second", async () => {
  const kick = webhookEvents.group_member_kicked;
  const at = (updatedAt: number, by = kick.data.by) => ({ ...kick, data: { ...kick.data, by, group: { ...kick.data.group, updatedAt } } });
  const first = at(1_718_445_000);
  expect(webhookEventKey(at(1_718_445_001))).not.toBe(webhookEventKey(first));
  // Who kicked is part of the key: two moderators kicking the same member within one second are two events.
  expect(webhookEventKey(at(1_718_445_000, { ...kick.data.by, uid: "moderator-2" }))).not.toBe(webhookEventKey(first));
  // The payload carries no finer time: the same kick by the same user again within the second has the same key,
  // even when the kicker's profile (here their last activity) moved on in between.
  expect(webhookEventKey(at(1_718_445_000, { ...kick.data.by, lastActiveAt: 1_718_445_000 }))).toBe(webhookEventKey(first));
  const time = clock();
  const kicks: number[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    dedupe: memoryWebhookDedupe({ now: time.now }),
    on: { group_member_kicked: (event) => void kicks.push(event.data.group.updatedAt as number) },
  });
  await handler(deliver(first));
  await handler(deliver(at(1_718_445_001)));
  expect(kicks).toHaveLength(2);
  // Once the service's retries are over, the key is forgotten: a later equal event is handled.
  time.at.now += 5 * 60_000;
  await handler(deliver(first));
  expect(kicks).toHaveLength(3);
});
