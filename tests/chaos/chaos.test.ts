// The seeded chaos suite: CHAOS_SEEDS runs (100 by default) of the workload in ./chaos-run.ts,
// each against a fake with faults on every operation. A failing seed is printed; run it alone
// with CHAOS_SEED=<seed>.
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { type ChaosReport, clean, runChaos } from "./chaos-run";

const only = process.env.CHAOS_SEED;
const seeds = only !== undefined ? [Number(only)] : Array.from({ length: Number(process.env.CHAOS_SEEDS ?? 100) }, (_, i) => i + 1);
/** Runs at once, each on a fake of its own: most of a run is the client's backoff, which overlaps. */
const PARALLEL = 50;

let fakes: FakeServer[];
beforeAll(async () => {
  fakes = await Promise.all(Array.from({ length: Math.min(PARALLEL, seeds.length) }, () => startFakeServer()));
});
afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

test(`${seeds.length} seeded runs: nothing sent twice, nothing lost, nothing wrongly reported`, async () => {
  const reports: ChaosReport[] = [];
  const queue = [...seeds];
  await Promise.all(
    fakes.map(async (fake) => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) reports.push(await runChaos(fake, seed));
    }),
  );
  const failing = reports
    .filter((report) => !clean(report))
    .map(({ seed, duplicates, losses, wrongReports }) => ({ seed, duplicates, losses, wrongReports }));
  expect(failing).toEqual([]);
  // The faults were there: every kind was drawn across the runs.
  const drawn = (kind: string) => reports.reduce((sum, report) => sum + (report.faults[kind] ?? 0), 0);
  for (const kind of ["apply-then-drop", "reset-before", "503", "429", "latency"]) expect(drawn(kind)).toBeGreaterThan(0);
}, 600_000);

// The rules draw the same faults for the same sequence of requests (tests/fake/faults.test.ts); the
// workload's concurrent requests may reach the fake in another order, so a replay is checked by its outcome.
test("a seed replays alone, on two fakes at once, and both runs keep every promise", async () => {
  const seed = seeds[0]!;
  const other = await startFakeServer();
  try {
    const [a, b] = await Promise.all([runChaos(fakes[0]!, seed), runChaos(other, seed)]);
    expect([a, b].filter((report) => !clean(report))).toEqual([]);
    expect(a.faults["apply-then-drop"]! + a.faults["reset-before"]! + a.faults["503"]!).toBeGreaterThan(0);
  } finally {
    await other.close();
  }
});
