// The governor on a clock of the test's own: time moves only when a case moves it, so every
// wait is exact and nothing depends on the machine's speed.
import { REQUEST_DEFAULTS } from "../../src/transport/request-options";
import { ChatConfigError } from "../../src/errors/chat-config-error";
import { RateLimitError } from "../../src/errors/chat-api-error";
import { RateLimitStoreError } from "../../src/errors/rate-limit-store-error";
import type { GovernedCall, Governor, Permit } from "../../src/rate-limits/governor";
import type { CallParams } from "../../src/safety/input-checks";
import { MemoryRateLimitStore } from "../../src/rate-limits/memory-rate-limit-store";
import type { RateLimits, RateLimitStore, RateLimitTake } from "../../src/rate-limits/rate-limit-options";
import { createRateLimitGovernor, type GovernorClock } from "../../src/rate-limits/rate-limit-governor";

class TestClock implements GovernorClock {
  at = 1_000_000;
  private timers: { due: number; callback: () => void }[] = [];
  now = () => this.at;
  setTimeout = (callback: () => void, ms: number) => {
    const timer = { due: this.at + ms, callback };
    this.timers.push(timer);
    return timer;
  };
  clearTimeout = (timer: unknown) => {
    this.timers = this.timers.filter((t) => t !== timer);
  };
  random = () => 0.5;
  /** Moves time on by `ms`, firing each timer that falls due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      await flush();
      const next = this.timers.filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.at = Math.max(this.at, next.due);
      next.callback();
    }
    this.at = end;
    await flush();
  }
}

/** A call of these cases: the operation, with the parameters that name its user. */
type TestCall = GovernedCall & { params?: CallParams };
const acquireWith = (governor: Governor, call: TestCall, previous: Permit | undefined, started: number, signal: AbortSignal | undefined) =>
  governor.acquire(call, call.params, previous, started, signal);

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const APP = "app1";
const sendAs = (uid: string, options = REQUEST_DEFAULTS): TestCall => ({
  method: "POST",
  path: "/messages",
  params: { header: { onBehalfOf: uid } },
  options,
});
const listUsers: TestCall = { method: "GET", path: "/users", options: REQUEST_DEFAULTS };
const createUser: TestCall = { method: "POST", path: "/users", options: REQUEST_DEFAULTS };

function setup(limits: RateLimits) {
  const clock = new TestClock();
  const store = new MemoryRateLimitStore(clock.now);
  const governor = createRateLimitGovernor({ ...limits, store }, APP, { RateLimitError, ChatConfigError, RateLimitStoreError }, clock);
  /** Acquires, records the order in which permits are given, and settles each at once, as an answer that came back at once. */
  const granted: string[] = [];
  const acquire = (name: string, call: TestCall, previous?: Permit, signal?: AbortSignal) => {
    const result = Promise.resolve(acquireWith(governor, call, previous, 0, signal)).then((permit) => {
      granted.push(name);
      governor.settle(permit, {});
      return permit;
    });
    result.catch(() => {});
    return result;
  };
  return { clock, store, governor, granted, acquire };
}

const perUser = (limit: number, windowMs = 1_000): RateLimits => ({ perUser: { sendMessage: { limit, windowMs } } });
const answer = (status: number, headers: Record<string, string> = {}) => ({ response: new Response(null, { status, headers }) });

test("a user's calls past the limit wait until the oldest leaves the window, then go in the order they were made", async () => {
  const { clock, granted, acquire } = setup(perUser(3));
  for (const name of ["a", "b", "c", "d", "e"]) void acquire(name, sendAs("ana"));
  await flush();
  expect(granted).toEqual(["a", "b", "c"]);
  await clock.advance(1_000);
  expect(granted).toEqual(["a", "b", "c"]);
  await clock.advance(1);
  expect(granted).toEqual(["a", "b", "c", "d", "e"]);
});

test("a call with room is given its permit at once, without a promise", () => {
  const { governor } = setup(perUser(3));
  const permit = acquireWith(governor, sendAs("ana"), undefined, 0, undefined);
  expect(permit).not.toBeInstanceOf(Promise);
  expect((permit as Permit).slots.map((slot) => slot.key)).toEqual([`${APP}:sendMessage:ana`]);
});

test("an operation no limit covers is not counted", () => {
  const { governor, store } = setup(perUser(1));
  for (let i = 0; i < 5; i++) expect((acquireWith(governor, listUsers, undefined, 0, undefined) as Permit).slots).toEqual([]);
  expect(store.size).toBe(0);
});

test("a user who must wait holds no other user", async () => {
  const { granted, acquire } = setup(perUser(1));
  void acquire("ana-1", sendAs("ana"));
  void acquire("ana-2", sendAs("ana"));
  void acquire("ben-1", sendAs("ben"));
  await flush();
  expect(granted).toEqual(["ana-1", "ben-1"]);
});

test("the acting user is the client's params.header onBehalfOf, under one key whatever its case, or the uid of a bot's message", () => {
  const { governor } = setup(perUser(5));
  const keys = (call: TestCall) => (acquireWith(governor, call, undefined, 0, undefined) as Permit).slots.map((slot) => slot.key);
  expect(keys({ ...sendAs(""), params: { header: { onBehalfOf: "Ana" } } })).toEqual([`${APP}:sendMessage:ana`]);
  expect(
    keys({ method: "POST", path: "/bots/{uid}/messages", params: { path: { uid: "helper-bot" } }, options: REQUEST_DEFAULTS }),
  ).toEqual([`${APP}:sendMessage:helper-bot`]);
  // A message the app sends as itself is no user's.
  expect(keys({ method: "POST", path: "/messages", options: REQUEST_DEFAULTS })).toEqual([]);
});

test("core and standard operations are counted apart, and `all` counts both", async () => {
  const { governor } = setup({
    app: { core: { limit: 1, windowMs: 60_000 }, standard: { limit: 2, windowMs: 60_000 }, all: { limit: 10, windowMs: 60_000 } },
    maxWaitMs: 10,
  });
  const keys = (call: TestCall) => (acquireWith(governor, call, undefined, 0, undefined) as Permit).slots.map((slot) => slot.key);
  expect(keys(createUser)).toEqual([`${APP}:core`, `${APP}:all`]);
  expect(keys(listUsers)).toEqual([`${APP}:standard`, `${APP}:all`]);
  // The core slot is taken; a standard call still has room.
  expect(acquireWith(governor, listUsers, undefined, 0, undefined)).not.toBeInstanceOf(Promise);
  expect(() => acquireWith(governor, createUser, undefined, 0, undefined)).toThrow(RateLimitError);
});

test("a call whose wait passes maxWaitMs is refused at once with whose limit, the key and the wait", () => {
  const { governor } = setup({ ...perUser(1, 60_000), maxWaitMs: 5_000 });
  governor.settle(acquireWith(governor, sendAs("ana"), undefined, 0, undefined) as Permit, {});
  let error: unknown;
  try {
    acquireWith(governor, sendAs("ana"), undefined, 0, undefined);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toMatchObject({ scope: "user", key: `${APP}:sendMessage:ana`, waitMs: 60_001, status: 429, retryAfter: 61 });
});

test("without maxWaitMs a call may wait what is left of its deadline, and its timeoutMs does not bound the wait", () => {
  const { governor, clock } = setup(perUser(1, 10_000));
  governor.settle(acquireWith(governor, sendAs("ana"), undefined, 0, undefined) as Permit, {});
  const tight = { ...REQUEST_DEFAULTS, deadlineMs: 15_000 };
  // 10 s of the deadline are gone: 5 s are left, and the wait is 10 s.
  expect(() => acquireWith(governor, sendAs("ana", tight), undefined, clock.at - 10_000, undefined)).toThrow(RateLimitError);
  expect(acquireWith(governor, sendAs("ana", tight), undefined, clock.at, undefined)).toBeInstanceOf(Promise);
  // A per-attempt timeout of 5 s starts when the request is sent: a wait of 10 s before it is not refused.
  expect(acquireWith(governor, sendAs("ana", { ...REQUEST_DEFAULTS, timeoutMs: 5_000 }), undefined, 0, undefined)).toBeInstanceOf(Promise);
});

test("without maxWaitMs nor a deadline a call waits as many windows as the calls ahead of it need", async () => {
  const { clock, granted, acquire } = setup(perUser(2, 1_000));
  for (let i = 0; i < 7; i++) void acquire(`m${i}`, sendAs("ana", { ...REQUEST_DEFAULTS, timeoutMs: 100 }));
  await flush();
  expect(granted).toEqual(["m0", "m1"]);
  await clock.advance(1_001);
  expect(granted).toHaveLength(4);
  await clock.advance(1_001);
  expect(granted).toHaveLength(6);
  await clock.advance(1_001);
  expect(granted).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6"]);
});

test("with a store that answers by promise, each answer is held to timeoutMs but the wait for room is not", async () => {
  const clock = new TestClock();
  const inner = new MemoryRateLimitStore(clock.now);
  const store: RateLimitStore = {
    take: (slots, id) => Promise.resolve(inner.take(slots, id)),
    settle: (slots, id) => Promise.resolve(inner.settle(slots, id)),
    hold: (key, ms) => Promise.resolve(inner.hold(key, ms)),
    sync: (...args) => Promise.resolve(inner.sync(...args)),
  };
  const governor = createRateLimitGovernor(
    { ...perUser(1, 1_000), store },
    APP,
    { RateLimitError, ChatConfigError, RateLimitStoreError },
    clock,
  );
  const outcomes: unknown[] = [];
  for (let i = 0; i < 4; i++)
    void Promise.resolve(acquireWith(governor, sendAs("ana", { ...REQUEST_DEFAULTS, timeoutMs: 100 }), undefined, 0, undefined)).then(
      (permit) => {
        outcomes.push("sent");
        governor.settle(permit, {});
      },
      (error: unknown) => outcomes.push(error),
    );
  // Three windows of waiting, thirty times the calls' timeoutMs: every one is sent, none refused.
  for (let i = 0; i < 40 && outcomes.length < 4; i++) await clock.advance(100);
  expect(outcomes).toEqual(["sent", "sent", "sent", "sent"]);
});

test("callers queued behind a long wait are refused as soon as they are queued, told the wait of their place", async () => {
  const { governor, clock } = setup({ ...perUser(1, 60_000), maxWaitMs: 30_000 });
  governor.settle(acquireWith(governor, sendAs("ana"), undefined, 0, undefined) as Permit, {});
  clock.at += 59_000;
  // Waits 1 s: within its 30 s.
  const patient = acquireWith(governor, sendAs("ana"), undefined, 0, undefined) as Promise<Permit>;
  // Behind it, another waits a whole window more, counted from when the first leaves: refused at once.
  const late = Promise.resolve(acquireWith(governor, sendAs("ana"), undefined, 0, undefined));
  const error = await late.then(
    () => undefined,
    (caught: RateLimitError) => caught,
  );
  expect(error).toMatchObject({ scope: "user", waitMs: 1_001 + 60_001 });
  await clock.advance(1_001);
  await expect(patient).resolves.toBeDefined();
});

test("a 429 holds its key for Retry-After and a positive jitter; the call that got it goes first, then the others in order", async () => {
  const { governor, clock, granted, acquire } = setup(perUser(100));
  const first = await acquire("first", sendAs("ana"));
  expect(governor.settle(first, answer(429, { "retry-after": "1" }))).toBe(true);
  void acquire("second", sendAs("ana"));
  void acquire("third", sendAs("ana"));
  void acquire("ben", sendAs("ben"));
  // The retry of the first call is made last, and still goes first.
  void acquire("first again", sendAs("ana"), first);
  await flush();
  expect(granted).toEqual(["first", "ben"]);
  await clock.advance(1_000);
  expect(granted).toEqual(["first", "ben"]);
  // Jitter: 50 ms, and 50 × random() more (0.5 here).
  await clock.advance(75);
  expect(granted).toEqual(["first", "ben", "first again", "second", "third"]);
});

describe("a wait the service gives is believed up to one cap", () => {
  const served = Date.parse("2026-11-28T10:00:00Z");
  const date = new Date(served).toUTCString();
  // A call that may wait two minutes: what it waits for is the hold alone.
  const patient = sendAs("ana", { ...REQUEST_DEFAULTS, timeoutMs: 120_000 });
  test.each([
    ["a Retry-After of a billion seconds", { "retry-after": "1000000000" }],
    ["a Retry-After in the year 9999", { "retry-after": "Fri, 31 Dec 9999 23:59:59 GMT", date }],
    ["an unreadable Retry-After", { "retry-after": "soon" }],
    ["a reset an hour after the answer", { "x-ratelimit-reset": String(served / 1000 + 3_600), date }],
    ["a reset before the answer", { "x-ratelimit-reset": String(served / 1000 - 5), date }],
  ])("%s holds the key for the rule's window, not longer", async (_, headers) => {
    const { governor, clock, granted, acquire } = setup(perUser(100, 60_000));
    const first = await acquire("first", sendAs("ana"));
    expect(governor.settle(first, answer(429, headers))).toBe(true);
    void acquire("second", patient);
    await clock.advance(59_000);
    expect(granted).toEqual(["first"]);
    await clock.advance(1_100);
    expect(granted).toEqual(["first", "second"]);
  });

  test("a reset that can only be milliseconds is read as milliseconds", async () => {
    const { governor, clock, granted, acquire } = setup(perUser(100, 60_000));
    const first = await acquire("first", sendAs("ana"));
    governor.settle(first, answer(429, { "x-ratelimit-reset": String(served + 10_000), date }));
    void acquire("second", patient);
    await clock.advance(9_000);
    expect(granted).toEqual(["first"]);
    await clock.advance(1_100);
    expect(granted).toEqual(["first", "second"]);
  });

  test("an HTTP-date Retry-After is read against the answer's Date, so a local clock an hour behind holds 10 s", async () => {
    const { governor, clock, granted, acquire } = setup(perUser(100, 60_000));
    const first = await acquire("first", sendAs("ana"));
    // The service's clock is an hour ahead of this process's (Date.now(), as the store's is not).
    const at = Date.now() + 3_600_000;
    const headers = { date: new Date(at).toUTCString(), "retry-after": new Date(at + 10_000).toUTCString() };
    governor.settle(first, answer(429, headers));
    void acquire("second", patient);
    await clock.advance(9_000);
    expect(granted).toEqual(["first"]);
    await clock.advance(1_100);
    expect(granted).toEqual(["first", "second"]);
  });
});

test("the retry of a call that met a 429 waits out the hold, even past maxWaitMs: the transport already chose to retry", async () => {
  const { governor, clock } = setup({ ...perUser(100), maxWaitMs: 100 });
  const first = governor.acquire(sendAs("ana"), sendAs("ana").params, undefined, 0, undefined) as Permit;
  governor.settle(first, answer(429, { "retry-after": "5" }));
  const retry = governor.acquire(sendAs("ana"), sendAs("ana").params, first, 0, undefined);
  expect(retry).toBeInstanceOf(Promise);
  // A new call of the key cannot wait that long: refused at once.
  await expect(Promise.resolve(governor.acquire(sendAs("ana"), sendAs("ana").params, undefined, 0, undefined))).rejects.toMatchObject({
    name: "RateLimitError",
    scope: "user",
  });
  await clock.advance(5_100);
  await expect(retry).resolves.toMatchObject({ seq: first.seq });
});

test("a 429 that names the app's limit holds the app's key, not the user's", async () => {
  const { governor, granted, acquire } = setup({ app: { standard: { limit: 20_000, windowMs: 60_000 } }, ...perUser(30, 60_000) });
  const permit = await acquire("ana", sendAs("ana"));
  governor.settle(permit, answer(429, { "retry-after": "5", "x-ratelimit-limit": "20000" }));
  void acquire("list", listUsers);
  void acquire("ben", sendAs("ben"));
  await flush();
  expect(granted).toEqual(["ana"]);
});

test("the service's remaining count corrects the local one, in either header spelling, read as rateLimit() reads them", async () => {
  for (const headers of <Record<string, string>[]>[
    { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "1" },
    { "x-rate-limit": "10", "x-rate-limit-remaining": "1" },
    // A malformed value in the current spelling: the older one is read, as rateLimit() reads it.
    { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "n/a", "x-rate-limit-remaining": "1" },
  ]) {
    const { governor, clock, granted, acquire } = setup({ app: { standard: { limit: 10, windowMs: 1_000 } } });
    const permit = await acquire("one", listUsers);
    // Other processes used the rest: 1 is left, so one more call goes and the next waits.
    expect(governor.settle(permit, answer(200, headers))).toBe(false);
    void acquire("two", listUsers);
    void acquire("three", listUsers);
    await flush();
    expect(granted).toEqual(["one", "two"]);
    await clock.advance(1_001);
    expect(granted).toEqual(["one", "two", "three"]);
  }
});

test("an answer that says none is left, counted while an earlier request was leaving the window, does not hold the next call for a window", async () => {
  const { governor, clock } = setup({ app: { standard: { limit: 2, windowMs: 1_000 } } });
  const granted: string[] = [];
  const go = (name: string) =>
    Promise.resolve(acquireWith(governor, listUsers, undefined, 0, undefined)).then((permit) => {
      granted.push(name);
      return permit;
    });
  const one = await go("one");
  const two = await go("two");
  await clock.advance(10);
  governor.settle(one, answer(200));
  await clock.advance(10);
  governor.settle(two, answer(200));
  const three = go("three");
  await clock.advance(991);
  expect(granted).toEqual(["one", "two", "three"]);
  // The service counted three as it arrived, two still in its window: none left. Two has left
  // the window by the time the answer comes.
  await clock.advance(10);
  governor.settle(await three, answer(200, { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0" }));
  void go("four");
  void go("five");
  await clock.advance(0);
  expect(granted).toEqual(["one", "two", "three", "four"]);
  await clock.advance(1_001);
  expect(granted).toEqual(["one", "two", "three", "four", "five"]);
});

test("a reset the service sends is read against its own Date header, so a skewed local clock does not matter", async () => {
  const { governor, clock, granted, acquire } = setup({ app: { standard: { limit: 10, windowMs: 60_000 } } });
  const permit = await acquire("one", listUsers);
  // The service's clock is a day ahead; its window resets 2 s after its own now.
  const served = clock.at + 86_400_000;
  const headers = {
    "x-ratelimit-limit": "10",
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": String((served + 2_000) / 1000),
    date: new Date(served).toUTCString(),
  };
  governor.settle(permit, answer(200, headers));
  void acquire("two", listUsers);
  await clock.advance(1_000);
  expect(granted).toEqual(["one"]);
  await clock.advance(1_001);
  expect(granted).toEqual(["one", "two"]);
});

test("a request counts from when its answer came, so a slow answer cannot let the next window start early", async () => {
  const { governor, clock, granted, acquire } = setup(perUser(1));
  const permit = await acquire("one", sendAs("ana"));
  void acquire("two", sendAs("ana"));
  // The answer takes 600 ms: the service may have seen the request as late as that.
  await clock.advance(600);
  governor.settle(permit, answer(200));
  await clock.advance(1_000);
  expect(granted).toEqual(["one"]);
  await clock.advance(601);
  expect(granted).toEqual(["one", "two"]);
});

test("a waiting call whose signal aborts rejects with its reason and leaves its place to the next", async () => {
  const { clock, granted, acquire } = setup(perUser(1));
  void acquire("one", sendAs("ana"));
  const controller = new AbortController();
  const aborted = acquire("two", sendAs("ana"), undefined, controller.signal);
  void acquire("three", sendAs("ana"));
  controller.abort(new Error("stop"));
  await expect(aborted).rejects.toThrow("stop");
  await clock.advance(1_001);
  expect(granted).toEqual(["one", "three"]);
});

test.each([
  [{ perUser: { sendMessage: { limit: 0, windowMs: 1_000 } } }, "rateLimits.perUser.sendMessage"],
  [{ app: { core: { limit: 5, windowMs: -1 } } }, "rateLimits.app.core"],
  [{ maxWaitMs: -1 }, "rateLimits.maxWaitMs"],
  ["everything", "rateLimits must be"],
])("bad rateLimits %j are refused with a ChatConfigError naming the option", (limits, named) => {
  expect(() => createRateLimitGovernor(limits as RateLimits, APP, { RateLimitError, ChatConfigError, RateLimitStoreError })).toThrow(
    expect.objectContaining({ name: "ChatConfigError", message: expect.stringContaining(named) }),
  );
});

describe("the store in memory", () => {
  test("drops the keys that went idle as later calls go by, so a million users leave no trace", () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    const slot = (uid: number) => ({ key: `app:sendMessage:${uid}`, limit: 30, windowMs: 60_000 });
    // 100,000 users send once each over ten minutes: about 10,000 are in the window at any time.
    for (let uid = 1; uid <= 100_000; uid++) {
      now += 6;
      store.take([slot(uid)], uid);
      store.settle([slot(uid)], uid);
    }
    expect(store.size).toBeLessThan(25_000);
    // A minute later, with calls going by, the idle keys are gone (but the last thousand or so,
    // which cost less to keep than to look for).
    now += 60_001;
    for (let i = 0; i < 60_000; i++) store.take([{ key: "app:standard", limit: 1e9, windowMs: 1 }], 100_000 + i);
    expect(store.size).toBeLessThanOrEqual(1_001);
  });

  test("a key is held until its hold passes, then has room", () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    const slot = { key: "k", limit: 5, windowMs: 1_000 };
    store.hold("k", 2_000);
    expect(store.take([slot], 1)).toEqual({ waitMs: 2_000, key: "k" });
    now = 2_000;
    expect(store.take([slot], 2)).toEqual({ waitMs: 0 });
  });

  test("takes every slot of a call or none", () => {
    const store = new MemoryRateLimitStore(() => 0);
    const user = { key: "u", limit: 5, windowMs: 1_000 };
    const app = { key: "a", limit: 1, windowMs: 1_000 };
    expect(store.take([user, app], 1).waitMs).toBe(0);
    // Unanswered, the request is expected to be answered now: the app's key is told room in a window.
    expect(store.take([user, app], 2)).toEqual({ waitMs: 1_001, key: "a" });
    store.settle([user, app], 1);
    expect(store.take([user, app], 2)).toEqual({ waitMs: 1_001, key: "a" });
    // The refused call took no place under the user's key: four are left.
    for (let id = 3; id < 7; id++) expect(store.take([user], id).waitMs).toBe(0);
    store.settle([user], 3);
    expect(store.take([user], 7).waitMs).toBe(1_001);
  });
});

test("a refusal's waitMs is the wait a call made at the same moment gets, within 10% and the answers' latency", async () => {
  const WINDOW = 60_000;
  const LATENCY = 200;
  const { governor, clock } = setup(perUser(30, WINDOW));
  const t0 = clock.at;
  /** Makes a send; resolves with when it left, and its answer settles it LATENCY later. */
  const send = (options = REQUEST_DEFAULTS) =>
    (async () => acquireWith(governor, sendAs("ana", options), undefined, clock.at, undefined))().then((permit) => {
      const at = clock.at;
      clock.setTimeout(() => governor.settle(permit, {}), LATENCY);
      return at;
    });
  const refused = async () => {
    const error = await send({ ...REQUEST_DEFAULTS, deadlineMs: 1 }).then(
      () => undefined,
      (caught: RateLimitError) => caught,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    return error!.waitMs!;
  };
  const burst = Array.from({ length: 30 }, () => send());
  // First in the queue, while the 30 before it wait for their answers.
  const toldFirst = await refused();
  const first = send();
  const middle = Array.from({ length: 39 }, () => send());
  // 40 calls ahead of it: it leaves a window after the 30th of them.
  const toldLater = await refused();
  const later = send();
  await clock.advance(4 * WINDOW);
  const sent = await Promise.all([...burst, first, ...middle, later]);
  expect(sent.slice(0, 30).every((at) => at === t0)).toBe(true);
  const gotFirst = (await first) - t0;
  const gotLater = (await later) - t0;
  expect(Math.abs(gotFirst - toldFirst)).toBeLessThanOrEqual(0.1 * toldFirst + LATENCY);
  expect(Math.abs(gotLater - toldLater)).toBeLessThanOrEqual(0.1 * toldLater + 2 * LATENCY);
  // A whole window: not two, as when a request still unanswered counted from a window after it was sent.
  expect(toldFirst).toBeLessThan(1.1 * WINDOW);
});

describe("the store in memory, answers out of order", () => {
  test("each request counts from its own answer, not from a later-sent one still unanswered", () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    const slot = { key: "u", limit: 2, windowMs: 1_000 };
    expect(store.take([slot], 1).waitMs).toBe(0);
    expect(store.take([slot], 2).waitMs).toBe(0);
    // The second request is answered first, while the first still waits for its answer.
    now = 100;
    store.settle([slot], 2);
    now = 200;
    store.settle([slot], 1);
    // Two places: the older counts from 100, so there is room a window after it.
    now = 1_100;
    expect(store.take([slot], 3).waitMs).toBe(1);
    now = 1_101;
    expect(store.take([slot], 3).waitMs).toBe(0);
    // The next waits for the one answered at 200.
    expect(store.take([slot], 4)).toEqual({ waitMs: 100, key: "u" });
  });
});

test("onWait is told once of each call that waits: the limit that holds it and the wait it is expected to have", async () => {
  const waits: unknown[] = [];
  const { clock, granted, acquire } = setup({ ...perUser(1, 1_000), onWait: (wait) => waits.push(wait) });
  void acquire("m0", sendAs("ana"));
  void acquire("m1", sendAs("ana"));
  void acquire("m2", sendAs("ana"));
  await flush();
  const key = `${APP}:sendMessage:ana`;
  expect(waits).toEqual([
    { method: "POST", path: "/messages", scope: "user", key, waitMs: 1_001 },
    { method: "POST", path: "/messages", scope: "user", key, waitMs: 2_002 },
  ]);
  await clock.advance(2_002);
  expect(granted).toEqual(["m0", "m1", "m2"]);
  expect(waits).toHaveLength(2);
});

test("an onWait that throws loses no call, and one that is not a function is refused", async () => {
  const { clock, granted, acquire } = setup({
    ...perUser(1, 1_000),
    onWait: () => {
      throw new Error("metrics are down");
    },
  });
  void acquire("m0", sendAs("ana"));
  void acquire("m1", sendAs("ana"));
  await clock.advance(1_001);
  expect(granted).toEqual(["m0", "m1"]);
  expect(() => setup({ ...perUser(1), onWait: "log" as never })).toThrow(ChatConfigError);
});

test("a store that hears another process settle a key wakes that key's queue at once, which reckons its wait from the answer", async () => {
  const clock = new TestClock();
  const inner = new MemoryRateLimitStore(clock.now);
  let heard: ((keys: readonly string[]) => void) | undefined;
  let takes = 0;
  const store = {
    take: (slots: Parameters<typeof inner.take>[0], id: number) => {
      takes++;
      return inner.take(slots, id);
    },
    settle: (slots: Parameters<typeof inner.settle>[0], id: number) => inner.settle(slots, id),
    hold: (key: string, ms: number) => inner.hold(key, ms),
    sync: (...args: Parameters<typeof inner.sync>) => inner.sync(...args),
    subscribe: (listener: (keys: readonly string[]) => void) => {
      heard = listener;
      return () => {};
    },
  };
  const governor = createRateLimitGovernor(
    { ...perUser(1, 1_000), store },
    APP,
    { RateLimitError, ChatConfigError, RateLimitStoreError },
    clock,
  );
  const key = `${APP}:sendMessage:ana`;
  const slot = { key, limit: 1, windowMs: 1_000 };
  // Another process's request, unanswered.
  inner.take([slot], 1_000_001);
  let granted = false;
  void Promise.resolve(acquireWith(governor, sendAs("ana"), undefined, 0, undefined)).then(() => (granted = true));
  await flush();
  expect(takes).toBe(1);
  await clock.advance(300);
  // Its answer comes, and the store hears of it.
  inner.settle([slot], 1_000_001);
  heard!([key]);
  await flush();
  expect(takes).toBe(2);
  await clock.advance(1_000);
  expect(granted).toBe(false);
  await clock.advance(1);
  expect(granted).toBe(true);
});

test("a governor listens to its store only while calls of its own wait, so a store keeps no idle client", async () => {
  const clock = new TestClock();
  const inner = new MemoryRateLimitStore(clock.now);
  const listeners = new Set<(keys: readonly string[]) => void>();
  const store: RateLimitStore = {
    take: (slots, id) => inner.take(slots, id),
    settle: (slots, id) => inner.settle(slots, id),
    hold: (key, ms) => inner.hold(key, ms),
    sync: (...args) => inner.sync(...args),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const governor = createRateLimitGovernor(
    { ...perUser(1, 1_000), store },
    APP,
    { RateLimitError, ChatConfigError, RateLimitStoreError },
    clock,
  );
  const granted: string[] = [];
  const acquire = (name: string) =>
    Promise.resolve(acquireWith(governor, sendAs("ana"), undefined, 0, undefined)).then((permit) => {
      granted.push(name);
      governor.settle(permit, {});
    });
  // A call with room: nothing to listen for.
  await acquire("m0");
  expect(listeners.size).toBe(0);
  // Two calls wait: one listener, heard while they wait.
  void acquire("m1");
  void acquire("m2");
  await flush();
  expect(listeners.size).toBe(1);
  await clock.advance(1_001);
  expect(granted).toEqual(["m0", "m1"]);
  expect(listeners.size).toBe(1);
  // The last waiting call leaves: the governor is no longer the store's.
  await clock.advance(1_001);
  expect(granted).toEqual(["m0", "m1", "m2"]);
  expect(listeners.size).toBe(0);
  // A call aborted while it waits leaves nothing either.
  const controller = new AbortController();
  const aborted = Promise.resolve(acquireWith(governor, sendAs("ana"), undefined, 0, controller.signal));
  aborted.catch(() => {});
  await flush();
  expect(listeners.size).toBe(1);
  controller.abort(new Error("gone"));
  await expect(aborted).rejects.toThrow("gone");
  await flush();
  expect(listeners.size).toBe(0);
});

describe("a store that fails or does not answer refuses the call, and nothing waits on it past the call's time", () => {
  /** A store whose takes answer only when the case says, or never. */
  function slowStore(label?: string) {
    const takes: { resolve(answer: RateLimitTake): void; reject(error: unknown): void }[] = [];
    const store: RateLimitStore = {
      ...(label && { label }),
      take: () => new Promise<RateLimitTake>((resolve, reject) => takes.push({ resolve, reject })),
      settle() {},
      hold() {},
      sync() {},
    };
    const clock = new TestClock();
    const governor = createRateLimitGovernor(
      { ...perUser(5), store },
      APP,
      { RateLimitError, ChatConfigError, RateLimitStoreError },
      clock,
    );
    return { takes, clock, governor };
  }
  /** What a promise came to once everything queued has run: "pending" when it has not settled. */
  const outcome = async (promise: unknown) => {
    const settled = Promise.resolve(promise).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await flush();
    return Promise.race([settled, Promise.resolve("pending")]);
  };

  test("a call whose signal fires while the store answers rejects at once with the signal's reason", async () => {
    const { takes, governor } = slowStore();
    const controller = new AbortController();
    const call = acquireWith(governor, sendAs("ana"), undefined, 0, controller.signal);
    const reason = new Error("the caller gave up");
    controller.abort(reason);
    expect(await outcome(call)).toEqual({ error: reason });
    // The store answering afterwards changes nothing.
    takes[0]!.resolve({ waitMs: 0 });
    expect(await outcome(call)).toEqual({ error: reason });
  });

  test("a call waiting in a queue whose signal fires while the store answers for it rejects with the signal's reason", async () => {
    const { takes, clock, governor } = slowStore();
    // The first call is told to wait a second: the second call queues behind it.
    void acquireWith(governor, sendAs("ana"), undefined, 0, undefined);
    takes[0]!.resolve({ waitMs: 1_000, key: `${APP}:sendMessage:ana` });
    await flush();
    const controller = new AbortController();
    const queued = acquireWith(governor, sendAs("ana"), undefined, 0, controller.signal);
    await clock.advance(1_000);
    expect(takes).toHaveLength(2);
    controller.abort(new Error("stop"));
    expect(await outcome(queued)).toEqual({ error: new Error("stop") });
  });

  test.each([
    ["deadlineMs", { deadlineMs: 500 }, "no answer within 500 ms, the call's deadlineMs"],
    ["timeoutMs", { timeoutMs: 500 }, "no answer within 500 ms, the call's timeoutMs"],
  ])("a store that does not answer within the call's %s refuses it with a RateLimitStoreError", async (_, options, why) => {
    const { clock, governor } = slowStore("redis://127.0.0.1:6390");
    const call = acquireWith(governor, sendAs("ana", { ...REQUEST_DEFAULTS, ...options }), undefined, clock.now(), undefined);
    await clock.advance(499);
    expect(await outcome(call)).toBe("pending");
    await clock.advance(1);
    const { error } = (await outcome(call)) as { error: RateLimitStoreError };
    expect(error).toBeInstanceOf(RateLimitStoreError);
    expect(error.store).toBe("redis://127.0.0.1:6390");
    expect(error.message).toBe(`POST /messages: not sent: the rate-limit store redis://127.0.0.1:6390 failed: ${why}`);
  });

  test("a store that fails refuses the call with a RateLimitStoreError that keeps the store's error as its cause", async () => {
    const { takes, governor } = slowStore();
    const call = acquireWith(governor, sendAs("ana"), undefined, 0, undefined);
    const cause = new Error("The client is offline");
    takes[0]!.reject(cause);
    const { error } = (await outcome(call)) as { error: RateLimitStoreError };
    expect(error).toMatchObject({ name: "RateLimitStoreError", store: "custom", cause, method: "POST", path: "/messages" });
    expect(error.message).toContain("the rate-limit store custom failed: The client is offline");
  });
});
