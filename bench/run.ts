// `npm run bench`: runs every section in its own node process, one after the other, then
// writes BENCHMARKS.md from their results and prints the headline ratios.
//   --only throughput,cpu   run some sections (BENCHMARKS.md is written only after a full run)
//   --quick                 fewer rounds and smaller batches, for trying the bench itself; writes
//                           .tmp/BENCHMARKS.quick.md, never BENCHMARKS.md or the README
//   --render-only           rewrite BENCHMARKS.md (and the README's quote) from the last full run's results
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { between, headline, README_QUOTE, readmeQuote, renderMarkdown, type Results } from "./render.js";
import { arg, log } from "./section.js";

const root = process.cwd();
const out = join(root, "bench/.out");
const results = join(root, "bench/.tmp/results");

const SECTIONS: Record<string, { args: string[]; quick: string[] }> = {
  throughput: { args: [], quick: ["--rounds", "2", "--scale", "0.3"] },
  cpu: { args: [], quick: ["--rounds", "3", "--scale", "0.3"] },
  size: { args: [], quick: [] },
  typecheck: { args: [], quick: ["--runs", "1", "--mixed-runs", "1"] },
  pipeline: { args: [], quick: ["--runs", "1"] },
  load: { args: [], quick: ["--bursts", "1"] },
};

function machine() {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    undici: process.versions.undici ?? "",
    typescript: JSON.parse(readFileSync(join(root, "node_modules/typescript/package.json"), "utf8")).version as string,
    openapiFetch: JSON.parse(readFileSync(join(root, "node_modules/openapi-fetch/package.json"), "utf8")).version as string,
    commit: git("rev-parse", "--short", "HEAD"),
    dirty: git("status", "--porcelain", "--", "src").length > 0,
    loadBefore: loadavg()[0]!,
    loadAfter: 0,
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
  };
}

const read = (file: string) => {
  try {
    return readFileSync(join(root, file), "utf8");
  } catch {
    return "";
  }
};

/** Writes BENCHMARKS.md, keeping its contract-suite block, and the README's quote of the headline. */
function publish(r: Results): string {
  writeFileSync(join(root, "BENCHMARKS.md"), renderMarkdown(r, read("BENCHMARKS.md")));
  const readme = read("README.md");
  const quote = between(readme, README_QUOTE);
  if (!readme.includes(README_QUOTE.start)) return "README.md has no headline markers; quote BENCHMARKS.md's headline there.";
  writeFileSync(join(root, "README.md"), readme.replace(quote, `${README_QUOTE.start}\n> ${readmeQuote(r)}\n${README_QUOTE.end}`));
  return "Wrote BENCHMARKS.md and the README's quote of its headline.";
}

function main() {
  if (process.argv.includes("--render-only")) {
    const last = JSON.parse(readFileSync(join(results, "all.json"), "utf8")) as Results;
    console.log(`${headline(last)}\n${publish(last)} (run of ${last.machine.date})`);
    return;
  }
  const quick = process.argv.includes("--quick");
  const only = arg("only", "").split(",").filter(Boolean);
  const names = only.length ? only : Object.keys(SECTIONS);
  mkdirSync(results, { recursive: true });
  const info = machine();
  const started = performance.now();
  const seconds: Record<string, number> = {};
  for (const name of names) {
    const section = SECTIONS[name];
    if (!section) throw new Error(`unknown section ${name}; known: ${Object.keys(SECTIONS).join(", ")}`);
    log(`\n== ${name}`);
    const t = performance.now();
    const run = spawnSync(
      process.execPath,
      ["--expose-gc", join(out, `${name}.mjs`), "--out", join(results, `${name}.json`), ...(quick ? section.quick : section.args)],
      {
        cwd: root,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (run.status !== 0) throw new Error(`bench section ${name} failed (exit ${run.status})`);
    seconds[name] = (performance.now() - t) / 1000;
  }
  info.loadAfter = loadavg()[0]!;
  const all: Partial<Results> = {};
  for (const name of names) (all as Record<string, unknown>)[name] = JSON.parse(readFileSync(join(results, `${name}.json`), "utf8"));
  const totalSeconds = (performance.now() - started) / 1000;
  if (names.length === Object.keys(SECTIONS).length) {
    const full = { ...(all as Results), machine: info, seconds, totalSeconds, quick };
    if (quick) {
      // A quick run is for trying the bench: it never replaces the published figures.
      mkdirSync(join(root, ".tmp"), { recursive: true });
      writeFileSync(join(root, ".tmp/BENCHMARKS.quick.md"), renderMarkdown(full, read("BENCHMARKS.md")));
      console.log(`\n${headline(full)}\nWrote .tmp/BENCHMARKS.quick.md (${totalSeconds.toFixed(0)} s).`);
      return;
    }
    writeFileSync(join(results, "all.json"), JSON.stringify(full, null, 2));
    console.log(`\n${headline(full)}\n${publish(full)} (${totalSeconds.toFixed(0)} s)`);
  } else {
    console.log(
      `\nRan ${names.join(", ")} in ${totalSeconds.toFixed(0)} s; results in bench/.tmp/results. BENCHMARKS.md is written after a full run.`,
    );
  }
}

main();
