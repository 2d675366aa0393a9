// `npm run bench`: runs every section in its own node process, one after the other, then writes
// BENCHMARKS.md from their results (one table writer for all) and prints the headline.
//   --only throughput,cpu   run some sections; writes .tmp/BENCHMARKS.partial.md
//   --quick                 fewer rounds and smaller batches, for trying the bench itself; writes
//                           .tmp/BENCHMARKS.quick.md, never BENCHMARKS.md or the README
//   --render-only           rewrite BENCHMARKS.md and the README's quote from the last full run
//   --only fake --update    run some sections again and publish them into the last full run's results
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { arg, type HeadlineRow, log, type SectionResult, type Table } from "./section.js";

/**
 * BENCHMARKS.md's sections in order: heading, and the arguments of a quick run. Each is
 * bench/<key>.ts, skipped while it does not exist; `run: false` is a heading for other sections' tables.
 */
const SECTIONS: Record<string, { heading: string; quick?: string[]; run?: false }> = {
  throughput: { heading: "1. Throughput and latency over loopback sockets", quick: ["--rounds", "2", "--scale", "0.3"] },
  cpu: { heading: "2. CPU cost per call", quick: ["--rounds", "3", "--scale", "0.3"] },
  where: { heading: "Where the time goes", run: false },
  size: { heading: "3. Size" },
  typecheck: { heading: "4. Type-check cost", quick: ["--runs", "1", "--mixed-runs", "1"] },
  pipeline: { heading: "5. Pipeline", quick: ["--runs", "1"] },
  load: { heading: "6. Load", quick: ["--bursts", "1"] },
  coldstart: { heading: "7. Cold start", quick: ["--rounds", "6"] },
  webhooks: { heading: "8. Webhook verification", quick: ["--rounds", "5", "--iterations", "5000", "--quick", "true"] },
  fake: { heading: "9. Fake server", quick: ["--rounds", "2", "--seconds", "2"] },
  "fake-webhooks": { heading: "10. Fake server webhooks", quick: ["--events", "200", "--rounds", "1", "--seconds", "1"] },
  "import-users": { heading: "11. Importing users", quick: ["--small", "2000", "--large", "10000", "--gc-every", "1000"] },
  contract: { heading: "12. Contract suite", quick: ["--rounds", "1", "--requests", "500"] },
  "fake-snapshot": { heading: "13. Fake server snapshots", quick: ["--rounds", "5"] },
  "rate-limits": { heading: "14. Rate-limit governor", quick: ["--rounds", "3", "--scale", "0.3"] },
  middleware: { heading: "15. Middleware", quick: ["--rounds", "3", "--scale", "0.5"] },
  instructions: {
    heading: "16. Instructions per call",
    quick: ["--rounds", "1", "--warmup", "100", "--n1", "50", "--n2", "150", "--ops", "list-users"],
  },
  "mcp-tools": { heading: "17. MCP tool lists" },
  observability: { heading: "18. Observability", quick: ["--rounds", "3", "--scale", "0.3"] },
  pacing: { heading: "19. Pacing under rate limits", quick: ["--rounds", "1"] },
  chaos: { heading: "20. Chaos: nothing sent twice or lost", quick: ["--seeds", "20", "--parallel", "20"] },
  "webhook-dedupe": {
    heading: "21. Webhooks handled once",
    quick: ["--rounds", "5", "--batch", "500", "--redis-rounds", "1", "--deliveries", "100", "--quick", "true"],
  },
  "import-resume": {
    heading: "22. An import killed and resumed, and its pace",
    quick: ["--users", "2000", "--kills", "3", "--every", "100", "--paced-users", "1000"],
  },
  ergonomics: {
    heading: "23. Derived clients and a shared signal",
    quick: ["--rounds", "3", "--derives", "50000", "--calls", "10000", "--heap-calls", "100000"],
  },
};

const root = process.cwd();
const results = join(root, "bench/.tmp/results");
const CONTRACT_BLOCK = ["<!-- contract-suite:start -->", "<!-- contract-suite:end -->"] as const;
const README_QUOTE = ["<!-- bench-headline:start -->", "<!-- bench-headline:end -->"] as const;

interface Run {
  sections: Record<string, SectionResult>;
  machine: ReturnType<typeof machine>;
  seconds: Record<string, number>;
  quick: boolean;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const read = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : "");
/** The text between two markers, markers included; the bare markers when they are missing. */
function between(text: string, [start, end]: readonly [string, string]): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from === -1 || to === -1 ? `${start}\n${end}` : text.slice(from, to + end.length);
}

/**
 * The full run's date and the sections run again since, with `now` added: an earlier note keeps
 * only the sections not run again now, so each figure's note says when it was measured, once.
 */
function rerunNote(date: string, only: string[], now: string): string {
  const [base, ...reruns] = date.split("; ");
  const kept = reruns.flatMap((note) => {
    const at = note.indexOf(" run again on ");
    const sections = note
      .slice(0, at)
      .split(", ")
      .filter((name) => !only.includes(name));
    return sections.length ? [`${sections.join(", ")}${note.slice(at)}`] : [];
  });
  return [base, ...kept, now].join("; ");
}

function machine() {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  const version = (pkg: string) => JSON.parse(read(`node_modules/${pkg}/package.json`)).version as string;
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    versions: `Node ${process.version} (undici ${process.versions.undici}); openapi-fetch ${version("openapi-fetch")}; TypeScript ${version("typescript")}`,
    commit: git("rev-parse", "--short", "HEAD") + (git("status", "--porcelain", "--", "src") ? " with uncommitted changes in src/" : ""),
    load: [loadavg()[0]!, 0],
    date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  };
}

const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const grid = (columns: string[], rows: (string | number)[][]) =>
  [line(columns), `|${columns.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");

/** The one table writer: every section's tables are rendered by it. */
function markdown(t: Table, heading = ""): string {
  const body = grid(t.columns, t.rows);
  const table = t.collapsed ? `<details><summary>${t.title}</summary>\n\n${body}\n\n</details>` : body;
  return [t.collapsed || t.title === heading ? "" : `### ${t.title}`, t.intro, table, t.notes?.map((n) => `- ${n}`).join("\n")]
    .filter(Boolean)
    .join("\n\n");
}

const headlineCells = (h: HeadlineRow) => [h.what, h.result, h.target, mark(h.met)];
const headlineRows = (r: Run): HeadlineRow[] => Object.values(r.sections).flatMap((s) => s.headline ?? []);
const mark = (met: boolean | undefined) => (met === undefined ? "" : met ? "met" : "**missed**");

/** Which targets this run met and missed, in one sentence. */
function targetSummary(r: Run): string {
  const list = (met: boolean) => {
    const names = headlineRows(r).flatMap((h) => (h.name && h.met === met ? [h.name] : []));
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  };
  if (!list(false)) return "In this run it meets every target.";
  return `In this run it misses ${list(false)}${list(true) ? `, and meets ${list(true)}` : ""}.`;
}

/** The paragraph the README quotes as is. */
const readmeQuote = (r: Run) =>
  [
    ...Object.values(r.sections).map((s) => s.figures.readme),
    targetSummary(r),
    "Method, raw numbers and the cause of each gap: BENCHMARKS.md.",
  ]
    .filter(Boolean)
    .join(" ");

/** Tables go under their own section's heading or the one they name; tables of one title merge their rows. */
function sectionMarkdown(r: Run, key: string, heading: string): string[] {
  const tables: Table[] = [];
  for (const [owner, s] of Object.entries(r.sections)) {
    for (const t of s.tables.filter((t) => (t.section ?? owner) === key)) {
      const same = tables.find((x) => x.title === t.title);
      if (same) same.rows.push(...t.rows);
      else tables.push({ ...t, rows: [...t.rows] });
      if (same && t.notes) same.notes = [...(same.notes ?? []), ...t.notes];
    }
  }
  return tables.length ? [`## ${heading}`, ...tables.map((t) => markdown(t, heading))] : [];
}

const METHOD = `- The SDK and the benchmarks are bundled with esbuild from src/ and bench/ (\`openapi-fetch\` loaded from node_modules by every variant), \
each section runs in its own \`node --expose-gc\` process, and a full GC runs before each batch.
- Claims are ratios between variants measured in the same process, interleaved in a rotating order, round after round; each is the \
median of the per-round ratios with the min–max across rounds. Absolute times are for the record.`;

/** BENCHMARKS.md; `previous` is the file as it was, whose contract-suite block is kept. */
function renderMarkdown(r: Run, previous: string): string {
  const m = r.machine;
  const rows = headlineRows(r);
  const missed = rows
    .filter((h) => h.met === false)
    .map((h) => `- **${h.name![0]!.toUpperCase()}${h.name!.slice(1)}**: ${h.why ?? `see ${h.what}`}`);
  const seconds = Object.entries(r.seconds).map(([k, s]) => `${k} ${s.toFixed(0)} s`);
  const total = sum(Object.values(r.seconds));
  return `${[
    "# Benchmarks",
    `Generated by \`npm run bench\` (bench/, scripts/bench.sh) on ${m.date}, commit ${m.commit}${r.quick ? ", **quick mode** (fewer rounds)" : ""}. \
Do not edit by hand: run \`npm run bench\` again.`,
    "## Headline",
    "Ratios measured side by side in one process and one run, interleaved, as median (min–max) over rounds.",
    grid(["what", "result", "target", ""], rows.map(headlineCells)),
    missed.length ? `Missed targets, their measured causes, and the smallest change that would meet each:\n\n${missed.join("\n")}` : "",
    `For the README (quote as is):\n\n> ${readmeQuote(r)}`,
    "## Method and machine",
    `- Machine: ${m.cpu}; ${m.versions}. Shared with other work: load average ${m.load[0]!.toFixed(1)} at the start, \
${m.load[1]!.toFixed(1)} at the end.\n${METHOD}\n- Sections took ${seconds.join(", ")}; ${total.toFixed(0)} s in all.`,
    ...Object.entries(SECTIONS).flatMap(([key, { heading }]) => sectionMarkdown(r, key, heading)),
    between(previous, CONTRACT_BLOCK),
  ]
    .filter(Boolean)
    .join("\n\n")}\n`;
}

/** The lines `npm run bench` prints. */
const headline = (r: Run) =>
  headlineRows(r)
    .map((h) => `  ${h.what}: ${h.result.replaceAll("<br>", "; ")} [${h.target}] ${mark(h.met).replaceAll("*", "")}`)
    .join("\n");

/** Writes BENCHMARKS.md, keeping its contract-suite block, and the README's quote of the headline. */
function publish(r: Run): string {
  writeFileSync(join(root, "BENCHMARKS.md"), renderMarkdown(r, read("BENCHMARKS.md")));
  const readme = read("README.md");
  if (!readme.includes(README_QUOTE[0])) return "README.md has no headline markers; quote BENCHMARKS.md's headline there.";
  const quote = `${README_QUOTE[0]}\n> ${readmeQuote(r)}\n${README_QUOTE[1]}`;
  writeFileSync(join(root, "README.md"), readme.replace(between(readme, README_QUOTE), quote));
  return "Wrote BENCHMARKS.md and the README's quote of its headline.";
}

function main() {
  if (process.argv.includes("--render-only")) {
    const last = JSON.parse(readFileSync(join(results, "all.json"), "utf8")) as Run;
    return console.log(`${headline(last)}\n${publish(last)} (run of ${last.machine.date})`);
  }
  const quick = process.argv.includes("--quick");
  const only = arg("only", "").split(",").filter(Boolean);
  for (const name of only) if (!SECTIONS[name]) throw new Error(`unknown section ${name}; known: ${Object.keys(SECTIONS).join(", ")}`);
  mkdirSync(results, { recursive: true });
  const r: Run = { sections: {}, machine: machine(), seconds: {}, quick };
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (section.run === false || (only.length && !only.includes(name))) continue;
    const built = join(root, "bench/.out", `${name}.mjs`);
    if (!existsSync(built)) {
      log(`\n== ${name}: skipped, bench/${name}.ts does not exist yet`);
      continue;
    }
    log(`\n== ${name}`);
    const started = performance.now();
    const out = join(results, `${name}.json`);
    const args = ["--expose-gc", built, "--out", out, ...(quick ? (section.quick ?? []) : [])];
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    if (run.status !== 0) throw new Error(`bench section ${name} failed (exit ${run.status})`);
    r.seconds[name] = (performance.now() - started) / 1000;
    r.sections[name] = JSON.parse(readFileSync(out, "utf8"));
  }
  r.machine.load[1] = loadavg()[0]!;
  const total = sum(Object.values(r.seconds)).toFixed(0);
  if (process.argv.includes("--update")) {
    if (!only.length || quick) throw new Error("--update takes --only and no --quick: it replaces sections of the last full run.");
    const last = JSON.parse(readFileSync(join(results, "all.json"), "utf8")) as Run;
    Object.assign(last.sections, r.sections);
    Object.assign(last.seconds, r.seconds);
    last.machine.date = rerunNote(last.machine.date, only, `${only.join(", ")} run again on ${r.machine.date} at ${r.machine.commit}`);
    writeFileSync(join(results, "all.json"), JSON.stringify(last, null, 2));
    return console.log(`\n${headline(last)}\n${publish(last)} (${total} s)`);
  }
  if (only.length || quick) {
    // A quick or partial run is for trying the bench: it never replaces the published figures.
    const file = `.tmp/BENCHMARKS.${quick ? "quick" : "partial"}.md`;
    mkdirSync(join(root, ".tmp"), { recursive: true });
    writeFileSync(join(root, file), renderMarkdown(r, read("BENCHMARKS.md")));
    return console.log(`\n${headline(r)}\nWrote ${file} (${total} s).`);
  }
  writeFileSync(join(results, "all.json"), JSON.stringify(r, null, 2));
  console.log(`\n${headline(r)}\n${publish(r)} (${total} s)`);
}

main();
