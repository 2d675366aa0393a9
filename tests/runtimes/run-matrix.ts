// `npm run test:runtimes`, which CI runs after `npm test`: the packed package, installed by the
// README's steps as written (peers from the registry), then
// - the program using every entry point, compiled under each of the four module settings with the
//   declarations type-checked (`npm test` checks them under node16-esm only), and run on this Node
//   against the packaged mock and fake;
// - the smoke calls on every runtime in runtimes.ts and in headless Chromium;
// - the README's whole programs (its blocks that import chat-rest-sdk/testing), each to exit 0.
// Prints one line per check and a closing count.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { docSnippets, readmePrograms } from "../package/doc-snippets";
import { CONFIGS, compileAll, compileSnippets, installConsumer, packTarball, prepareConfig, repoRoot } from "../package/consumer";
import { smokeInChromium } from "./browser-smoke";
import { missingProgramOutput } from "./program-output";
import { RUNTIMES, type Runtime } from "./runtimes";

const RUN_TIMEOUT_MS = 180_000; // the first run of a runtime downloads it through npx
// A README program starts its own mock, fake or server: seconds, more on a busy machine.
const PROGRAM_TIMEOUT_MS = 90_000;

function runFile(command: string, args: string[], cwd: string, timeout: number): Promise<string> {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, timeout, encoding: "utf8" }, (error, stdout, stderr) =>
      error ? fail(new Error(`${error.message}\n${stdout}${stderr}`)) : done(stdout),
    );
  });
}

async function runOn(runtime: Runtime, cwd: string, mockUrl: string): Promise<string> {
  const [command, ...args] = runtime.command(join("out", "run-smoke.js"), [mockUrl]);
  const stdout = await runFile(command!, args, cwd, RUN_TIMEOUT_MS);
  const reported = /^runtime: (\S+) (\S+)$/m.exec(stdout);
  if (!stdout.trim().endsWith("smoke: ok")) throw new Error(`no "smoke: ok" in:\n${stdout}`);
  if (!reported || reported[1] !== runtime.name || reported[2] !== runtime.version)
    throw new Error(`expected ${runtime.name} ${runtime.version}, the program reported ${reported?.[0] ?? "nothing"}`);
  return `${reported[1]} ${reported[2]}`;
}

async function runProgram(dir: string, mockUrl: string): Promise<void> {
  const stdout = await runFile(process.execPath, [join(dir, "out", "main.js"), mockUrl], dir, RUN_TIMEOUT_MS);
  const missing = missingProgramOutput(stdout);
  if (missing.length) throw new Error(`missing from its output: ${missing.join(", ")}\n${stdout}`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "chat-rest-sdk-runtimes-"));
  const consumer = join(work, "consumer");
  let passed = 0;
  let failed = 0;
  const report = (label: string, error?: unknown) => {
    if (error === undefined) passed++;
    else failed++;
    console.log(error === undefined ? `${label}: ok` : `${label}: FAILED\n${String(error instanceof Error ? error.message : error)}`);
  };
  const check = (label: string, work: () => Promise<unknown>) =>
    work().then(
      () => report(label),
      (error: unknown) => report(label, error),
    );
  try {
    installConsumer(consumer, packTarball(work));
    const dirs = CONFIGS.map((config) => prepareConfig(consumer, config));
    const compiled = compileAll(consumer, dirs);
    if (compiled) throw new Error(`tsc failed:\n${compiled}`);
    // The mock comes from the installed package too, and runs on this Node.
    const { startMockServer } = createRequire(join(consumer, "package.json"))(
      "chat-rest-sdk/testing",
    ) as typeof import("../../src/testing/index");
    const mock = await startMockServer();
    try {
      for (const [i, config] of CONFIGS.entries()) {
        await check(`the program under ${config} settings, node ${process.versions.node}`, () => runProgram(dirs[i]!, mock.url));
      }
      const esm = dirs[CONFIGS.indexOf("node16-esm")]!;
      for (const runtime of RUNTIMES) {
        await runOn(runtime, esm, mock.url).then(
          (label) => report(label),
          (error) => report(`${runtime.name} ${runtime.version}`, error),
        );
      }
      await smokeInChromium(consumer, esm, mock.url).then(
        ({ version }) => report(`chromium ${version}`),
        (error) => report("chromium", error),
      );
    } finally {
      await mock.close();
    }
    // After the program, which checks that chatFakeHandlers names msw while msw is absent: the
    // README's MSW block needs it, and compileSnippets links it.
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const { dir: docs, errors } = await compileSnippets(consumer, docSnippets(readme, join(consumer, "node_modules", "chat-rest-sdk")));
    for (const [line, file] of readmePrograms(readme)) {
      await check(`README.md's program at line ${line}`, async () => {
        if (errors.has(file)) throw new Error(errors.get(file)!.join("\n"));
        await runFile(process.execPath, [join(docs, "out", file.replace(/\.ts$/, ".js"))], docs, PROGRAM_TIMEOUT_MS);
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
