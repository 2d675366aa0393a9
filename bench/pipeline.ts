// Section 5: how long the spec pipeline and the contract suite take. `npm run generate` and the
// docs build run in a scratch copy of the repository, so the bench never rewrites generated/ or
// dist/ under someone's feet; the contract suite runs where it is (it only reads).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fmt, log, main, numArg, report, spread } from "./section.js";

const root = process.cwd();
const scratch = join(root, "bench/.tmp/pipeline");
const SKIP = new Set(["node_modules", ".git", "dist", "bench", ".tmp", "coverage"]);

function timed(command: string, args: string[], cwd: string): { ms: number; ok: boolean } {
  const started = performance.now();
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env });
  if (result.status !== 0) log(`${args.join(" ")} failed:\n${`${result.stdout}\n${result.stderr}`.slice(-2000)}`);
  return { ms: performance.now() - started, ok: result.status === 0 };
}

/** `runs` timed runs of an npm script in the scratch copy: a row of the table. */
function repeat(label: string, script: string, runs: number): string[] {
  const all = Array.from({ length: runs }, () => timed("npm", ["run", "--silent", script], scratch));
  log(`${label}: ${(spread(all.map((r) => r.ms)).median / 1000).toFixed(1)} s`);
  return [label, fmt(spread(all.map((r) => r.ms)), 0, " ms"), all.every((r) => r.ok) ? "" : "**failed**"];
}

main(async () => {
  const runs = numArg("runs", 2);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const entry of readdirSync(root)) if (!SKIP.has(entry)) cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"), "dir");
  const generate = repeat("`npm run generate` (lint, bundle, types, manifest)", "generate", runs);
  const docs = repeat("`npm run docs`", "docs", runs);
  // One run: it starts Prism once and sends every case through the SDK.
  const file = join(scratch, "contract-results.json");
  const contract = timed("npx", ["--no-install", "jest", "tests/contract", "--json", `--outputFile=${file}`], root);
  const results = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const cases: number = results.numTotalTests ?? 0;
  const failed: number = results.numFailedTests ?? cases;
  const perCase = contract.ms / Math.max(cases, 1);
  log(`contract suite: ${(contract.ms / 1000).toFixed(1)} s for ${cases} cases (${failed} failed)`);
  report({
    tables: [
      {
        title: "Pipeline steps",
        intro: `\`npm run generate\` and the docs build run in a scratch copy of the repository (\`node_modules\` linked), ${runs} runs each; the contract suite runs once in place.`,
        columns: ["step", "time", "notes"],
        rows: [
          generate,
          docs,
          [
            "`npx jest tests/contract`",
            `${(contract.ms / 1000).toFixed(1)} s for ${cases} cases in ${results.numTotalTestSuites ?? 0} files`,
            `${perCase.toFixed(0)} ms per case, Prism start included${failed ? `; **${failed} failed**` : ""}`,
          ],
        ],
      },
    ],
    figures: { contractMsPerCase: perCase, contractCases: cases },
  });
});
