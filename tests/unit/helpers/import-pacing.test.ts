// importUsers through a client governed by the service's app limits scaled down (a fiftieth of the
// count in a fiftieth of the minute: the same pace), in process against the fake enforcing the same
// limits, on virtual time: Jest's fake timers, which the fake's clock and the governor follow, jump
// to the next timer whenever nothing else is left to run. The answers then take no time, so the
// ideal schedule is exact, (ceil(N / limit) - 1) windows, and the import's time is read on the same
// clock: nothing here depends on the machine's speed. bench/import-resume.ts measures the same over
// HTTP on real time.
import { type FakeServer, startFakeServer } from "../../../src/testing/index";
import { pacedImport, scaledAppLimits } from "../../harness/paced-import";

const SCALE = 50;
const USERS = 2_000;

let fake: FakeServer;
beforeAll(async () => {
  // Fake timers before the fake starts and before the client's governor loads, so both read virtual time.
  jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask", "setImmediate"] });
  // Jest 30.5 has it; @types/jest 30.0 does not declare it yet.
  (jest as typeof jest & { setTimerTickMode(config: { mode: "nextAsync" }): void }).setTimerTickMode({ mode: "nextAsync" });
  fake = await startFakeServer({ rateLimits: scaledAppLimits(SCALE), maxItems: 10_000 });
});
afterAll(async () => {
  await fake.close();
  jest.useRealTimers();
});

test("an import of 2,000 users under the service's app limits scaled down ends within 1.02 times the ideal schedule, with no 429", async () => {
  const result = await pacedImport(
    { appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, fetch: (request) => fake.handle(request) },
    { users: USERS, scale: SCALE, concurrency: 16, checkpointEvery: 100 },
    Date.now,
  );
  expect(result).toMatchObject({ limit: 200, windowMs: 1_200, created: USERS, failed: 0, tooMany: 0 });
  // 10 windows' worth of creates: the last batch can leave 9 windows after the first.
  expect(result.idealMs).toBe(9 * 1_200);
  expect(result.ms).toBeGreaterThanOrEqual(result.idealMs);
  expect(result.ratio).toBeLessThanOrEqual(1.02);
  expect(result.largestCheckpoint).toBeLessThanOrEqual(1024);
});
