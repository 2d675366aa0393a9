// Section 16: instructions per call. On a shared machine a call's CPU time moves by ±20% from one
// batch to the next, which hides a difference of a few percent. Valgrind (cachegrind, no cache
// simulation) counts the instructions a client process executes, JIT code and the garbage collector
// included, and that count barely moves with the load. Each variant runs in a process of its own
// under Valgrind against the loopback server (a native process, not counted): a warm-up, then n1
// calls in one run and n2 in another, so the difference divided by n2 − n1 is one call's instructions,
// start-up and warm-up cancelled out. Needs `valgrind` on the PATH (`apt-get install valgrind`);
// without it the section reports that it did not run.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLoopback } from "./loopback.js";
import { arg, fmt, type HeadlineRow, interleave, log, main, numArg, paired, report, spread } from "./section.js";
import { bareOpenapiFetch, type Operation, OPERATIONS as KNOWN, raw, sdk, type Variant } from "./variants.js";

const ONE = "no-op middleware";
/** The clients counted: bare openapi-fetch and the SDK with one no-op middleware, the SDK without its timeout, and raw fetch. */
const VARIANTS: Record<string, (url: string) => Variant> = {
  "openapi-fetch + no-op middleware": (url) => bareOpenapiFetch(url, false, ONE),
  "SDK + no-op middleware": (url) => sdk(url, { middleware: ONE }),
  "SDK + no-op middleware, timeoutMs: 0": (url) => sdk(url, { middleware: ONE, timeoutsOff: true }),
  "raw fetch + timeout": (url) => raw("raw fetch + timeout", url),
  "raw fetch + timeout, read by a reader": (url) => raw("raw fetch + timeout", url, true),
  "raw fetch, read by a reader": (url) => raw("raw fetch", url, true),
};
const BARE = "openapi-fetch + no-op middleware";

/** In the child: `warmup` calls, a full GC, then `calls` more, one at a time. */
async function child(variant: string, op: Operation, warmup: number, calls: number): Promise<void> {
  const server = await startLoopback();
  try {
    const call = VARIANTS[variant]!(server.url).calls[op];
    for (let i = 0; i < warmup; i++) await call();
    (globalThis as { gc?: () => void }).gc?.();
    for (let i = 0; i < calls; i++) await call();
  } finally {
    await server.close();
  }
}

/** The instructions Valgrind counted in one run of the child. */
function instructions(variant: string, op: Operation, warmup: number, calls: number): Promise<number> {
  const out = join(tmpdir(), `chat-bench-cachegrind-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const args = ["--tool=cachegrind", "--cache-sim=no", `--cachegrind-out-file=${out}`, process.execPath, "--expose-gc"];
  const self = [process.argv[1]!, "--child", variant, op, String(warmup), String(calls)];
  return new Promise((resolve, reject) => {
    const run = spawn("valgrind", [...args, ...self], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    run.stderr.on("data", (chunk: Buffer) => void (stderr += chunk));
    run.on("error", reject);
    run.on("close", (code) => {
      try {
        if (code !== 0) throw new Error(`valgrind exited ${code} for ${variant}, ${op}:\n${stderr.slice(-2000)}`);
        // The totals line: "summary: <Ir>".
        const total = /^summary:\s+(\d+)/m.exec(readFileSync(out, "utf8"));
        if (!total) throw new Error(`no instruction total in cachegrind's output for ${variant}, ${op}`);
        resolve(Number(total[1]));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(out, { force: true });
      }
    });
  });
}

/** One call's instructions: two runs, n1 and n2 calls after the same warm-up, both at once (each is single-threaded under Valgrind). */
async function perCall(variant: string, op: Operation, warmup: number, n1: number, n2: number): Promise<number> {
  const [a, b] = await Promise.all([instructions(variant, op, warmup, n1), instructions(variant, op, warmup, n2)]);
  return (b - a) / (n2 - n1);
}

const hasValgrind = () => {
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

main(async () => {
  const at = process.argv.indexOf("--child");
  if (at !== -1) {
    const [variant, op, warmup, calls] = process.argv.slice(at + 1);
    return child(variant!, op as Operation, Number(warmup), Number(calls));
  }
  const rounds = numArg("rounds", 3);
  const warmup = numArg("warmup", 400);
  const [n1, n2] = [numArg("n1", 200), numArg("n2", 1000)];
  const OPERATIONS = arg("ops", "list-users,send-thread-message").split(",") as Operation[];
  const unknown = OPERATIONS.filter((op) => !KNOWN.includes(op));
  if (unknown.length) throw new Error(`--ops: no operation ${unknown.join(", ")}; the operations are ${KNOWN.join(", ")}`);
  const title = "Instructions per call under Valgrind: each client ÷ bare openapi-fetch with the same no-op middleware";
  if (!hasValgrind()) {
    log("valgrind is not on the PATH: the section did not run (apt-get install valgrind)");
    return report({
      tables: [{ title, columns: ["note"], rows: [["Not run: `valgrind` is not on the PATH (`apt-get install valgrind`)."]] }],
      figures: {},
    });
  }
  const names = Object.keys(VARIANTS);
  const counts: Record<string, Record<string, number[]>> = {};
  for (const op of OPERATIONS) {
    counts[op] = await interleave(names, rounds, async (name) => {
      const n = await perCall(name, op, warmup, n1, n2);
      log(`${op}, ${name}: ${(n / 1e6).toFixed(3)} M instructions per call`);
      return n;
    });
  }
  const ratio = (op: Operation, name: string) => paired(counts[op]![name]!, counts[op]![BARE]!);
  const floor = "raw fetch + timeout, read by a reader";
  // list-users at c=1 is where section 15's CPU target is nearest the SDK; a run without it (--ops) has no headline row.
  const headline: HeadlineRow[] = [];
  if (OPERATIONS.includes("list-users"))
    headline.push({
      what: "Instructions per call, list-users c=1: raw fetch + timeout (read as the SDK reads) ÷ bare openapi-fetch + 1 no-op middleware",
      result: `${fmt(ratio("list-users", floor))}; the SDK + 1 no-op middleware: ${fmt(ratio("list-users", "SDK + no-op middleware"))}`,
      target: "report",
    });
  report({
    tables: [
      {
        title,
        intro:
          "Over the loopback server of section 1, one call at a time (c=1). Each variant runs in a Node process of its own under " +
          "`valgrind --tool=cachegrind --cache-sim=no`, which counts every instruction the process executes in user space (the " +
          `JIT's code and the garbage collector's included, the kernel's not): ${warmup} calls of warm-up and a full GC, then ` +
          `${n1} calls in one run and ${n2} in another; one call is the difference ÷ ${n2 - n1}. ${rounds} rounds, interleaved. ` +
          "The count barely moves with the machine's load, where CPU time moves by ±20%.",
        columns: ["variant", ...OPERATIONS.map((op) => `${op}: ÷ bare`), ...OPERATIONS.map((op) => `${op}: M instructions per call`)],
        rows: names.map((name) => [
          name,
          ...OPERATIONS.map((op) => fmt(ratio(op, name))),
          ...OPERATIONS.map((op) => fmt(spread(counts[op]![name]!.map((n) => n / 1e6)), 3, "")),
        ]),
        notes: [
          "**raw fetch + timeout** is `fetch(url, init)` with a per-call AbortController and a 30 s timer, as a careful caller " +
            "writes it, and `response.json()`; **read by a reader** reads the body with the stream's reader, then decodes and " +
            "parses it, as the SDK does. A client that sends with fetch, times " +
            "each attempt out and parses the whole body does at least what **raw fetch + timeout, read by a reader** does.",
          "**SDK + no-op middleware, timeoutMs: 0** is the SDK without its per-attempt timeout: the difference to the SDK with " +
            "it is what following an AbortSignal costs in Node's fetch (a listener, a WeakRef and a FinalizationRegistry entry " +
            "per request, which also keep each request's objects alive through young-generation collections).",
        ],
      },
    ],
    figures: {},
    headline,
  });
});
