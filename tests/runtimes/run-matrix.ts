// `npm run test:runtimes`: the smoke program from the packed package, against one mock, on every
// runtime in runtimes.ts and in headless Chromium. Prints one line per runtime and a closing count.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile, installConsumer, packTarball, prepareConfig } from "../package/consumer";
import { smokeInChromium } from "./browser-smoke";
import { RUNTIMES, type Runtime } from "./runtimes";

const RUN_TIMEOUT_MS = 180_000; // the first run of a runtime downloads it through npx

function runOn(runtime: Runtime, cwd: string, mockUrl: string): Promise<string> {
  const [command, ...args] = runtime.command(join("out", "run-smoke.js"), [mockUrl]);
  return new Promise((done, fail) => {
    execFile(command!, args, { cwd, timeout: RUN_TIMEOUT_MS, encoding: "utf8" }, (error, stdout, stderr) => {
      const reported = /^runtime: (\S+) (\S+)$/m.exec(stdout);
      if (error) return fail(new Error(`${error.message}\n${stdout}${stderr}`));
      if (!stdout.trim().endsWith("smoke: ok")) return fail(new Error(`no "smoke: ok" in:\n${stdout}${stderr}`));
      if (!reported || reported[1] !== runtime.name || reported[2] !== runtime.version) {
        return fail(new Error(`expected ${runtime.name} ${runtime.version}, the program reported ${reported?.[0] ?? "nothing"}`));
      }
      done(`${reported[1]} ${reported[2]}`);
    });
  });
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
  try {
    installConsumer(consumer, packTarball(work));
    const dir = prepareConfig(consumer, "node16-esm");
    compile(consumer, dir);
    // The mock comes from the installed package too, and runs on this Node.
    const { startMockServer } = createRequire(join(consumer, "package.json"))(
      "chat-rest-sdk/testing",
    ) as typeof import("../../src/testing/index");
    const mock = await startMockServer();
    try {
      for (const runtime of RUNTIMES) {
        await runOn(runtime, dir, mock.url).then(
          (label) => report(label),
          (error) => report(`${runtime.name} ${runtime.version}`, error),
        );
      }
      await smokeInChromium(consumer, dir, mock.url).then(
        ({ version }) => report(`chromium ${version}`),
        (error) => report("chromium", error),
      );
    } finally {
      await mock.close();
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
