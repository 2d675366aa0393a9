// The chaos proof at scale: the seeded workload of tests/chaos/chaos-run.ts (helpers under a race,
// an import, message sends, edits, deletions and reactions) against the fake with faults on every
// operation, for --seeds seeds (1,000 by default; npm test runs 100), --parallel at once, each on a
// fake of its own. Reports what was stored twice, lost, or wrongly reported, all of which must be
// 0, and prints every failing seed, to replay alone with CHAOS_SEED=<seed> npx jest tests/chaos.
import { dirname } from "node:path";
import { log, main, numArg, report } from "./section.js";

main(async () => {
  // As in bench/fake.ts: the testing kit finds the spec from `__dirname`, which this ES bundle lacks.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const { startFakeServer } = await import("../src/testing/index.js");
  const { clean, runChaos } = await import("../tests/chaos/chaos-run.js");
  const seeds = numArg("seeds", 1000);
  const parallel = Math.min(numArg("parallel", 50), seeds);
  const fakes = await Promise.all(Array.from({ length: parallel }, () => startFakeServer()));
  const queue = Array.from({ length: seeds }, (_, i) => i + 1);
  const totals = { duplicates: 0, losses: 0, wrongReports: 0 };
  const faults: Record<string, number> = {};
  const failing: string[] = [];
  const began = performance.now();
  let done = 0;
  await Promise.all(
    fakes.map(async (fake) => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
        const run = await runChaos(fake, seed);
        totals.duplicates += run.duplicates.length;
        totals.losses += run.losses.length;
        totals.wrongReports += run.wrongReports.length;
        for (const [kind, count] of Object.entries(run.faults)) faults[kind] = (faults[kind] ?? 0) + count;
        if (!clean(run)) failing.push(`seed ${seed}: ${[...run.duplicates, ...run.losses, ...run.wrongReports].slice(0, 3).join("; ")}`);
        if (++done % 100 === 0) log(`chaos: ${done} of ${seeds} seeds`);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(fakes.map((fake) => fake.close()));
  for (const line of failing) log(`chaos: failing ${line}`);
  const zero = totals.duplicates + totals.losses + totals.wrongReports === 0;
  report({
    tables: [
      {
        title: "Seeded chaos runs",
        intro:
          `${seeds} seeds, ${parallel} at once, each on a fake with faults on every operation ` +
          "(10% apply-then-drop, 10% reset-before, 10% 503, 5% 429 with Retry-After: 0, 30% 0–3 ms of latency).",
        columns: ["seeds", "duplicates", "losses", "wrong reports", "failing seeds", "wall time (s)"],
        rows: [[seeds, totals.duplicates, totals.losses, totals.wrongReports, failing.length, seconds.toFixed(1)]],
        notes: [
          `Faults drawn: ${Object.entries(faults)
            .map(([kind, count]) => `${kind} ${count}`)
            .join(", ")}.`,
          failing.length ? `Failing seeds: ${failing.join(" | ")}` : "No seed failed.",
        ],
      },
    ],
    figures: { seeds, ...totals, failingSeeds: failing.length, seconds },
    headline: [
      {
        what: "Chaos: duplicates, losses and wrong reports",
        result: `${totals.duplicates}, ${totals.losses}, ${totals.wrongReports} in ${seeds} seeds`,
        target: "0, 0, 0",
        met: zero,
        name: "the chaos suite",
        why: zero ? undefined : `failing seeds: ${failing.slice(0, 5).join(" | ")}`,
      },
    ],
  });
});
