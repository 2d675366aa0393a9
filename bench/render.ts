// Turns the sections' results into BENCHMARKS.md, the README's quoted headline, and the lines
// `npm run bench` prints. Every target is shown as met or missed, a missed one with its cause.
// Every claim is a ratio measured side by side in one run; absolute numbers are kept for the
// record only, because this machine is shared and its speed changes from minute to minute.
import { threadReply, usersPage } from "./fixtures.js";
import { fmtNum, fmtRatio, median, type Spread } from "./stats.js";
import type { Cell } from "./throughput.js";

type Ratio = Spread;

interface Comparison {
  runs: number;
  variants: Record<string, { wallMs: Spread; checkMs: Spread; instantiations: number; types: number }>;
  vsBare: Record<string, { wall: Ratio; check: Ratio; instantiations: number }>;
}

interface LoadRun {
  variant: string;
  concurrent: number;
  allSucceeded: boolean;
  peakOpenSockets: number;
  socketsLeftOpen: number;
  heapGrowthMiB: Spread;
  heapGrowthAfterSocketsClosedMiB: number;
  baselineHeapMiB: number;
  bursts: {
    burst: number;
    succeeded: number;
    requests: number;
    wallMs: number;
    p99Ms: number;
    newConnections: number;
    heapGrowthMiB: number;
  }[];
}

export interface Results {
  throughput: { rounds: number; variants: string[]; cells: Cell[] };
  cpu: {
    rounds: number;
    results: Record<string, { usPerCall: Record<string, Spread>; vsOpenapiFetch: Record<string, Ratio> }>;
  };
  size: {
    before?: { commit: string; minified: number; gzipped: number };
    targets: { sdk: number; operations: number };
    peers: Record<string, { version: string; minified: number; gzipped: number }>;
    synthetic: { minified: number; gzipped: number };
    wrapper: { minified: number; gzipped: number };
    total: { minified: number; gzipped: number };
    openapiFetch: { minified: number; gzipped: number };
    clientOnly: { minified: number; gzipped: number };
    inputs: Record<string, number>;
  };
  typecheck: {
    calls: number;
    chatOnly: Comparison;
    mixed: Comparison;
    synthetic: Comparison & { operations: number; openapiTypescriptMs: number };
  };
  pipeline: {
    runs: number;
    generate: { ms: Spread; ok: boolean };
    docs: { command: string; ms: Spread; ok: boolean };
    contract: { ms: number; cases: number; failed: number; suites: number; msPerCase: number };
  };
  load: { sdk: LoadRun; raw: LoadRun };
  machine: {
    cpu: string;
    memoryGiB: number;
    node: string;
    undici: string;
    typescript: string;
    openapiFetch: string;
    commit: string;
    dirty: boolean;
    loadBefore: number;
    loadAfter: number;
    date: string;
  };
  seconds: Record<string, number>;
  totalSeconds: number;
  quick: boolean;
}

const TARGET = { vsRawTimeout: 0.95, timeoutsOff: 0.95, vsOpenapiFetchPost: 1.15, p99: 1.1, cpu: 0.8, far: 0.99, typecheck: 1.2 };
const mark = (ok: boolean) => (ok ? "met" : "**missed**");
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cellName = (c: Cell) => `${c.operation}, c=${c.concurrency}${c.delayMs ? `, ${c.delayMs} ms round trip` : ""}`;
const range = (values: number[], digits = 2) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}×`;
const x2 = (v: number) => `${v.toFixed(2)}×`;

/** Markers around the block the contract-suite section writes into BENCHMARKS.md, kept on every run. */
export const CONTRACT_BLOCK = { start: "<!-- contract-suite:start -->", end: "<!-- contract-suite:end -->" };
/** Markers around the README's quote of the headline, which `npm run bench` rewrites. */
export const README_QUOTE = { start: "<!-- bench-headline:start -->", end: "<!-- bench-headline:end -->" };

/** The text between two markers, markers included; the bare markers when they are missing. */
export function between(text: string, markers: { start: string; end: string }): string {
  const from = text.indexOf(markers.start);
  const to = text.indexOf(markers.end, from);
  return from === -1 || to === -1 ? `${markers.start}\n${markers.end}` : text.slice(from, to + markers.end.length);
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

const loopbackCells = (r: Results) => r.throughput.cells.filter((c) => !c.delayMs);
const farCell = (r: Results) => r.throughput.cells.find((c) => c.delayMs);

/** Each target of the table in the README's order, with what this run measured. */
function verdicts(r: Results) {
  const cells = loopbackCells(r);
  const far = farCell(r);
  const posts = cells.filter((c) => c.operation === "send-thread-message");
  const pick = (cs: Cell[], f: (c: Cell) => number) => cs.map(f);
  const vsTimeout = pick(cells, (c) => c.sdkVsRawTimeout.throughput.median);
  const off = pick(cells, (c) => c.vsRaw["SDK, timeoutMs: 0"]!.throughput.median);
  const vsBare = pick(posts, (c) => c.sdkVsOpenapiFetch!.throughput.median);
  const p99 = pick(cells, (c) => c.sdkVsRawTimeout.p99.median);
  const cpu = Object.values(r.cpu.results).map((x) => x.vsOpenapiFetch.SDK!.median);
  const farRatio = far ? far.vsRaw.SDK!.throughput.median : Number.NaN;
  const growth = r.size.synthetic.gzipped - r.size.wrapper.gzipped;
  const tc = r.typecheck.chatOnly.vsBare.sdk!.wall.median;
  return {
    vsTimeout: { values: vsTimeout, ok: vsTimeout.every((v) => v >= TARGET.vsRawTimeout) },
    off: { values: off, ok: off.every((v) => v >= TARGET.timeoutsOff) },
    vsBare: { values: vsBare, ok: vsBare.every((v) => v >= TARGET.vsOpenapiFetchPost) },
    p99: { values: p99, ok: p99.every((v) => v <= TARGET.p99) },
    cpu: { values: cpu, ok: cpu.every((v) => v <= TARGET.cpu) },
    size: { value: r.size.total.gzipped, ok: r.size.total.gzipped <= r.size.targets.sdk },
    growth: { value: growth, ok: growth === 0 },
    far: { value: farRatio, ok: farRatio >= TARGET.far },
    typecheck: { value: tc, ok: tc <= TARGET.typecheck },
    load: { ok: r.load.sdk.allSucceeded },
  };
}

type Verdicts = ReturnType<typeof verdicts>;

/** The rows of the target table: what, measured, target, met or missed. */
function targetRows(r: Results, v: Verdicts): string[][] {
  const cells = loopbackCells(r);
  const per = (f: (c: Cell) => Spread, cs = cells) => cs.map((c) => `${cellName(c)}: ${fmtRatio(f(c))}`).join("<br>");
  const posts = cells.filter((c) => c.operation === "send-thread-message");
  const far = farCell(r);
  const cpu = Object.entries(r.cpu.results).map(([op, x]) => `${op}: ${fmtRatio(x.vsOpenapiFetch.SDK!)}`);
  return [
    [
      "Throughput, SDK ÷ raw fetch + timeout",
      per((c) => c.sdkVsRawTimeout.throughput),
      `≥ ${TARGET.vsRawTimeout}× every cell`,
      mark(v.vsTimeout.ok),
    ],
    ["Throughput, SDK ÷ raw fetch", per((c) => c.vsRaw.SDK!.throughput), "report", ""],
    [
      "Throughput, SDK with timeoutMs: 0 ÷ raw fetch",
      per((c) => c.vsRaw["SDK, timeoutMs: 0"]!.throughput),
      `≥ ${TARGET.timeoutsOff}×`,
      mark(v.off.ok),
    ],
    [
      "Throughput, SDK ÷ bare openapi-fetch, POST",
      per((c) => c.sdkVsOpenapiFetch!.throughput, posts),
      `≥ ${TARGET.vsOpenapiFetchPost}×`,
      mark(v.vsBare.ok),
    ],
    ["p99, SDK ÷ raw fetch + timeout", per((c) => c.sdkVsRawTimeout.p99), `≤ ${TARGET.p99}×`, mark(v.p99.ok)],
    ["CPU per call, real path, SDK ÷ bare openapi-fetch", cpu.join("<br>"), `≤ ${TARGET.cpu}×`, mark(v.cpu.ok)],
    [
      "Whole SDK (openapi-fetch included), min + gzip",
      `${kB(r.size.total.gzipped)}; ${Object.entries(r.size.peers)
        .map(([name, p]) => `${name} ${kB(p.gzipped)}`)
        .join(", ")}`,
      `≤ ${kB(r.size.targets.sdk)}`,
      mark(v.size.ok),
    ],
    [`Growth with a ${r.size.targets.operations}-operation spec`, `${v.growth.value} B`, "0 B", mark(v.growth.ok)],
    ["20 ms round trip, c=16, SDK ÷ raw fetch", far ? fmtRatio(far.vsRaw.SDK!.throughput) : "not run", `≥ ${TARGET.far}×`, mark(v.far.ok)],
    [
      "tsc --noEmit, 20 typed calls, SDK ÷ openapi-fetch",
      fmtRatio(r.typecheck.chatOnly.vsBare.sdk!.wall),
      `≤ ${TARGET.typecheck}×`,
      mark(v.typecheck.ok),
    ],
    [
      `${r.load.sdk.concurrent} concurrent requests, one client`,
      `${r.load.sdk.allSucceeded ? "all succeeded" : "failures"}; peak ${r.load.sdk.peakOpenSockets} sockets; ` +
        `heap +${r.load.sdk.heapGrowthMiB.median.toFixed(1)} MiB after GC (raw fetch +${r.load.raw.heapGrowthMiB.median.toFixed(1)})`,
      "all succeed, bounded",
      mark(v.load.ok),
    ],
  ];
}

/** The lines `npm run bench` prints. */
export function headline(r: Results): string {
  const v = verdicts(r);
  const cells = loopbackCells(r);
  const lines = [
    "Headline ratios (median of paired ratios within one run; targets in brackets):",
    ...cells.map(
      (c) =>
        `  ${cellName(c).padEnd(28)} SDK/raw fetch+timeout ${x2(c.sdkVsRawTimeout.throughput.median)} \
[>= ${TARGET.vsRawTimeout}],` +
        ` p99 ${x2(c.sdkVsRawTimeout.p99.median)} [<= ${TARGET.p99}]; SDK/raw fetch ${x2(c.vsRaw.SDK!.throughput.median)};` +
        ` timeoutMs 0 ${x2(c.vsRaw["SDK, timeoutMs: 0"]!.throughput.median)}; SDK/openapi-fetch ${x2(c.sdkVsOpenapiFetch!.throughput.median)}`,
    ),
    `  20 ms round trip, c=16, SDK/raw fetch: ${x2(v.far.value)} [>= ${TARGET.far}]`,
    `  CPU per call, SDK/openapi-fetch (stubbed global fetch): ${v.cpu.values.map(x2).join(", ")} [<= ${TARGET.cpu}]`,
    `  Size (min+gzip): whole SDK ${kB(v.size.value)} [<= ${kB(r.size.targets.sdk)}];` +
      ` ${r.size.targets.operations} operations: +${v.growth.value} B [0]`,
    `  tsc, 20 typed calls, SDK/openapi-fetch: ${x2(v.typecheck.value)} [<= ${TARGET.typecheck}]`,
    `  Load: ${r.load.sdk.concurrent} concurrent, ${r.load.sdk.allSucceeded ? "all succeeded" : "FAILURES"}`,
    `  ${targetSummary(r)}`,
  ];
  return lines.join("\n").replace(/\*\*/g, "");
}

/** The sentence the README quotes as is. */
export function readmeQuote(r: Results): string {
  const cells = loopbackCells(r);
  const v = verdicts(r);
  return (
    `Measured side by side on loopback sockets, the SDK, with retries and per-attempt timeouts on, reaches ` +
    `${range(cells.map((c) => c.sdkVsRawTimeout.throughput.median))} of the throughput of raw \`fetch\` with the same timeout ` +
    `(${range(cells.map((c) => c.vsRaw.SDK!.throughput.median))} of raw \`fetch\` without one), ` +
    `${range(cells.filter((c) => c.operation === "send-thread-message").map((c) => c.sdkVsOpenapiFetch!.throughput.median))} ` +
    `of bare openapi-fetch's on POST, and ${x2(v.far.value)} of raw \`fetch\` over a 20 ms round trip. ` +
    `The whole SDK, openapi-fetch included, is ${kB(r.size.total.gzipped)} (min + gzip); bundled the same way, ` +
    `${Object.entries(r.size.peers)
      .map(([name, p]) => `${name} ${p.version} is ${kB(p.gzipped)}`)
      .join(", ")}. ${targetSummary(r)} ` +
    "Method, raw numbers and the cause of each gap: BENCHMARKS.md."
  );
}

function throughputSection(r: Results): string {
  const { variants, rounds } = r.throughput;
  const cells = loopbackCells(r);
  const far = farCell(r);
  const ratioTable = table(
    ["variant", ...cells.map((c) => `${cellName(c)}: throughput`), ...cells.map((c) => `${cellName(c)}: p99`)],
    variants.map((name) => [
      name,
      ...cells.map((c) => fmtRatio(c.vsRaw[name]!.throughput)),
      ...cells.map((c) => fmtRatio(c.vsRaw[name]!.p99)),
    ]),
  );
  const cpuTable = table(
    ["variant", ...cells.map(cellName)],
    variants.map((name) => [name, ...cells.map((c) => fmtRatio(c.vsRaw[name]!.cpu))]),
  );
  const all = far ? [...cells, far] : cells;
  const absTable = table(
    ["cell", "variant", "requests/s", "p50 ms", "p99 ms", "client CPU µs/request"],
    all.flatMap((c) =>
      Object.entries(c.absolute).map(([name, a]) => [
        cellName(c),
        name,
        fmtNum(a.rps),
        fmtNum(a.p50, 2),
        fmtNum(a.p99, 2),
        fmtNum(a.cpuUs),
      ]),
    ),
  );
  const fair = table(
    ["cell", "SDK ÷ raw fetch + timeout: throughput", "p99", "client CPU", "SDK ÷ openapi-fetch: throughput", "p99", "client CPU"],
    all.map((c) => [
      cellName(c),
      fmtRatio(c.sdkVsRawTimeout.throughput),
      fmtRatio(c.sdkVsRawTimeout.p99),
      fmtRatio(c.sdkVsRawTimeout.cpu),
      c.sdkVsOpenapiFetch ? fmtRatio(c.sdkVsOpenapiFetch.throughput) : "",
      c.sdkVsOpenapiFetch ? fmtRatio(c.sdkVsOpenapiFetch.p99) : "",
      c.sdkVsOpenapiFetch ? fmtRatio(c.sdkVsOpenapiFetch.cpu) : "",
    ]),
  );
  const sizes = cells.map((c) => `${c.requestsPerBatch} (${cellName(c)})`).join(", ");
  return `## 1. Throughput and latency over loopback sockets

A keep-alive HTTP server on 127.0.0.1, in its own process, answers like the service: \
\`POST /messages/{id}/thread\` returns the spec's \`{ data: ThreadMessage }\` example \
(${kB(JSON.stringify(threadReply).length)}), \`GET /users\` a full page of ${usersPage.data.length} users \
(${kB(JSON.stringify(usersPage).length)}), with \`content-length\` and the rate-limit headers. Every variant sends \
the same headers (\`apikey\`, \`onBehalfOf\`, \`user-agent\`, and \`content-type\` on the POST), reads the whole body \
and parses it. The variants run one after the other within a round, in a rotating order, ${rounds} rounds per cell \
after a warm-up; each batch is ${sizes} requests, at concurrency 1 (sequential) or 64 (64 loops sharing one client). \
Ratios are paired within a round, then the median and the min–max over rounds are reported.${
    far
      ? ` One more cell, "${cellName(far)}", runs raw fetch, raw fetch + timeout and the SDK against a server \
that waits ${far.delayMs} ms before each answer, ${far.requestsPerBatch} requests per batch: what a caller sees over a network.`
      : ""
  }

Variants:
- **raw fetch**: \`fetch(url, init)\` and \`response.json()\`.
- **raw fetch + timeout**: the same with what a per-attempt timeout needs (an AbortController, a 30 s timer, \
\`signal\` in the init): the fair baseline for a client that has timeouts.
- **openapi-fetch**: \`createClient<paths>({ baseUrl, headers })\`, default options.
- **SDK**: \`createChatClient({ appId, apiKey, baseUrl }).as(uid)\`: retries (maxRetries 2), per-attempt timeouts \
(30 s), redirect checks, JSON validation, all on. **SDK, timeoutMs: 0** turns the timeout off.
- Ablations: **raw fetch(new Request)** hands fetch a \`Request\`, as openapi-fetch does; **raw fetch + shared \
signal** passes one never-aborted signal to every request, so only the runtime's cost of following a signal is \
left; **SDK + no-op middleware** puts the SDK on openapi-fetch's path (real Requests, a second parse of each body).

Throughput and p99 latency, each variant ÷ raw fetch (higher throughput is better, lower p99 is better):

${ratioTable}

The SDK against the fair baseline, raw fetch with the same per-attempt timeout, and against bare openapi-fetch:

${fair}

Client CPU time per request (all threads of the client process, GC included), each variant ÷ raw fetch:

${cpuTable}

Raw fetch kept the client process busy \
${cells.map((c) => `${c.rawClientCpuShare.median.toFixed(2)} (${cellName(c)})`).join(", ")} CPU-seconds per \
second: on loopback the client, not the server, is the bottleneck, so throughput ratios reflect client cost.

<details><summary>Absolute numbers (for the record; they drift with the machine's load)</summary>

${absTable}

</details>`;
}

function cpuSection(r: Results): string {
  const ops = Object.keys(r.cpu.results);
  const variants = Object.keys(r.cpu.results[ops[0]!]!.usPerCall);
  return `## 2. CPU cost per call

The global \`fetch\` is replaced by a stub that answers at once with a new \`Response\` holding the operation's 200 \
body, so each client runs its real path: the SDK's direct path calls \`fetch(url, init)\`, openapi-fetch calls \
\`fetch(request)\`. The calls run one after another, so wall time is CPU time. ${r.cpu.rounds} rounds, \
interleaved; ratios paired within each round. Ablations: the SDK with an injected \`fetch\` (which must receive a \
\`Request\`, with the attempt's signal in it), bare openapi-fetch with a per-call timeout signal, and the SDK on \
openapi-fetch's path (middleware).

${table(
  ["variant", ...ops.map((op) => `${op}: ÷ openapi-fetch`), ...ops.map((op) => `${op}: µs per call`)],
  variants.map((v) => [
    v,
    ...ops.map((op) => fmtRatio(r.cpu.results[op]!.vsOpenapiFetch[v]!)),
    ...ops.map((op) => fmtNum(r.cpu.results[op]!.usPerCall[v]!, 1)),
  ]),
)}`;
}

function sizeSection(r: Results): string {
  const s = r.size;
  const inputs = Object.entries(s.inputs).filter(([, bytes]) => bytes > 0);
  const path = inputs.filter(([f]) => f === "src/client/client.ts" || f.startsWith("src/transport/"));
  const pathBytes = path.reduce((a, [, b]) => a + b, 0);
  return `## 3. Size

\`src/index.ts\` bundled by esbuild as ESM (\`--bundle --minify --platform=neutral --target=es2022\`), gzipped at \
level 9. "Wrapper" leaves \`openapi-fetch\` external; "total" bundles it in. The synthetic spec repeats today's \
operations under new paths up to ${s.targets.operations}, run through \`scripts/generate-manifest.mjs\`.

${table(
  ["bundle", "minified", "min + gzip", "target"],
  [
    ["wrapper (src/index.ts, openapi-fetch external)", kB(s.wrapper.minified), kB(s.wrapper.gzipped), ""],
    [
      `wrapper, ${s.targets.operations}-operation spec`,
      kB(s.synthetic.minified),
      kB(s.synthetic.gzipped),
      `+0 B: ${mark(s.synthetic.gzipped === s.wrapper.gzipped)}`,
    ],
    [
      "whole SDK: wrapper + openapi-fetch",
      kB(s.total.minified),
      kB(s.total.gzipped),
      `≤ ${kB(s.targets.sdk)}: ${mark(s.total.gzipped <= s.targets.sdk)}`,
    ],
    ...Object.entries(s.peers).map(([name, p]) => [`${name} ${p.version} (for comparison)`, kB(p.minified), kB(p.gzipped), ""]),
    ["openapi-fetch 0.17 alone (whole module)", kB(s.openapiFetch.minified), kB(s.openapiFetch.gzipped), ""],
    ["only `createChatClient` imported, openapi-fetch external", kB(s.clientOnly.minified), kB(s.clientOnly.gzipped), ""],
  ],
)}

Minified bytes by module (wrapper bundle):

${table(
  ["module", "minified bytes"],
  inputs.map(([f, b]) => [f, String(b)]),
)}

The request path (src/client/client.ts and src/transport/) is ${pathBytes} of ${s.wrapper.minified} minified bytes.`;
}

/** The line comparing today's type-check cost with the SDK's before exact types, when that variant ran. */
function beforeExact(c: Comparison): string {
  const key = Object.keys(c.vsBare).find((name) => name.startsWith("SDK at "));
  if (!key) return "";
  return `
- Before and after exact types (a call's init no longer a type parameter, so misspelt keys do not compile): \
${key.replace(/^SDK at (\w+).*/, "at $1")}, ${c.vsBare[key]!.wall.median.toFixed(2)}× wall and ${c.vsBare[key]!.instantiations.toFixed(2)}× \
the instantiations of openapi-fetch; today ${c.vsBare.sdk!.wall.median.toFixed(2)}× and ${c.vsBare.sdk!.instantiations.toFixed(2)}×, measured side by side.`;
}

function typecheckSection(r: Results): string {
  const t = r.typecheck;
  const rows = (label: string, c: Comparison) =>
    Object.entries(c.vsBare).map(([name, v]) => {
      const abs = c.variants[name]!;
      return [
        label,
        name,
        fmtRatio(v.wall),
        fmtRatio(v.check),
        `${v.instantiations.toFixed(2)}×`,
        fmtNum(abs.wallMs),
        fmtNum(abs.checkMs),
        String(abs.instantiations),
      ];
    });
  return `## 4. Type-check cost

A consumer file makes ${t.calls} typed calls and reads a field of each result; the same calls are written \
against the SDK (a client bound with \`as()\`) and against bare openapi-fetch (passing \`onBehalfOf\` \
per call). Each file is checked by \`tsc --noEmit --extendedDiagnostics\` (TypeScript ${r.machine.typescript}, \
\`strict\`, \`skipLibCheck\`, against the SDK's emitted declarations, as a consumer of the package would), \
${t.chatOnly.runs} runs each, interleaved. Wall time includes starting tsc and reading the DOM lib, the \
same for both; check time and instantiation counts isolate the calls.

${table(
  ["consumer", "variant", "wall ÷ openapi-fetch", "check time ÷", "instantiations ÷", "wall ms", "check ms", "instantiations"],
  [
    ...rows("20 chat-API calls", t.chatOnly),
    ...rows("16 chat + 4 management calls", t.mixed),
    ...rows(`synthetic spec, ${t.synthetic.operations} operations, 20 calls`, t.synthetic),
  ],
)}

- The target applies to the 20 chat-API calls: ${t.chatOnly.vsBare.sdk!.wall.median.toFixed(2)}× wall, \
${mark(t.chatOnly.vsBare.sdk!.wall.median <= TARGET.typecheck)}.${beforeExact(t.chatOnly)}
- With management calls mixed in, the SDK types its two clients with different path sets (a chat client \
cannot call \`/apps\`), and two path types cost more than one: "openapi-fetch, split" types bare openapi-fetch \
the same way and costs ${t.mixed.vsBare["openapi-fetch, split"]?.instantiations.toFixed(2)}× the instantiations \
of one shared \`paths\` (a single run: instantiation counts do not vary).
- On the synthetic spec (generated by bench/typecheck.ts, ${t.synthetic.operations} operations in ${t.synthetic.operations / 3} \
resources, types by openapi-typescript in ${sec(t.synthetic.openapiTypescriptMs)}), the bound client's \
\`OnBehalfOfOptional\` maps every operation of the spec: "SDK, unbound" (the same calls through \`SdkClient<paths>\`) \
costs ${t.synthetic.vsBare["SDK, unbound"]?.instantiations.toFixed(2)}× the instantiations of bare openapi-fetch, \
the bound client ${t.synthetic.vsBare.sdk!.instantiations.toFixed(2)}×.`;
}

function pipelineSection(r: Results): string {
  const p = r.pipeline;
  return `## 5. Pipeline

\`npm run generate\` and the docs build run in a scratch copy of the repository (bench/.tmp/pipeline, \
\`node_modules\` linked), ${p.runs} runs each; the contract suite runs once in place.

${table(
  ["step", "time", "notes"],
  [
    ["`npm run generate` (lint, bundle, types, manifest)", fmtNum(p.generate.ms, 0, " ms"), p.generate.ok ? "" : "**failed**"],
    [`\`${p.docs.command}\``, fmtNum(p.docs.ms, 0, " ms"), p.docs.ok ? "" : "**failed**"],
    [
      "`npx jest tests/contract`",
      `${sec(p.contract.ms)} for ${p.contract.cases} cases in ${p.contract.suites} files`,
      `${p.contract.msPerCase.toFixed(0)} ms per case, Prism start included${p.contract.failed ? `; **${p.contract.failed} failed**` : ""}`,
    ],
  ],
)}`;
}

function loadSection(r: Results): string {
  const row = (l: LoadRun) => [
    l.variant,
    `${l.bursts.map((b) => `${b.succeeded}/${b.requests}`).join(", ")}`,
    String(l.peakOpenSockets),
    l.bursts.map((b) => String(b.newConnections)).join(", "),
    l.bursts.map((b) => `${b.heapGrowthMiB.toFixed(1)}`).join(", "),
    l.heapGrowthAfterSocketsClosedMiB.toFixed(1),
    l.bursts.map((b) => `${(b.wallMs / 1000).toFixed(1)} s / ${(b.p99Ms / 1000).toFixed(1)} s`).join(", "),
  ];
  return `## 6. Load

${r.load.sdk.concurrent} requests at once (half send-thread-message, half list-users) through one client \
to the loopback server, ${r.load.sdk.bursts.length} bursts, each in a fresh process per variant (\`node \
--expose-gc\`). The server counts connections. Heap is \`heapUsed\` after full GCs, against a baseline \
taken after a warm-up; the last column is after the server closed the idle keep-alive sockets.

${table(
  [
    "client",
    "succeeded per burst",
    "peak open sockets",
    "new connections per burst",
    "heap growth per burst (MiB)",
    "heap growth, sockets closed (MiB)",
    "burst wall / p99",
  ],
  [row(r.load.sdk), row(r.load.raw)],
)}

- Every request succeeded: ${mark(r.load.sdk.allSucceeded)}.
- undici's default agent opens one connection per concurrent request to an origin, with no cap: ${r.load.sdk.concurrent} \
concurrent requests held ${r.load.sdk.peakOpenSockets} sockets, and the next burst reused them (${r.load.sdk.bursts
    .slice(1)
    .map((b) => b.newConnections)
    .join(", ")} new connections). An application that wants fewer can pass a \`fetch\` bound to its \
own undici \`Agent({ connections })\`.
- Heap growth is bounded and the same as raw fetch's: it does not grow from burst to burst, and most of it is the open sockets.`;
}

function whereTimeWent(r: Results): string {
  const c = loopbackCells(r).find((x) => x.operation === "send-thread-message" && x.concurrency === 64) ?? r.throughput.cells[0]!;
  const t = c.vsRaw;
  const cpu = Object.entries(r.cpu.results);
  return `## Where the time goes

Numbers below are from ${cellName(c)} in this run, and from section 2.

1. **The direct path.** Without middleware or custom serializers, the SDK builds the URL with openapi-fetch's own \
serializers (made once per client), merges a precomputed plain headers object and calls \`fetch(url, init)\`: no \
\`Request\`, no \`Headers\`, one read and one parse of each body. A \`Request\` alone costs: raw fetch(new Request) \
reaches ${fmtRatio(t["raw fetch(new Request)"]!.throughput)} of raw fetch. On openapi-fetch's path (middleware) the \
SDK has ${fmtRatio(t["SDK + no-op middleware"]!.throughput)} of raw fetch's throughput; the direct path has \
${fmtRatio(t.SDK!.throughput)}.
2. **The per-attempt timeout.** raw fetch + timeout reaches ${fmtRatio(t["raw fetch + timeout"]!.throughput)} of raw \
fetch; ${sharedSignalVerdict([c])} \`timeoutMs: 0\` drops the timer and the signal: the SDK then reaches \
${fmtRatio(t["SDK, timeoutMs: 0"]!.throughput)} of raw fetch.
3. **CPU per call.** With the global fetch stubbed, the SDK takes ${cpu
    .map(([op, x]) => `${fmtRatio(x.vsOpenapiFetch.SDK!)} (${op})`)
    .join(", ")} of bare openapi-fetch's CPU per call; with an injected fetch, which must get a \`Request\`, \
${cpu.map(([op, x]) => `${fmtRatio(x.vsOpenapiFetch["SDK, injected fetch"]!)} (${op})`).join(", ")}.`;
}

/** Whether one shared, never-aborted signal did better than a fresh timeout signal per request. */
function sharedSignalVerdict(cells: Cell[]): string {
  const gain = median(
    cells.map((c) => c.vsRaw["raw fetch + shared signal"]!.throughput.median - c.vsRaw["raw fetch + timeout"]!.throughput.median),
  );
  const shared = range(cells.map((c) => c.vsRaw["raw fetch + shared signal"]!.throughput.median));
  const signed = `${gain >= 0 ? "+" : "−"}${Math.abs(gain).toFixed(2)}`;
  return gain < 0.03
    ? `one shared, never-aborted signal does little better (${shared}; ${signed}): the cost is the runtime following a signal.`
    : `one shared, never-aborted signal reaches ${shared} (${signed}): that part is the controller and the timer.`;
}

/** Which targets this run met and missed, in one sentence. */
function targetSummary(r: Results): string {
  const v = verdicts(r);
  const targets: Array<[string, boolean]> = [
    ["throughput against raw fetch + timeout", v.vsTimeout.ok],
    ["throughput with timeouts off", v.off.ok],
    ["throughput against openapi-fetch on POST", v.vsBare.ok],
    ["p99", v.p99.ok],
    ["CPU per call", v.cpu.ok],
    ["SDK size", v.size.ok],
    ["size growth per operation", v.growth.ok],
    ["the 20 ms round trip", v.far.ok],
    ["type-check cost", v.typecheck.ok],
    ["the load test", v.load.ok],
  ];
  const list = (ok: boolean) => {
    const names = targets.filter(([, met]) => met === ok).map(([name]) => name);
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  };
  if (!list(false)) return "In this run it meets every target.";
  return `In this run it misses ${list(false)}${list(true) ? `, and meets ${list(true)}` : ""}.`;
}

/** One line per missed target: the measured cause, and the smallest change that would meet it. */
function gaps(r: Results): string[] {
  const v = verdicts(r);
  const cells = loopbackCells(r);
  const col = (f: (c: Cell) => number) => range(cells.map(f));
  const out: string[] = [];
  const lows = cells.map((c) => c.sdkVsRawTimeout.throughput.min);
  const highs = cells.map((c) => c.sdkVsRawTimeout.throughput.max);
  const spanSdk = `single rounds range from ${x2(Math.min(...lows))} to ${x2(Math.max(...highs))} on this shared machine`;
  if (!v.vsTimeout.ok || !v.p99.ok) {
    out.push(
      `**Throughput${v.p99.ok ? "" : " and p99"} against raw fetch + timeout**: medians ${range(v.vsTimeout.values)} \
(p99 ${range(v.p99.values)}). What the SDK does beyond raw fetch + timeout, measured: client CPU per request \
${col((c) => c.sdkVsRawTimeout.cpu.median)} of that baseline's (retry bookkeeping, parameter checks, the redirect \
check, JSON validation, a caller-signal listener); ${spanSdk}. Smallest change: skip the caller-signal listener and \
the deadline arithmetic when neither is set, which is most calls.`,
    );
  }
  if (!v.off.ok) {
    out.push(
      `**Timeouts off against raw fetch**: ${range(v.off.values)}. Without a timer and a signal what remains is the \
SDK's own per-call work (see CPU per call). Smallest change: the same as above.`,
    );
  }
  if (!v.vsBare.ok) {
    const posts = cells.filter((c) => c.operation === "send-thread-message");
    out.push(
      `**Against bare openapi-fetch on POST**: ${range(v.vsBare.values)}. Bare openapi-fetch has no timeout; the SDK \
pays for one (compare raw fetch + timeout, ${col((c) => c.vsRaw["raw fetch + timeout"]!.throughput.median)} of raw \
fetch). Smallest change: none in the SDK without dropping the default timeout; with \`timeoutMs: 0\` it reaches \
${range(posts.map((c) => c.vsRaw["SDK, timeoutMs: 0"]!.throughput.median / c.vsRaw["openapi-fetch"]!.throughput.median))} \
of openapi-fetch (ratio of medians).`,
    );
  }
  if (!v.cpu.ok) {
    out.push(
      `**CPU per call**: ${v.cpu.values.map(x2).join(", ")} of bare openapi-fetch. Most of it is the per-attempt \
timeout (an AbortController, a timer, a signal undici follows), which bare openapi-fetch does not have; see the \
"SDK, timeoutMs: 0" row of section 2. Smallest change: a timer wheel shared by all calls instead of one timer each.`,
    );
  }
  if (!v.size.ok) {
    const top = Object.entries(r.size.inputs)
      .slice(0, 4)
      .map(([f, b]) => `${f} ${b} B`)
      .join(", ");
    out.push(
      `**SDK size**: ${kB(r.size.total.gzipped)}, ${kB(r.size.total.gzipped - r.size.targets.sdk)} over. \
The bundle holds the whole public surface: the two request paths, nine error classes with their guards, \
pagination, redaction, URL checks, and the hardening of the request path (the final-request origin check, the \
multipart encoder that keeps retries byte-identical without a copy, the bounded seen-set of paginate). Largest \
modules (minified): ${top}. Smallest change: build every request in one place instead of two, which removes \
the direct path's copy of openapi-fetch's URL, header and body logic; the size test in \`npm test\` holds the \
measured size until then.`,
    );
  }
  if (!v.growth.ok) out.push("**Size growth**: a generated table grows with the spec; see section 3.");
  if (!v.far.ok) {
    out.push(
      `**20 ms round trip**: ${x2(v.far.value)}. With the network in the way the client's cost should vanish; a miss \
here is noise on a shared machine or a client bottleneck at c=16 (see the absolute numbers).`,
    );
  }
  if (!v.typecheck.ok) out.push("**Type-check**: see section 4.");
  if (!v.load.ok) out.push("**Load**: see section 6.");
  return out;
}

/** BENCHMARKS.md; `previous` is the file as it was, whose contract-suite block is kept. */
export function renderMarkdown(r: Results, previous = ""): string {
  const v = verdicts(r);
  const m = r.machine;
  const missed = gaps(r);
  return `# Benchmarks

Generated by \`npm run bench\` (bench/, scripts/bench.sh) on ${m.date}, commit ${m.commit}\
${m.dirty ? " with uncommitted changes in src/" : ""}${r.quick ? ", **quick mode** (fewer rounds)" : ""}. \
Do not edit by hand: run \`npm run bench\` again.

## Headline

Ratios measured side by side in one process and one run, interleaved, as median (min–max) over rounds.

${table(["what", "result", "target", ""], targetRows(r, v))}
${missed.length ? `\nMissed targets, their measured causes, and the smallest change that would meet each:\n\n${missed.map((g) => `- ${g}`).join("\n")}\n` : ""}
For the README (quote as is):

> ${readmeQuote(r)}

## Method and machine

- Machine: ${m.cpu}, ${m.memoryGiB} GiB; Node ${m.node} (undici ${m.undici}); openapi-fetch ${m.openapiFetch}; \
TypeScript ${m.typescript}. Shared with other work: load average ${m.loadBefore.toFixed(1)} at the start, \
${m.loadAfter.toFixed(1)} at the end.
- The SDK and the benchmarks are bundled with esbuild from src/ and bench/ (\`openapi-fetch\` loaded from \
node_modules by every variant), each section runs in its own \`node --expose-gc\` process, and a full GC runs \
before each batch.
- Claims are ratios between variants measured in the same process, interleaved in a rotating order, round after \
round; each is the median of the per-round ratios with the min–max across rounds. Absolute times are for the record.
- Sections took ${Object.entries(r.seconds)
    .map(([k, s]) => `${k} ${s.toFixed(0)} s`)
    .join(", ")}; ${r.totalSeconds.toFixed(0)} s in all.

${throughputSection(r)}

${cpuSection(r)}

${whereTimeWent(r)}

${sizeSection(r)}

${typecheckSection(r)}

${pipelineSection(r)}

${loadSection(r)}

${between(previous, CONTRACT_BLOCK)}
`;
}
