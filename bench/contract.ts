// Section 12: the contract suite's speed, per case and per operation, on the real spec: every
// documented response and every negative case of every operation (tests/contract/
// documented-responses.test.ts and negative.test.ts), run by Jest against the shared Prism as
// `npm test` runs them. `npm test` reports this time and never fails on it (a shared machine can
// be several times slower at any moment); the target is here. Side by side, round by round, the
// same Prism's bare cost: requests of the kinds the cases send (a documented answer, a rejected
// one), 8 at a time as the cases go, so the ratio says how much of a case is Prism's.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fmt, log, main, numArg, paired, report, spread } from "./section.js";

const root = process.cwd();
const out = join(root, "bench/.tmp/contract");
const FILES = ["tests/contract/documented-responses.test.ts", "tests/contract/negative.test.ts"];
/** The targets: a case costs at most this much of the run, and an operation (all its cases) at most this. */
export const CONTRACT_TARGETS = { msPerCase: 15, msPerOperation: 300 } as const;

/** A file's entry in Jest's --json report: one assertion result per test. */
interface JestFile {
  name: string;
  assertionResults: { status: "passed" | "failed" | "pending" | "skipped" | "todo" | "disabled" }[];
}

/** One run of the real spec's contract files through Jest: cases, operations and wall time. */
function contractRun(round: number): { ms: number; cases: number; failed: number; operations: number } {
  const file = join(out, `jest-${round}.json`);
  rmSync(file, { force: true });
  const started = performance.now();
  const jest = spawnSync(
    join(root, "node_modules/.bin/jest"),
    // The files first: --selectProjects takes every word after it, up to the next option, as a project name.
    [...FILES, "--selectProjects", "contract", "--json", `--outputFile=${file}`],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    },
  );
  const ms = performance.now() - started;
  if (!existsSync(file)) throw new Error(`jest wrote no results:\n${`${jest.stdout}\n${jest.stderr}`.slice(-2000)}`);
  const results = JSON.parse(readFileSync(file, "utf8")) as { testResults: JestFile[]; numFailedTests: number };
  // Only the real spec's files count: Jest may match more, and the fixture's operations are not the spec's.
  const files = results.testResults.filter((result) => FILES.includes(relative(root, result.name)));
  const cases = files.reduce((n, f) => n + f.assertionResults.filter((a) => a.status === "passed" || a.status === "failed").length, 0);
  // Each spec-driven file records the operations it ran on (tests/harness/record-contract-run.ts).
  const operations = new Set<string>();
  for (const result of files) {
    const record = join(root, ".tmp", "contract-runs", `${encodeURIComponent(relative(root, result.name))}.json`);
    if (existsSync(record)) for (const id of JSON.parse(readFileSync(record, "utf8")).operations as string[]) operations.add(id);
  }
  log(
    `contract run ${round + 1}: ${cases} cases, ${operations.size} operations in ${(ms / 1000).toFixed(1)} s (${results.numFailedTests} failed)`,
  );
  return { ms, cases, failed: results.numFailedTests, operations: operations.size };
}

/** Milliseconds of Prism per request: `count` requests, `concurrency` at a time, half answered 200 and half rejected. */
async function barePrism(url: string, count: number, concurrency = 8): Promise<number> {
  const headers = { apikey: "bench-key" };
  const send = (i: number) =>
    fetch(i % 2 ? `${url}/users?perPage=5000` : `${url}/users`, { headers: { ...headers, Prefer: "code=200" } }).then((r) => r.text());
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
  return (performance.now() - started) / count;
}

main(async () => {
  const rounds = numArg("rounds", 2);
  const requests = numArg("requests", 2000);
  mkdirSync(out, { recursive: true });
  // As in bench/fake.ts: the testing kit finds the spec from `__dirname`, which this ES bundle lacks.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const { startMockServer } = await import("../src/testing/start-mock-server.js");
  const mock = await startMockServer({ startTimeoutMs: 120_000 });
  const runs: ReturnType<typeof contractRun>[] = [];
  const prism: number[] = [];
  const load = [loadavg()[0]!];
  try {
    await barePrism(mock.url, 200); // Prism compiles a route's validators on its first requests.
    for (let round = 0; round < rounds; round++) {
      prism.push(await barePrism(mock.url, requests));
      log(`bare Prism, round ${round + 1}: ${prism.at(-1)!.toFixed(2)} ms per request`);
      runs.push(contractRun(round));
    }
  } finally {
    await mock.close();
  }
  load.push(loadavg()[0]!);
  const perCase = spread(runs.map((r) => r.ms / r.cases));
  const perOperation = spread(runs.map((r) => r.ms / r.operations));
  const ratio = paired(
    runs.map((r) => r.ms / r.cases),
    prism,
  );
  const { cases, operations } = runs[0]!;
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  const ms = (s: ReturnType<typeof spread>) => fmt(s, 1, " ms");
  report({
    tables: [
      {
        title: "The contract suite on the real spec, per case and per operation",
        intro:
          `\`jest --selectProjects contract\` on ${FILES.map((f) => `\`${f}\``).join(" and ")}: ${cases} cases on ${operations} operations, ` +
          `as \`npm test\` runs them (two workers, one Prism, its start included), ${rounds} rounds; between rounds, the same kind of ` +
          `Prism serves ${requests} bare requests 8 at a time (half answered 200, half rejected 400). Median (min–max) over rounds. ` +
          `Load average ${load[0]!.toFixed(1)} at the start, ${load[1]!.toFixed(1)} at the end.`,
        columns: ["measure", "result", "target"],
        rows: [
          ["whole run", ms(spread(runs.map((r) => r.ms))), ""],
          ["per case", ms(perCase), `≤ ${CONTRACT_TARGETS.msPerCase} ms`],
          ["per operation (all its cases)", ms(perOperation), `≤ ${CONTRACT_TARGETS.msPerOperation} ms`],
          ["a bare request to Prism", ms(spread(prism)), ""],
          ["a case ÷ a bare request", fmt(ratio), ""],
        ],
        notes: [
          "A case costs about what Prism takes to validate the request and build its answer, which is most of it: Jest, the SDK and Ajv's check of the answer add the rest.",
          ...(failed ? [`**${failed} case(s) failed** in these runs.`] : []),
        ],
      },
    ],
    figures: { contractMsPerCase: perCase.median, contractMsPerOperation: perOperation.median, contractCases: cases },
    headline: [
      {
        what: `Contract suite, real spec (${cases} cases, ${operations} operations), per case`,
        result: `${perCase.median.toFixed(1)} ms (${ratio.median.toFixed(1)}× a bare Prism request)`,
        target: `≤ ${CONTRACT_TARGETS.msPerCase} ms`,
        met: perCase.median <= CONTRACT_TARGETS.msPerCase,
        name: "contract time per case",
        why: "Prism serves one request at a time on one core; see the contract suite's table for its share.",
      },
      {
        what: "Contract suite, real spec, per operation",
        result: `${perOperation.median.toFixed(0)} ms`,
        target: `≤ ${CONTRACT_TARGETS.msPerOperation} ms`,
        met: perOperation.median <= CONTRACT_TARGETS.msPerOperation,
        name: "contract time per operation",
        why: "Prism serves one request at a time on one core; see the contract suite's table for its share.",
      },
    ],
  });
});
