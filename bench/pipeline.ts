// Section 5: how long the spec pipeline and the test suites take. `npm run generate` and the
// docs build run in a scratch copy of the repository, so the bench never rewrites generated/
// or dist/ under someone's feet; the contract suite runs where it is (it only reads).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { log, numArg, report } from "./section.js";
import { spread, type Spread } from "./stats.js";

const root = process.cwd();
const scratch = join(root, "bench/.tmp/pipeline");
const SKIP = new Set(["node_modules", ".git", "dist", "bench", ".tmp", "coverage"]);

function timed(command: string, args: string[], cwd: string): { ms: number; ok: boolean; output: string } {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  return { ms: performance.now() - started, ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}

function repeat(label: string, runs: number, command: string, args: string[], cwd: string): { ms: Spread; ok: boolean } {
  const times: number[] = [];
  let ok = true;
  for (let i = 0; i < runs; i++) {
    const run = timed(command, args, cwd);
    if (!run.ok) log(`${label} failed:\n${run.output.slice(-2000)}`);
    ok &&= run.ok;
    times.push(run.ms);
  }
  const ms = spread(times);
  log(`${label}: ${(ms.median / 1000).toFixed(1)} s`);
  return { ms, ok };
}

async function main() {
  const runs = numArg("runs", 2);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const entry of readdirSync(root)) if (!SKIP.has(entry)) cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"), "dir");

  const generate = repeat("npm run generate", runs, "npm", ["run", "--silent", "generate"], scratch);
  const hasDocsScript = Boolean(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts?.docs);
  const docs = hasDocsScript
    ? { command: "npm run docs", ...repeat("npm run docs", runs, "npm", ["run", "--silent", "docs"], scratch) }
    : {
        command: "redocly build-docs generated/openapi.json",
        ...repeat(
          "redocly build-docs",
          runs,
          "npx",
          ["--no-install", "redocly", "build-docs", "generated/openapi.json", "-o", join(scratch, "api.html")],
          scratch,
        ),
      };

  // One run: it starts Prism once and sends every case through the SDK.
  const resultsFile = join(scratch, "contract-results.json");
  const contract = timed("npx", ["--no-install", "jest", "tests/contract", "--json", `--outputFile=${resultsFile}`], root);
  const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")) : undefined;
  const cases = results?.numTotalTests ?? 0;
  const failed = results?.numFailedTests ?? cases;
  log(
    `contract suite: ${(contract.ms / 1000).toFixed(1)} s for ${cases} cases (${failed} failed) = ${(contract.ms / Math.max(cases, 1)).toFixed(0)} ms per case`,
  );
  report({
    runs,
    generate,
    docs,
    contract: { ms: contract.ms, cases, failed, suites: results?.numTotalTestSuites ?? 0, msPerCase: contract.ms / Math.max(cases, 1) },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
