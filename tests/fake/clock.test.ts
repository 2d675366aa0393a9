// The fake's clock: frozen, advanced and resumed by the test; every timestamp the fake stores, its
// Date header, its rate-limit windows, webhook retries and held answers follow it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createChatClient, unwrap } from "../../src/index";
import { FakeClock, MAX_REAL_TIMER_MS, type RealTimers } from "../../src/testing/fake/time/fake-clock";
import { answerChecker } from "./answer-checker";
import { attachWebhook } from "./attach-webhook";
import { useFakeStarter } from "./checked-fake";

const checker = answerChecker();
const start = useFakeStarter(checker);

const T = Date.UTC(2030, 0, 1); // 1893456000 s
const S = T / 1000;

describe("FakeClock", () => {
  test("frozen, it stands still; advanced, it moves; resumed, it runs on from where it stood", async () => {
    let real = 1_000;
    const clock = new FakeClock(() => real);
    expect(clock.now()).toBe(1_000);
    clock.freeze(T);
    real += 5_000;
    expect(clock.now()).toBe(T);
    await clock.advance(2_500);
    expect(clock.now()).toBe(T + 2_500);
    expect(clock.seconds()).toBe(S + 2);
    clock.resume();
    real += 100;
    expect(clock.now()).toBe(T + 2_600);
    clock.reset();
    expect(clock.now()).toBe(real);
  });

  test("advance runs what falls due in time order, each at its own instant, and nothing later", async () => {
    const clock = new FakeClock(() => 0);
    clock.freeze(T);
    const ran: [string, number][] = [];
    clock.setTimer(300, () => ran.push(["c", clock.now()]));
    clock.setTimer(100, () => {
      ran.push(["a", clock.now()]);
      // Set while advancing and due within the span: runs in the same advance.
      clock.setTimer(50, () => ran.push(["b", clock.now()]));
    });
    const cancelled = clock.setTimer(200, () => ran.push(["cancelled", clock.now()]));
    clock.setTimer(1_000, () => ran.push(["later", clock.now()]));
    cancelled();
    await clock.advance(300);
    expect(ran).toEqual([
      ["a", T + 100],
      ["b", T + 150],
      ["c", T + 300],
    ]);
    await clock.advance(699);
    expect(ran).toHaveLength(3);
    await clock.advance(1);
    expect(ran.at(-1)).toEqual(["later", T + 1_000]);
  });

  test("a running clock fires its timers with real time; a frozen one only on advance", async () => {
    const clock = new FakeClock();
    await clock.sleep(5);
    clock.freeze();
    let woke = false;
    const sleeping = clock.sleep(1).then(() => (woke = true));
    await new Promise((done) => setTimeout(done, 20));
    expect(woke).toBe(false);
    clock.resume();
    await sleeping;
    expect(woke).toBe(true);
  });

  test("bad arguments are refused with the reason", async () => {
    const clock = new FakeClock();
    await expect(clock.advance(-1)).rejects.toThrow("clock.advance: ms must be a non-negative number, got -1.");
    await expect(clock.advance(Number.NaN)).rejects.toThrow(TypeError);
    expect(() => clock.freeze(Number.POSITIVE_INFINITY)).toThrow("clock.freeze: at must be a Date or milliseconds since the epoch");
    expect(() => clock.freeze(new Date("nonsense"))).toThrow(TypeError);
  });
});

/**
 * Real timers the test fires by hand, with Node's semantics: a wait longer than setTimeout keeps
 * fires after 1 ms. Each wake-up moves the real time it reads to the instant it fired at.
 */
function handTimers(real: { now: number }) {
  const armed = new Map<number, { at: number; fire: () => void }>();
  const waits: number[] = [];
  let next = 0;
  const timers: RealTimers = {
    set: (fire, ms) => {
      waits.push(ms);
      armed.set(++next, { at: real.now + (ms > MAX_REAL_TIMER_MS ? 1 : ms), fire });
      return next;
    },
    clear: (handle) => armed.delete(handle as number),
  };
  /** Fires the armed timers one by one until none is left or `limit` wake-ups; returns how many there were. */
  const runAll = (limit: number) => {
    let wakeUps = 0;
    while (armed.size && wakeUps < limit) {
      const [handle, timer] = [...armed].sort((a, b) => a[1].at - b[1].at)[0]!;
      armed.delete(handle);
      real.now = timer.at;
      timer.fire();
      wakeUps++;
    }
    return wakeUps;
  };
  return { timers, waits, runAll };
}

describe("FakeClock's real timer", () => {
  const DAY = 24 * 3_600_000;

  test("a 30-day timer on a running clock wakes the process twice, never with a wait setTimeout would overflow", () => {
    const real = { now: T };
    const { timers, waits, runAll } = handTimers(real);
    const clock = new FakeClock(() => real.now, timers);
    let fired = 0;
    clock.setTimer(30 * DAY, () => fired++);
    expect(runAll(1_000)).toBe(2);
    expect(fired).toBe(1);
    expect(real.now).toBe(T + 30 * DAY);
    expect(waits.every((ms) => ms >= 0 && ms <= MAX_REAL_TIMER_MS)).toBe(true);
  });

  test("a clock frozen far in the past and resumed sleeps in long chunks until its timers fall due", () => {
    const real = { now: T };
    const { timers, waits, runAll } = handTimers(real);
    const clock = new FakeClock(() => real.now, timers);
    let fired = 0;
    clock.setTimer(1_000, () => fired++);
    clock.freeze(0);
    clock.resume();
    // The timer is due T + 1000 ms of clock time away: about 22 chunks of 24.8 days.
    const wakeUps = runAll(1_000);
    expect(fired).toBe(1);
    expect(wakeUps).toBe(Math.ceil((T + 1_000) / MAX_REAL_TIMER_MS));
    expect(waits.every((ms) => ms >= 0 && ms <= MAX_REAL_TIMER_MS)).toBe(true);
  });

  test("a sleep longer than setTimeout keeps (a long webhook retry delay) is slept in chunks too", () => {
    const real = { now: T };
    const { timers, waits, runAll } = handTimers(real);
    const clock = new FakeClock(() => real.now, timers);
    let fired = 0;
    void clock.sleep(10 * MAX_REAL_TIMER_MS).then(() => fired++);
    expect(runAll(1_000)).toBe(10);
    expect(waits.every((ms) => ms <= MAX_REAL_TIMER_MS)).toBe(true);
  });
});

describe("FakeClock refuses instants a Date cannot hold", () => {
  test("freeze: NaN, the infinities and anything past 8.64e15 ms either side of the epoch, with a TypeError", () => {
    const clock = new FakeClock();
    for (const at of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 8.64e15 + 1, -8.64e15 - 1, 1e300])
      expect(() => clock.freeze(at)).toThrow(TypeError);
    expect(() => clock.freeze(8.64e15 + 1)).toThrow("clock.freeze: at must be within 8640000000000000 ms of the epoch, as a Date holds");
    expect(clock.frozen).toBe(false);
    clock.freeze(8.64e15);
    expect(new Date(clock.now()).toUTCString()).toBe("Sat, 13 Sep 275760 00:00:00 GMT");
    clock.freeze(-8.64e15);
    expect(clock.now()).toBe(-8.64e15);
  });

  test("advance: a span that would take the clock past the last instant a Date holds, with a TypeError, and the clock stays", async () => {
    const clock = new FakeClock();
    clock.freeze(8.64e15 - 10);
    await expect(clock.advance(11)).rejects.toThrow(
      "clock.advance: ms would take the clock past 8640000000000000 ms after the epoch, the last instant a Date holds, got 11.",
    );
    await expect(clock.advance(1e300)).rejects.toThrow(TypeError);
    await expect(clock.advance(Number.POSITIVE_INFINITY)).rejects.toThrow(TypeError);
    expect(clock.now()).toBe(8.64e15 - 10);
    await clock.advance(10);
    expect(clock.now()).toBe(8.64e15);
  });

  test("advance: two queued spans that together pass the limit, the second refused", async () => {
    const clock = new FakeClock();
    clock.freeze(8.64e15 - 10);
    const first = clock.advance(6);
    const second = clock.advance(6);
    await first;
    await expect(second).rejects.toThrow(TypeError);
    expect(clock.now()).toBe(8.64e15 - 4);
  });

  test("the fake's Date header stays a date after the clock is refused", async () => {
    const { fake } = await start();
    expect(() => fake.clock.freeze(1e16)).toThrow(TypeError);
    await expect(fake.clock.advance(1e16)).rejects.toThrow(TypeError);
    const answer = await fake.handle(new Request(`${fake.url}/users`, { headers: { apikey: fake.apiKey } }));
    expect(answer.headers.get("date")).not.toBe("Invalid Date");
    expect(Number.isNaN(Date.parse(answer.headers.get("date") ?? ""))).toBe(false);
  });
});

describe("what the fake stores and sends follows its clock", () => {
  test("each timestamp of users, tokens, groups, members, messages, edits, deletions and reactions reads the frozen clock", async () => {
    const { fake, chat } = await start();
    fake.clock.freeze(new Date(T));
    const created = await unwrap(chat.POST("/users", { body: { uid: "ana", name: "Ana", withAuthToken: true } }));
    expect(created.data.createdAt).toBe(S);
    expect((created.data as { authToken?: string }).authToken).toBeDefined();
    expect(fake.state.authTokens.get("ana")?.[0]?.createdAt).toBe(S);
    await fake.clock.advance(10_000);
    const updated = await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid: "ana" } }, body: { name: "Ana B" } }));
    expect((updated.data as { updatedAt?: number }).updatedAt).toBe(S + 10);
    const token = await unwrap(chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "ana" } }, body: {} }));
    expect(token.data.createdAt).toBe(S + 10);
    await unwrap(chat.POST("/users", { body: { uid: "ben", name: "Ben" } }));
    await fake.clock.advance(10_000);
    const group = await unwrap(chat.POST("/groups", { body: { guid: "g", name: "G", type: "public", owner: "ana" } }));
    expect(group.data.createdAt).toBe(S + 20);
    await fake.clock.advance(10_000);
    await unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "g" } }, body: { participants: ["ben"] } }));
    expect(fake.state.members.get("g")?.get("ben")?.joinedAt).toBe(S + 30);
    expect(fake.state.members.get("g")?.get("ana")?.joinedAt).toBe(S + 20);
    await fake.clock.advance(10_000);
    const sent = await unwrap(chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "hi" } } }));
    expect(sent.data.sentAt).toBe(S + 40);
    const id = String(sent.data.id);
    await fake.clock.advance(10_000);
    await unwrap(chat.as("ana").PUT("/messages/{id}", { params: { path: { id } }, body: { data: { text: "hello" } } }));
    expect(fake.state.messages.get(id)).toMatchObject({ editedAt: S + 50, updatedAt: S + 50 });
    await fake.clock.advance(10_000);
    await unwrap(chat.as("ben").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id, reaction: "👍" } } }));
    const reactions = await unwrap(chat.as("ben").GET("/messages/{id}/reactions", { params: { path: { id } } }));
    expect(reactions.data[0]).toMatchObject({ reactedAt: S + 60 });
    await fake.clock.advance(10_000);
    await unwrap(chat.as("ana").DELETE("/messages/{id}", { params: { path: { id } } }));
    expect(fake.state.messages.get(id)).toMatchObject({ deletedAt: S + 70, updatedAt: S + 70 });
    await fake.clock.advance(10_000);
    await unwrap(chat.DELETE("/users/{uid}", { params: { path: { uid: "ben" } }, body: { permanent: false } }));
    expect(fake.snapshot().model.users.find((u) => u.user.uid === "ben")).toMatchObject({ deletedAt: S + 80 });
  });

  test("the Date header is the clock's, over HTTP and through handle()", async () => {
    const { fake, chat } = await start();
    fake.clock.freeze(T + 1_500);
    const { response } = await chat.GET("/users");
    expect(response.headers.get("date")).toBe("Tue, 01 Jan 2030 00:00:01 GMT");
    const handled = await fake.handle(new Request(`${fake.url}/users`, { headers: { apikey: fake.apiKey } }));
    expect(handled.headers.get("date")).toBe("Tue, 01 Jan 2030 00:00:01 GMT");
  });

  test("a rate-limit window opens after advance, with Retry-After and X-RateLimit-Reset on the clock", async () => {
    const { fake } = await start({ rateLimits: { perUser: { sendMessage: { limit: 2, windowMs: 60_000 } } } });
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0, fetch: checker.fetch });
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
      ],
    });
    fake.clock.freeze(T);
    const send = () => chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "hi" } } });
    await send();
    await fake.clock.advance(20_000);
    await send();
    const refused = await send();
    expect(refused.response.status).toBe(429);
    // The window is the client's SlidingWindow: room comes once the oldest request is MORE than a
    // window old, 40,001 ms from now, which the headers round up to whole seconds.
    expect(refused.response.headers.get("retry-after")).toBe("41");
    expect(refused.response.headers.get("x-ratelimit-reset")).toBe(String(S + 61));
    await fake.clock.advance(40_000);
    expect((await send()).response.status).toBe(429);
    await fake.clock.advance(1);
    expect((await send()).response.status).toBe(200);
    expect((await send()).response.status).toBe(429);
    expect((await send()).response.headers.get("retry-after")).toBe("20");
  });

  test("webhook retries wait on the clock: each runs when advance passes its delay, not before", async () => {
    const statuses = [500, 503];
    const received: number[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(Date.now());
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
    try {
      const { fake, chat, management } = await start({ webhookRetryDelays: [1_000, 60_000] });
      const webhookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await attachWebhook(management, fake.appId, { id: "h", name: "H", webhookURL, retryOnFailure: true }, ["message_sent"]);
      fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
      fake.clock.freeze(T);
      await unwrap(chat.POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "hi" } } }));
      await fake.clock.advance(999);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 1, status: 500 });
      await fake.clock.advance(1);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 2, status: 503 });
      await fake.clock.advance(59_999);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 2 });
      await fake.clock.advance(1);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "delivered", attempts: 3, status: 200 });
      expect(received).toHaveLength(3);
    } finally {
      receiver.closeAllConnections();
      await new Promise((done) => receiver.close(done));
    }
  });

  test("by default, webhook retries follow the service's schedule on the clock: 10 s after the failure, then 30 s after that", async () => {
    const statuses = [503, 503];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(statuses.shift() ?? 200).end());
    });
    await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
    try {
      const { fake, chat, management } = await start();
      const webhookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await attachWebhook(management, fake.appId, { id: "h", name: "H", webhookURL, retryOnFailure: true }, ["message_sent"]);
      fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
      fake.clock.freeze(T);
      await unwrap(chat.POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "hi" } } }));
      await fake.clock.advance(9_999);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 1, status: 503 });
      await fake.clock.advance(1);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 2, status: 503 });
      await fake.clock.advance(29_999);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "pending", attempts: 2 });
      await fake.clock.advance(1);
      expect(fake.webhookDeliveries[0]).toMatchObject({ state: "delivered", attempts: 3, status: 200 });
      // Two retries, as the service makes: a third failure would have been the last.
      expect(fake.clock.pending).toBe(0);
    } finally {
      receiver.closeAllConnections();
      await new Promise((done) => receiver.close(done));
    }
  });

  test("an answer held by delayNext is sent when the clock passes the delay", async () => {
    const { fake, chat } = await start();
    fake.clock.freeze(T);
    fake.delayNext("list-users", 5_000);
    let answered = false;
    const listing = chat.GET("/users").then((result) => {
      answered = true;
      return result;
    });
    // The hold starts when the request arrives: advance once it is held, not before.
    while (fake.clock.pending === 0) await new Promise((done) => setTimeout(done, 5));
    await fake.clock.advance(4_999);
    await new Promise((done) => setTimeout(done, 20));
    expect(answered).toBe(false);
    await fake.clock.advance(1);
    expect((await listing).response.status).toBe(200);
  });

  test("restore() sets the clock back to real time, so a test restoring a snapshot does not inherit a frozen clock", async () => {
    const { fake, chat } = await start();
    fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
    const seeded = fake.snapshot();
    // One test freezes the clock in 2030 and leaves it so.
    fake.clock.freeze(T);
    // The next one starts, as the README's pattern, with a restore.
    fake.restore(seeded);
    expect(fake.clock.frozen).toBe(false);
    const sent = await unwrap(chat.as("ana").POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "hi" } } }));
    expect(Math.abs(sent.data.sentAt * 1000 - Date.now())).toBeLessThan(60_000);
  });

  test("clock.reset() sets the clock back to real time and drops what waited on it", async () => {
    const { fake } = await start();
    fake.clock.freeze(T);
    fake.clock.reset();
    expect(fake.clock.frozen).toBe(false);
    expect(fake.clock.pending).toBe(0);
    expect(Math.abs(fake.clock.now() - Date.now())).toBeLessThan(60_000);
  });

  test("reset() sets the clock back to real time", async () => {
    const { fake } = await start();
    fake.clock.freeze(T);
    fake.reset();
    expect(fake.clock.frozen).toBe(false);
    expect(Math.abs(fake.clock.now() - Date.now())).toBeLessThan(60_000);
  });
});
