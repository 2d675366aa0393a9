// Runs a project of TypeScript samples (see writeTypeScriptProject) as programs, in two child
// processes in all rather than one per sample: esbuild bundles them at once ("chat-rest-sdk"
// mapped to src/, the SDK in one shared chunk), then sample-runner.mjs imports them one after
// the other.
import { execFile } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./sample-files";

export interface Exchange {
  method: string;
  url: string;
  /** The status of the answer, or undefined when none came. */
  status: number | undefined;
  /** The mock's `sl-violations` header: what the contract refused, if anything. */
  violations: string | undefined;
}

export interface SampleRun {
  name: string;
  stdout: string[];
  stderr: string[];
  exchanges: Exchange[];
  /** How long the program took, in milliseconds. */
  ms: number;
  /** What the program threw, if it did: an SDK error carries the status. */
  error?: { name?: string; message: string; status?: number };
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((done, fail) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${command} ${args.slice(0, 2).join(" ")} ... failed: ${error.message}\n${stdout}${stderr}`)) : done(),
    );
  });
}

/**
 * Runs every `<dir>/*.ts` with `env` (added to this process's environment) in the working
 * directory `cwd`, and returns what each did, by file name without `.ts`.
 */
export async function runTypeScriptSamples(dir: string, cwd: string, env: Record<string, string>): Promise<Map<string, SampleRun>> {
  const names = readdirSync(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -3));
  const out = join(dir, "out");
  const esbuild = join(REPO_ROOT, "node_modules", ".bin", "esbuild");
  await run(
    esbuild,
    [
      ...names.map((name) => join(dir, `${name}.ts`)),
      "--bundle",
      "--splitting",
      "--format=esm",
      "--platform=node",
      "--target=node20",
      "--packages=external",
      `--tsconfig=${join(dir, "tsconfig.json")}`,
      `--outdir=${out}`,
      "--out-extension:.js=.mjs",
      "--log-level=warning",
    ],
    { cwd: REPO_ROOT },
  );
  const plan = join(dir, "plan.json");
  const results = join(dir, "results.json");
  writeFileSync(plan, JSON.stringify(names.map((name) => ({ name, file: join(out, `${name}.mjs`) }))));
  await run(process.execPath, [join(__dirname, "sample-runner.mjs"), plan, results], { cwd, env: { ...process.env, ...env } });
  const runs = JSON.parse(readFileSync(results, "utf8")) as SampleRun[];
  return new Map(runs.map((sampleRun) => [sampleRun.name, sampleRun]));
}
