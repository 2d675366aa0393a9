// Section 23: derived clients and a shared signal. What `withOptions` costs to derive, side by side
// with `as()`, and what the derived client's calls cost beside its parent's (stubbed fetch); then a
// million calls sharing one long-lived AbortSignal, each with a per-call timeout, in a child
// process on Node 20 and on Node 24 (tests/harness/shared-signal-heap.ts), the heap measured after
// GC before and after them.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { createChatClient } from "../src/index.js";
import { collectGarbage, fmt, interleave, log, main, numArg, paired, report, spread } from "./section.js";
import { stubFetch } from "./stub-fetch.js";

const dir = join(process.cwd(), "bench/.tmp/ergonomics");
const MB = 1024 * 1024;

/** Nanoseconds per `derive()`, over `n` of them. */
function perDerive(derive: () => unknown, n: number): number {
  let keep: unknown;
  collectGarbage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) keep = derive();
  const ns = Number(process.hrtime.bigint() - started) / n;
  return keep ? ns : ns;
}

/** Client CPU microseconds per call, over `n` calls one after another. */
async function perCall(call: () => Promise<unknown>, n: number): Promise<number> {
  collectGarbage();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
}

interface Heap {
  node: string;
  calls: number;
  perCallTimeout: number;
  derivedWithDeadline: number;
}

/** The shared-signal child on `command` (node itself, or `npx -y node@24`). */
function heapRun(command: string[], script: string, calls: number): Heap | string {
  const [bin, ...args] = command;
  const run = spawnSync(bin!, [...args, "--expose-gc", script, String(calls)], { encoding: "utf8", timeout: 30 * 60_000 });
  if (run.status !== 0) return `did not run: ${(run.stderr || run.error?.message || "").trim().split("\n").at(-1)}`;
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Heap;
}

main(async () => {
  const rounds = numArg("rounds", 15);
  const derives = numArg("derives", 200_000);
  const calls = numArg("calls", 50_000);
  const heapCalls = numArg("heap-calls", 1_000_000);

  const chat = createChatClient({ appId: "bench", region: "us", apiKey: "bench-api-key", fetch: stubFetch });
  const overrides = { timeoutMs: 5_000, maxRetries: 1 };
  const withHeaders = { timeoutMs: 5_000, headers: { "x-request-source": "bench" } };
  const DERIVES: Record<string, () => unknown> = {
    "as(uid)": () => chat.as("cometchat-uid-1"),
    "withOptions({ timeoutMs, maxRetries })": () => chat.withOptions(overrides),
    "withOptions({ timeoutMs, headers })": () => chat.withOptions(withHeaders),
    "withOptions({ onBehalfOf })": () => chat.withOptions({ onBehalfOf: "cometchat-uid-1" }),
  };
  for (const derive of Object.values(DERIVES)) perDerive(derive, derives / 4);
  const derived = await interleave(Object.keys(DERIVES), rounds, (name) => perDerive(DERIVES[name]!, derives));
  const slowest = Math.max(...Object.keys(DERIVES).map((name) => spread(derived[name]!).median)) / 1000;
  log(`withOptions: slowest derive ${slowest.toFixed(2)} µs`);

  const child = chat.withOptions(overrides);
  const CALLS: Record<string, () => Promise<unknown>> = {
    "parent client": () => chat.GET("/users"),
    "derived client": () => child.GET("/users"),
  };
  for (const call of Object.values(CALLS)) await perCall(call, calls / 5);
  const called = await interleave(Object.keys(CALLS), rounds, (name) => perCall(CALLS[name]!, calls));

  mkdirSync(dir, { recursive: true });
  const script = join(dir, "shared-signal-heap.cjs");
  await build({
    entryPoints: ["tests/harness/shared-signal-heap.ts"],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile: script,
    logLevel: "warning",
  });
  const heaps = [heapRun([process.execPath], script, heapCalls), heapRun(["npx", "-y", "node@24"], script, heapCalls)];
  const flat = heaps.every((h) => typeof h !== "string" && h.perCallTimeout < MB && h.derivedWithDeadline < MB);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

  report({
    tables: [
      {
        title: "Deriving a client: nanoseconds per derive, and ÷ as(uid)",
        intro:
          `${derives.toLocaleString("en")} derives per batch from one Chat client, ${rounds} rounds in a rotating order; ratios ` +
          "paired within each round. `withOptions` checks its overrides once and builds the config its calls then share.",
        columns: ["derive", "ns per derive", "÷ as(uid)"],
        rows: Object.keys(DERIVES).map((name) => [
          name,
          fmt(spread(derived[name]!), 0, ""),
          name === "as(uid)" ? "" : fmt(paired(derived[name]!, derived["as(uid)"]!)),
        ]),
      },
      {
        title: "A derived client's calls ÷ its parent's (stubbed fetch, client CPU per call)",
        intro: `${calls.toLocaleString("en")} calls one after another per batch, ${rounds} rounds; a derived client's calls merge nothing per call.`,
        columns: ["client", "µs per call", "÷ parent"],
        rows: Object.keys(CALLS).map((name) => [
          name,
          fmt(spread(called[name]!), 1, ""),
          fmt(paired(called[name]!, called["parent client"]!)),
        ]),
      },
      {
        title: `${heapCalls.toLocaleString("en")} calls sharing one AbortSignal: heap growth after GC`,
        intro:
          "One long-lived signal, as a server passes its shutdown signal to every call; each call has a per-call timeout " +
          "(`timeoutMs: 5000`), or comes from a client derived for it with a timeout and a deadline. The stub answers at once.",
        columns: ["node", "per-call timeout", "derived client, timeout + deadline"],
        rows: heaps.map((h) => (typeof h === "string" ? ["node@24", h, ""] : [h.node, kB(h.perCallTimeout), kB(h.derivedWithDeadline)])),
      },
    ],
    figures: { deriveUs: slowest },
    headline: [
      {
        what: "Deriving a client with withOptions (the slowest of three kinds of overrides)",
        result: `${slowest.toFixed(2)} µs`,
        target: "≤ 2 µs",
        met: slowest <= 2,
        name: "withOptions' cost",
        why: "Every derive builds the client's methods anew, as as() does.",
      },
      {
        what: `Heap after ${heapCalls.toLocaleString("en")} calls sharing one signal, Node 20 and 24`,
        result: heaps
          .map((h) => (typeof h === "string" ? h : `${h.node}: ${kB(Math.max(h.perCallTimeout, h.derivedWithDeadline))}`))
          .join("<br>"),
        target: "< 1 MB on each",
        met: flat,
        name: "a flat heap with a shared signal",
        why: "A call leaves something on the shared signal.",
      },
    ],
  });
});
