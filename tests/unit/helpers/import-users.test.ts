// importUsers against the fake, through the SDK: arrays, iterables and async iterables read as
// room frees up, bad records reported without stopping, progress on a timer a test moves by hand.
import { ChatConfigError } from "../../../src/index";
import { type ImportProgress, importUsers, ImportUsersError, type ProgressTimers, type UserInput } from "../../../src/helpers/index";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;

const customers = (count: number, from = 1): UserInput[] =>
  Array.from({ length: count }, (_, i) => ({ uid: `c-${from + i}`, name: `Customer ${from + i}` }));

/** Timers that only tick when the test says so. */
function manualTimers() {
  const ticks: (() => void)[] = [];
  const cleared: unknown[] = [];
  const timers: ProgressTimers = {
    setInterval: (tick, ms) => {
      expect(ms).toBe(1000);
      ticks.push(tick);
      return `timer-${ticks.length}`;
    },
    clearInterval: (handle) => void cleared.push(handle),
  };
  return {
    timers,
    tick: () => {
      for (const tick of ticks) tick();
    },
    started: () => ticks.length,
    cleared,
  };
}

useRecordingFake((started, recording) => {
  fake = started;
  client = recording;
});

test("an array is imported: new users created, existing ones counted, each bad record reported once, and the import goes on", async () => {
  fake.seed({ users: [{ uid: "c-2", name: "Already here" }] });
  const records = [...customers(3), { uid: "bad uid", name: "Space" }, { uid: "c-9" }, ...customers(2, 4)] as UserInput[];
  const result = await importUsers(client.chat, records);
  expect(result).toEqual({
    created: 4,
    existing: 1,
    updated: 0,
    failed: [
      {
        index: 3,
        uid: "bad uid",
        error: { code: "ChatConfigError", message: expect.stringMatching(/record 3\.uid must be/), cause: expect.any(ChatConfigError) },
      },
      {
        index: 4,
        uid: "c-9",
        error: {
          code: "ChatConfigError",
          message: expect.stringMatching(/record 4\.name is required/),
          cause: expect.any(ChatConfigError),
        },
      },
    ],
    stopped: false,
  });
  expect([...fake.state.users.keys()].sort()).toEqual(["c-1", "c-2", "c-3", "c-4", "c-5"]);
  expect(fake.state.users.get("c-2")?.name).toBe("Already here");
  // Bad records are refused before sending; an existing user costs its one create.
  expect(client.requests).toEqual(Array(5).fill("POST /users"));
});

test("a record the service refuses is reported with the service's code", async () => {
  fake.failNext("create-user", { status: 403 });
  const result = await importUsers(client.chat, customers(3), { concurrency: 1 });
  expect(result.created).toBe(2);
  expect(result.failed).toEqual([{ index: 0, uid: "c-1", error: expect.objectContaining({ code: expect.stringMatching(/^AUTH_ERR_/) }) }]);
});

test('onExists "update" changes the fields that differ and counts those users as updated', async () => {
  fake.seed({
    users: [
      { uid: "c-1", name: "Old name", avatar: "https://cdn.example.org/1.png" },
      { uid: "c-2", name: "Customer 2" },
    ],
  });
  const result = await importUsers(client.chat, customers(3), { onExists: "update" });
  expect(result).toEqual({ created: 1, existing: 2, updated: 1, failed: [], stopped: false });
  expect(fake.state.users.get("c-1")).toMatchObject({ name: "Customer 1", avatar: "https://cdn.example.org/1.png" });
  expect(client.requests.filter((request) => request.startsWith("PUT "))).toEqual(["PUT /users/c-1"]);
});

test("an async generator is read only as fast as requests finish: never more than `concurrency` records ahead", async () => {
  let pulled = 0;
  let answered = 0;
  let mostAhead = 0;
  client.chat.use({ onResponse: () => void answered++ });
  async function* stream() {
    for (const user of customers(60)) {
      pulled++;
      mostAhead = Math.max(mostAhead, pulled - answered);
      yield user;
    }
  }
  const result = await importUsers(client.chat, stream(), { concurrency: 4 });
  expect(result).toEqual({ created: 60, existing: 0, updated: 0, failed: [], stopped: false });
  expect(pulled).toBe(60);
  expect(mostAhead).toBeLessThanOrEqual(4);
  expect(client.maxInFlight()).toBe(4);
});

test("by default 8 requests are in flight at most, and a plain iterable is taken too", async () => {
  function* iterable() {
    yield* customers(40);
  }
  const result = await importUsers(client.chat, iterable());
  expect(result.created).toBe(40);
  expect(client.maxInFlight()).toBe(8);
});

test("onProgress is called on each tick of its one-second timer and once at the end, and the timer is stopped", async () => {
  const clock = manualTimers();
  const reports: ImportProgress[] = [];
  fake.seed({ users: [{ uid: "c-5", name: "Existing" }] });
  async function* stream() {
    for (const [i, user] of customers(10).entries()) {
      // The timer ticks while the import runs, whatever the records have come to by then.
      if (i === 6) clock.tick();
      yield i === 8 ? ({ uid: "c-8" } as UserInput) : user;
    }
  }
  const result = await importUsers(client.chat, stream(), {
    concurrency: 2,
    onProgress: (progress) => reports.push(progress),
    timers: clock.timers,
  });
  expect(clock.started()).toBe(1);
  expect(clock.cleared).toEqual(["timer-1"]);
  expect(reports).toHaveLength(2);
  expect(reports[0]!.done).toBeGreaterThanOrEqual(4);
  expect(reports[0]!.done).toBeLessThanOrEqual(6);
  expect(reports[1]).toEqual({ done: 10, created: 8, existing: 1, updated: 0, failed: 1, rate: expect.any(Number) });
  expect(result.failed.map((failure) => failure.index)).toEqual([8]);
});

test("without onProgress no timer is started", async () => {
  const clock = manualTimers();
  await importUsers(client.chat, customers(2), { timers: clock.timers });
  expect(clock.started()).toBe(0);
});

test("an error thrown by onProgress stops the import and rejects it", async () => {
  const clock = manualTimers();
  let pulled = 0;
  async function* stream() {
    for (const user of customers(50)) {
      if (++pulled === 5) clock.tick();
      yield user;
    }
  }
  const stop = new Error("progress sink is down");
  const onProgress = () => {
    throw stop;
  };
  await expect(importUsers(client.chat, stream(), { concurrency: 2, onProgress, timers: clock.timers })).rejects.toBe(stop);
  expect(pulled).toBeLessThan(10);
  expect(clock.cleared).toEqual(["timer-1"]);
});

test("an error of the input's iterator rejects the import once the records in flight are done, with the counts so far and the error as its cause", async () => {
  const broken = new Error("the file ended early");
  async function* stream() {
    yield* customers(3);
    throw broken;
  }
  const error = await importUsers(client.chat, stream()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportUsersError);
  expect(error).toMatchObject({ done: 3, result: { created: 3, existing: 0, updated: 0, failed: [] }, cause: broken });
  expect((error as Error).message).toMatch(/after 3 records \(3 created, 0 existing, 0 failed\): the file ended early/);
  expect(fake.state.users.size).toBe(3);
});

test("an input that fails midway still gets its final onProgress call, with the counts the rejection carries", async () => {
  const clock = manualTimers();
  const reports: ImportProgress[] = [];
  fake.seed({ users: [{ uid: "c-2", name: "Already here" }] });
  async function* stream() {
    yield* customers(50);
    yield { uid: "bad uid", name: "Space" };
    throw new Error("cursor closed by the database");
  }
  const error = (await importUsers(client.chat, stream(), {
    concurrency: 4,
    onProgress: (progress) => reports.push(progress),
    timers: clock.timers,
  }).catch((e: unknown) => e)) as ImportUsersError;
  expect(error).toBeInstanceOf(ImportUsersError);
  expect(clock.cleared).toEqual(["timer-1"]);
  expect(reports).toEqual([{ done: 51, created: 49, existing: 1, updated: 0, failed: 1, rate: expect.any(Number) }]);
  expect(error.done).toBe(51);
  expect(error.result).toMatchObject({ created: 49, existing: 1, updated: 0, failed: [{ index: 50, uid: "bad uid" }] });
});

test("a record whose uid is an object without a prototype is one failed entry, and the import goes on", async () => {
  const uid = Object.assign(Object.create(null) as object, { toString: undefined });
  const odd = Object.create(null) as Record<string, unknown>;
  odd.uid = "c-3";
  odd.name = "Bare record";
  const records = [...customers(2), { uid: Object.create(null), name: "Bare" }, { uid, name: "Bare too" }, odd, ...customers(1, 4)];
  const result = await importUsers(client.chat, records as UserInput[]);
  // A record without a prototype is taken as any other; only the two bad UIDs fail.
  expect(result.created).toBe(4);
  expect(fake.state.users.has("c-3")).toBe(true);
  expect(result.failed).toEqual([
    expect.objectContaining({ index: 2, uid: "an object", error: expect.objectContaining({ code: "ChatConfigError" }) }),
    expect.objectContaining({ index: 3, uid: "an object", error: expect.objectContaining({ code: "ChatConfigError" }) }),
  ]);
});

test.each([
  ["users that are not iterable", { uid: "c-1", name: "One" }, {}, /users must be an array, an iterable or an async iterable/],
  ["users that are a string", "c-1", {}, /users must be an array/],
  ["a concurrency of 0", [], { concurrency: 0 }, /concurrency must be an integer from 1 to 256/],
  ["an onProgress that is not a function", [], { onProgress: "log" }, /onProgress must be a function/],
  ["an unknown option", [], { batchSize: 10 }, /options\.batchSize is not an option/],
])("%s are refused with a ChatConfigError, and nothing is sent", async (_, users, options, message) => {
  const error = await importUsers(client.chat, users as never, options as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(message);
  expect(client.requests).toEqual([]);
});
