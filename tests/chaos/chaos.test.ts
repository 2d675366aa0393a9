// The seeded chaos suite: CHAOS_SEEDS runs (100 by default) of the workload in ./chaos-run.ts,
// each against a fake with faults on every operation. A failing seed is printed; run it alone
// with CHAOS_SEED=<seed>.
//
// The runs are in process (fetch is the fake's handle) and on virtual time: Jest's fake timers,
// which the fake's clock follows too, are made to jump to the next timer whenever nothing else is
// left to run, so the client's backoff, a 429's Retry-After and a latency fault cost no real waiting.
// CHAOS_VIA=http runs the same workload over HTTP on real time, for a run by hand.
import { setTimeout as sleep } from "node:timers/promises";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { type ChaosReport, clean, runChaos } from "./chaos-run";

const only = process.env.CHAOS_SEED;
const seeds = only !== undefined ? [Number(only)] : Array.from({ length: Number(process.env.CHAOS_SEEDS ?? 100) }, (_, i) => i + 1);
const via = process.env.CHAOS_VIA === "http" ? "http" : "in-process";
/** Runs at once, each on a fake of its own: their requests interleave, as a server's do. */
const PARALLEL = 10;

/**
 * Drives the virtual time until the returned stop is called: each time a turn of the event loop
 * has run whatever else was ready, the clock jumps to the next timer. Jest's `nextAsync` tick mode
 * does the same, but waits a real 1 ms timer and a new MessageChannel before each jump: with a jump
 * for every latency fault and every backoff, most of the suite's time was that waiting, and the
 * steps themselves cost a few seconds of CPU.
 */
function driveVirtualTime(): () => Promise<void> {
  let driving = true;
  const driven = (async () => {
    while (driving) {
      await new Promise<void>((ready) => setImmediate(ready));
      // Nothing to jump to: a real millisecond, as Jest's own mode waits, rather than turning the loop on nothing.
      if (jest.getTimerCount()) jest.advanceTimersToNextTimer();
      else await sleep(1);
    }
  })();
  return () => {
    driving = false;
    return driven;
  };
}

let fakes: FakeServer[];
let stopDriving: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (via === "in-process") {
    // Fake timers before the fakes start, so that their clocks read the virtual time.
    jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask", "setImmediate"] });
    stopDriving = driveVirtualTime();
  }
  fakes = await Promise.all(Array.from({ length: Math.min(PARALLEL, seeds.length) }, () => startFakeServer()));
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await stopDriving?.();
  jest.useRealTimers();
});

test(`${seeds.length} seeded runs: nothing sent twice, nothing lost, nothing wrongly reported`, async () => {
  const reports: ChaosReport[] = [];
  const queue = [...seeds];
  const startedAt = Date.now();
  await Promise.all(
    fakes.map(async (fake) => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) reports.push(await runChaos(fake, seed, via));
    }),
  );
  const failing = reports
    .filter((report) => !clean(report))
    .map(({ seed, duplicates, losses, wrongReports }) => ({ seed, duplicates, losses, wrongReports }));
  expect(failing).toEqual([]);
  // The faults were there: every kind was drawn across the runs.
  const drawn = (kind: string) => reports.reduce((sum, report) => sum + (report.faults[kind] ?? 0), 0);
  for (const kind of ["apply-then-drop", "reset-before", "503", "429", "latency"]) expect(drawn(kind)).toBeGreaterThan(0);
  // And the waits were there: the client backed off, on the clock the runs share.
  if (via === "in-process") expect(Date.now() - startedAt).toBeGreaterThan(seeds.length * 100);
}, 600_000);

// The rules draw the same faults for the same sequence of requests (tests/fake/faults.test.ts); the
// workload's concurrent requests may reach the fake in another order, so a replay is checked by its outcome.
test("a seed replays alone, on two fakes at once, and both runs keep every promise", async () => {
  const seed = seeds[0]!;
  const other = await startFakeServer();
  try {
    const [a, b] = await Promise.all([runChaos(fakes[0]!, seed, via), runChaos(other, seed, via)]);
    expect([a, b].filter((report) => !clean(report))).toEqual([]);
    expect(a.faults["apply-then-drop"]! + a.faults["reset-before"]! + a.faults["503"]!).toBeGreaterThan(0);
  } finally {
    await other.close();
  }
});
