// Turns the sections' results into BENCHMARKS.md and the lines `npm run bench` prints.
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
    results: Record<string, { usPerCall: Record<string, Spread>; vsOpenapiFetch: Record<string, Ratio>; sdkVsOpenapiFetchTimeout: Ratio }>;
  };
  size: {
    before?: { commit: string; minified: number; gzipped: number };
    targets: { wrapper: number; total: number };
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

const TARGET = { throughput: 0.95, p99: 1.1, cpu: 1.3, typecheck: 1.2 };
const mark = (ok: boolean) => (ok ? "met" : "**missed**");
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cellName = (c: Cell) => `${c.operation}, c=${c.concurrency}`;
const range = (values: number[], digits = 2) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}×`;

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

function verdicts(r: Results) {
  const cells = r.throughput.cells;
  const sdkThroughput = cells.map((c) => c.vsRaw.SDK!.throughput.median);
  const sdkP99 = cells.map((c) => c.vsRaw.SDK!.p99.median);
  const cpu = Object.values(r.cpu.results).map((x) => x.vsOpenapiFetch.SDK!.median);
  const tcChat = r.typecheck.chatOnly.vsBare.sdk!.wall.median;
  const loadOk = r.load.sdk.allSucceeded;
  return {
    throughput: { values: sdkThroughput, ok: sdkThroughput.every((v) => v >= TARGET.throughput) },
    p99: { values: sdkP99, ok: sdkP99.every((v) => v <= TARGET.p99) },
    cpu: { values: cpu, ok: cpu.every((v) => v <= TARGET.cpu) },
    wrapper: { value: r.size.wrapper.gzipped, ok: r.size.wrapper.gzipped <= r.size.targets.wrapper },
    total: { value: r.size.total.gzipped, ok: r.size.total.gzipped <= r.size.targets.total },
    typecheck: { value: tcChat, ok: tcChat <= TARGET.typecheck },
    load: { ok: loadOk },
  };
}

/** The lines `npm run bench` prints, and the README quotes. */
export function headline(r: Results): string {
  const v = verdicts(r);
  const cells = r.throughput.cells;
  const lines = [
    "Headline ratios (median of paired ratios within one run; targets in brackets):",
    ...cells.map(
      (c) =>
        `  ${cellName(c).padEnd(28)} SDK/raw fetch throughput ${c.vsRaw.SDK!.throughput.median.toFixed(2)}× [>= ${TARGET.throughput}], p99 ${c.vsRaw.SDK!.p99.median.toFixed(2)}× [<= ${TARGET.p99}];` +
        ` bare openapi-fetch ${c.vsRaw["openapi-fetch"]!.throughput.median.toFixed(2)}×`,
    ),
    `  CPU per call, SDK/openapi-fetch (stub fetch): ${Object.entries(r.cpu.results)
      .map(([op, x]) => `${op} ${x.vsOpenapiFetch.SDK!.median.toFixed(2)}×`)
      .join(", ")} [<= ${TARGET.cpu}]`,
    `  Size (min+gzip): wrapper ${kB(r.size.wrapper.gzipped)} [<= ${kB(r.size.targets.wrapper)}], wrapper + openapi-fetch ${kB(r.size.total.gzipped)} [<= ${kB(r.size.targets.total)}]`,
    `  tsc, 20 typed calls, SDK/openapi-fetch: ${v.typecheck.value.toFixed(2)}× [<= ${TARGET.typecheck}]; 300-operation spec ${r.typecheck.synthetic.vsBare.sdk!.wall.median.toFixed(2)}×`,
    `  Load: ${r.load.sdk.concurrent} concurrent, ${r.load.sdk.allSucceeded ? "all succeeded" : "FAILURES"}, peak ${r.load.sdk.peakOpenSockets} sockets, heap +${r.load.sdk.heapGrowthMiB.median.toFixed(1)} MiB after GC (raw fetch +${r.load.raw.heapGrowthMiB.median.toFixed(1)} MiB)`,
    `  Targets: throughput ${mark(v.throughput.ok)}, p99 ${mark(v.p99.ok)}, CPU ${mark(v.cpu.ok)}, size ${mark(v.wrapper.ok && v.total.ok)}, tsc ${mark(v.typecheck.ok)}, load ${mark(v.load.ok)}`,
  ];
  return lines.join("\n").replace(/\*\*/g, "");
}

function throughputSection(r: Results): string {
  const { cells, variants, rounds } = r.throughput;
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
  const absTable = table(
    ["cell", "variant", "requests/s", "p50 ms", "p99 ms", "client CPU µs/request"],
    cells.flatMap((c) =>
      variants.map((name) => {
        const a = c.absolute[name]!;
        return [cellName(c), name, fmtNum(a.rps), fmtNum(a.p50, 2), fmtNum(a.p99, 2), fmtNum(a.cpuUs)];
      }),
    ),
  );
  const vsTimeout = table(
    [
      "cell",
      "SDK / raw fetch + timeout signal: throughput",
      "p99",
      "client CPU",
      "SDK / openapi-fetch + LightRequest: throughput",
      "p99",
      "client CPU",
    ],
    cells.map((c) => [
      cellName(c),
      fmtRatio(c.sdkVsRawTimeout.throughput),
      fmtRatio(c.sdkVsRawTimeout.p99),
      fmtRatio(c.sdkVsRawTimeout.cpu),
      fmtRatio(c.sdkVsLight.throughput),
      fmtRatio(c.sdkVsLight.p99),
      fmtRatio(c.sdkVsLight.cpu),
    ]),
  );
  return `## 1. Throughput and latency over loopback sockets

A keep-alive HTTP server on 127.0.0.1, in its own process, answers like the service: \`POST /messages/{id}/thread\` returns the spec's \`{ data: ThreadMessage }\` example (${kB(JSON.stringify(threadReply).length)}), \`GET /users\` a full page of ${usersPage.data.length} users (${kB(JSON.stringify(usersPage).length)}), with \`content-length\` and the rate-limit headers. Every variant sends the same headers (\`apikey\`, \`onBehalfOf\`, \`user-agent\`, and \`content-type\` on the POST), reads the whole body and parses it. The client process runs the variants one after the other within a round, in a rotating order, ${rounds} rounds per cell after a warm-up; each batch is ${cells.map((c) => `${c.requestsPerBatch} (${cellName(c)})`).join(", ")} requests, at concurrency 1 (sequential) or 64 (64 loops sharing one client). Ratios are paired within a round, then the median and the min–max over rounds are reported.

Variants:
- **raw fetch**: \`fetch(url, init)\` and \`response.json()\`, the baseline.
- **openapi-fetch**: \`createClient<paths>({ baseUrl, headers })\`, default options.
- **SDK**: \`createChatClient({ appId, apiKey, baseUrl }).as(uid)\`: retries (maxRetries 2), per-attempt timeouts (30 s), redirect checks, JSON validation, all on.
- Ablations, to show where a difference comes from: **raw fetch(new Request)** hands fetch a \`Request\` object, as openapi-fetch does; **raw fetch + timeout signal** adds what a per-attempt timeout needs (an AbortController, a timer, \`signal\` in the init); **raw fetch + shared signal** passes one signal, made once and never aborted, to every request, so the only cost left is the runtime's fetch following a signal; **openapi-fetch + LightRequest** is openapi-fetch with the SDK's light request class and a fetch that sends \`(url, init)\`, i.e. openapi-fetch's own serialisation without the Request object; **SDK + no-op middleware** forces the SDK onto openapi-fetch's middleware path, with real Requests and a second parse of each body, which is close to what every call cost before the changes described below.

Throughput and p99 latency, each variant ÷ raw fetch (higher throughput is better, lower p99 is better):

${ratioTable}

The SDK against raw fetch with the same kind of timeout signal (what the SDK costs beyond following a signal), and against openapi-fetch + LightRequest (what the SDK's own layer costs, its timeout signal included, on top of openapi-fetch's request building):

${vsTimeout}

Client CPU time per request (all threads of the client process, GC included), each variant ÷ raw fetch:

${cpuTable}

Raw fetch kept the client process busy ${cells.map((c) => `${c.rawClientCpuShare.median.toFixed(2)} (${cellName(c)})`).join(", ")} CPU-seconds per second (more than 1 means GC threads ran beside the main thread): the client, not the server, is the bottleneck, so throughput ratios reflect client cost.

<details><summary>Absolute numbers (for the record; they drift with the machine's load)</summary>

${absTable}

</details>`;
}

function cpuSection(r: Results): string {
  const ops = Object.keys(r.cpu.results);
  const variants = Object.keys(r.cpu.results[ops[0]!]!.usPerCall);
  return `## 2. CPU cost per call

Each client gets a \`fetch\` that answers at once with a new \`Response\` holding the operation's 200 body; the calls run one after another, so wall time is CPU time. ${r.cpu.rounds} rounds, interleaved; ratios paired within each round.

${table(
  ["variant", ...ops.map((op) => `${op}: ÷ openapi-fetch`), ...ops.map((op) => `${op}: µs per call`)],
  variants.map((v) => [
    v,
    ...ops.map((op) => fmtRatio(r.cpu.results[op]!.vsOpenapiFetch[v]!)),
    ...ops.map((op) => fmtNum(r.cpu.results[op]!.usPerCall[v]!, 1)),
  ]),
)}

An injected \`fetch\` receives a real \`Request\` (that is its documented contract), so here the SDK builds one per attempt, as openapi-fetch does, with the attempt's timeout signal in it. A Request that follows a signal costs undici much more than one that does not: "openapi-fetch + timeout signal" passes the same kind of signal through bare openapi-fetch, and the SDK against it is ${ops.map((op) => `${fmtRatio(r.cpu.results[op]!.sdkVsOpenapiFetchTimeout)} (${op})`).join(", ")}.`;
}

function sizeSection(r: Results): string {
  const s = r.size;
  const inputs = Object.entries(s.inputs).filter(([, bytes]) => bytes > 0);
  const hot = ["src/transport.ts", "src/client.ts", "src/prepare-call.ts", "src/light-request.ts"];
  const hotBytes = inputs.filter(([f]) => hot.includes(f)).reduce((a, [, b]) => a + b, 0);
  return `## 3. Size

\`src/index.ts\` bundled by esbuild as ESM (\`--bundle --minify --platform=neutral --target=es2022\`), gzipped at level 9. "Wrapper" leaves \`openapi-fetch\` external; "total" bundles it in.

${table(
  ["bundle", "minified", "min + gzip", "target"],
  [
    [
      "wrapper (src/index.ts, openapi-fetch external)",
      kB(s.wrapper.minified),
      kB(s.wrapper.gzipped),
      `≤ ${kB(s.targets.wrapper)}: ${mark(s.wrapper.gzipped <= s.targets.wrapper)}`,
    ],
    [
      "wrapper + openapi-fetch",
      kB(s.total.minified),
      kB(s.total.gzipped),
      `≤ ${kB(s.targets.total)}: ${mark(s.total.gzipped <= s.targets.total)}`,
    ],
    ["openapi-fetch 0.17 alone (whole module)", kB(s.openapiFetch.minified), kB(s.openapiFetch.gzipped), ""],
    ["only `createChatClient` imported, openapi-fetch external", kB(s.clientOnly.minified), kB(s.clientOnly.gzipped), ""],
  ],
)}

Minified bytes by source file (wrapper bundle):

${table(
  ["file", "minified bytes"],
  inputs.map(([f, b]) => [f, String(b)]),
)}

The hot path (${hot.join(", ")}) is ${hotBytes} bytes of ${s.wrapper.minified} minified. A bundle of \`createChatClient\` alone is already ${kB(s.clientOnly.gzipped)} gzipped, because the client itself needs the retry policy, the transport, the error classes it throws, redaction, URL checks and the deprecation manifest.`;
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

A consumer file makes ${t.calls} typed calls and reads a field of each result; the same calls are written against the SDK (a client bound with \`as()\`) and against bare openapi-fetch (passing \`onBehalfOf\` per call). Each file is checked by \`tsc --noEmit --extendedDiagnostics\` (TypeScript ${r.machine.typescript}, \`strict\`, \`skipLibCheck\`, against the SDK's emitted declarations, as a consumer of the package would), ${t.chatOnly.runs} runs each, interleaved. Wall time includes starting tsc and reading the DOM lib, the same for both; check time and instantiation counts isolate the calls.

${table(
  ["consumer", "variant", "wall ÷ openapi-fetch", "check time ÷", "instantiations ÷", "wall ms", "check ms", "instantiations"],
  [
    ...rows("20 chat-API calls", t.chatOnly),
    ...rows("16 chat + 4 management calls", t.mixed),
    ...rows(`synthetic spec, ${t.synthetic.operations} operations, 20 calls`, t.synthetic),
  ],
)}

- The target applies to the 20 chat-API calls: ${t.chatOnly.vsBare.sdk!.wall.median.toFixed(2)}× wall, ${mark(t.chatOnly.vsBare.sdk!.wall.median <= TARGET.typecheck)}.
- With management calls mixed in, the SDK types its two clients with different path sets (a chat client cannot call \`/apps\`), and two path types cost more than one: "openapi-fetch, split" types bare openapi-fetch the same way and costs ${t.mixed.vsBare["openapi-fetch, split"]?.instantiations.toFixed(2)}× the instantiations of one shared \`paths\` (a single run: instantiation counts do not vary).
- On the synthetic spec (generated by bench/typecheck.ts, ${t.synthetic.operations} operations in ${t.synthetic.operations / 3} resources, types by openapi-typescript in ${sec(t.synthetic.openapiTypescriptMs)}), the bound client's \`OnBehalfOfOptional\` maps every operation of the spec: "SDK, unbound" (the same calls through \`SdkClient<paths>\`) costs ${t.synthetic.vsBare["SDK, unbound"]?.instantiations.toFixed(2)}× the instantiations of bare openapi-fetch, the bound client ${t.synthetic.vsBare.sdk!.instantiations.toFixed(2)}×.`;
}

function pipelineSection(r: Results): string {
  const p = r.pipeline;
  return `## 5. Pipeline

\`npm run generate\` and the docs build run in a scratch copy of the repository (bench/.tmp/pipeline, \`node_modules\` linked), ${p.runs} runs each; the contract suite runs once in place.

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

${r.load.sdk.concurrent} requests at once (half send-thread-message, half list-users) through one client to the loopback server, ${r.load.sdk.bursts.length} bursts, each in a fresh process per variant (\`node --expose-gc\`). The server counts connections. Heap is \`heapUsed\` after full GCs, against a baseline taken after a warm-up; the last column is after the server closed the idle keep-alive sockets.

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
- undici's default agent opens one connection per concurrent request to an origin, with no cap: ${r.load.sdk.concurrent} concurrent requests held ${r.load.sdk.peakOpenSockets} sockets, and the next burst reused them (${r.load.sdk.bursts
    .slice(1)
    .map((b) => b.newConnections)
    .join(", ")} new connections). An application that wants fewer can pass a \`fetch\` bound to its own undici \`Agent({ connections })\`.
- Heap growth is bounded and the same as raw fetch's: it does not grow from burst to burst, and most of it is the open sockets.`;
}

function whereTimeWent(r: Results): string {
  const c = r.throughput.cells.find((x) => x.operation === "send-thread-message" && x.concurrency === 64) ?? r.throughput.cells[0]!;
  const t = c.vsRaw;
  return `## Where the time went, and what changed in src/

Measured with \`scripts/bench-profile.sh\` (\`node --cpu-prof\` on one variant under load, self time per function) and the ablation rows above. Numbers below are from ${cellName(c)} in this run.

1. **openapi-fetch's Request object.** \`new Request(url, init)\` copies the headers and turns the body into a stream, and undici copies the Request again when fetch receives one: raw fetch(new Request) reaches ${fmtRatio(t["raw fetch(new Request)"]!.throughput)} of raw fetch. openapi-fetch accepts a \`Request\` class per call, so while no middleware is registered the SDK passes \`LightRequest\` (src/light-request.ts), which only keeps url, method, headers, body and signal; the transport sends them as \`fetch(url, init)\`. \`use\`/\`eject\` track middleware (and a per-call \`middleware\` or \`Request\` option counts too), so middleware still gets real Requests.
2. **Parsing every body twice.** The transport reads the body to make a reset mid-body a retryable failure and parses 2xx JSON to validate it; openapi-fetch then parsed the rebuilt Response again, which cost most on the ${kB(JSON.stringify(usersPage).length)} users page. On the light path the SDK now asks openapi-fetch for \`parseAs: "stream"\` (so it leaves the body alone) and hands over the JSON the transport parsed: one read, one parse, and no rebuilt Response for a 2xx.
3. **Per-call allocations.** Path-parameter names are found once per template (they were matched with a regex on every call), the retry options are only destructured when a call sets one, the call context doubles as the record \`unwrap\` looks up, and the backoff and Retry-After are only computed when a retry is possible.
4. **What remains.** Per-attempt timeouts need a signal, and undici follows a caller's signal with listeners, a WeakRef and a FinalizationRegistry entry: raw fetch + timeout signal reaches ${fmtRatio(t["raw fetch + timeout signal"]!.throughput)} of raw fetch throughput. ${sharedSignalVerdict([c])} openapi-fetch's own serialisation (URL, query and path serialisers, two \`Headers\` merges per POST, JSON.stringify) costs the rest: openapi-fetch + LightRequest reaches ${fmtRatio(t["openapi-fetch + LightRequest"]!.throughput)}. The SDK against raw fetch + timeout signal: ${fmtRatio(c.sdkVsRawTimeout.throughput)}; against openapi-fetch + LightRequest, i.e. the SDK's own layer with its timeout signal: ${fmtRatio(c.sdkVsLight.throughput)} the throughput at ${fmtRatio(c.sdkVsLight.cpu)} the client CPU.
${
  c.sdkVsMiddlewarePath
    ? `
Together, against the SDK on the middleware path (real Requests, two parses; close to every call before these changes), the SDK now has ${r.throughput.cells.map((x) => `${fmtRatio(x.sdkVsMiddlewarePath!.throughput)} the throughput and ${fmtRatio(x.sdkVsMiddlewarePath!.cpu)} the client CPU (${cellName(x)})`).join("; ")}; with a stubbed fetch it takes ${Object.entries(
        r.cpu.results,
      )
        .map(
          ([op, x]) =>
            `${(x.vsOpenapiFetch.SDK!.median / x.vsOpenapiFetch["SDK + no-op middleware"]!.median).toFixed(2)}× the CPU (${op}, ratio of medians)`,
        )
        .join(", ")}.${
        r.size.before
          ? ` The changes cost ${kB(r.size.wrapper.gzipped - r.size.before.gzipped)} of gzipped bundle (${kB(r.size.before.gzipped)} at commit ${r.size.before.commit}, ${kB(r.size.wrapper.gzipped)} now).`
          : ""
      }`
    : ""
}`;
}

/**
 * Whether one shared, never-aborted signal (no controller or timer per request) did better
 * than a fresh timeout signal per request: the conclusion follows this run's data.
 */
function sharedSignalVerdict(cells: Cell[]): string {
  const gain = median(
    cells.map((c) => c.vsRaw["raw fetch + shared signal"]!.throughput.median - c.vsRaw["raw fetch + timeout signal"]!.throughput.median),
  );
  const shared = range(cells.map((c) => c.vsRaw["raw fetch + shared signal"]!.throughput.median));
  const signed = `${gain >= 0 ? "+" : "−"}${Math.abs(gain).toFixed(2)}`;
  return gain < 0.03
    ? `One shared, never-aborted signal, with no controller or timer per request, does little better (${shared}; median ${signed} over a fresh signal per request): the cost is mostly undici's, per request, which no timer wheel or pooled controller in the SDK can remove.`
    : `One shared, never-aborted signal, with no controller or timer per request, reaches ${shared}, a median ${signed} over a fresh signal per request: that part is the controller and timer, which pooling could save.`;
}

/** Which of the brief's targets this run met and missed, in one sentence. */
function targetSummary(r: Results): string {
  const v = verdicts(r);
  const targets: Array<[string, boolean]> = [
    ["throughput (≥ 0.95× raw fetch)", v.throughput.ok],
    ["p99 latency (≤ 1.10×)", v.p99.ok],
    ["CPU per call (≤ 1.3× openapi-fetch)", v.cpu.ok],
    ["size (2 kB / 5 kB gzipped)", v.wrapper.ok && v.total.ok],
    ["type-check cost (≤ 1.2×)", v.typecheck.ok],
    ["the 2000-request load", v.load.ok],
  ];
  const list = (ok: boolean) => {
    const names = targets.filter(([, met]) => met === ok).map(([name]) => name);
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  };
  if (!list(false)) return "In this run it meets every target.";
  return `In this run it misses ${list(false)}${list(true) ? `, and meets ${list(true)}` : ""}.`;
}

/** One line per missed target, naming the measured cause. */
function gaps(r: Results): string[] {
  const v = verdicts(r);
  const cells = r.throughput.cells;
  const col = (pick: (c: Cell) => number) => range(cells.map(pick));
  const out: string[] = [];
  if (!v.throughput.ok || !v.p99.ok) {
    out.push(
      `**Throughput${v.p99.ok ? "" : " and p99 latency"}**: the gap has three parts, each measured in the same run, none large enough alone to close it. (1) openapi-fetch's request building (URL and query serialisers, two \`Headers\` merges per POST, its async plumbing), even without the Request object: openapi-fetch + LightRequest reaches ${col((c) => c.vsRaw["openapi-fetch + LightRequest"]!.throughput.median)} of raw fetch. (2) Following a per-attempt timeout signal, which undici does with listeners, a WeakRef and a FinalizationRegistry entry per request: raw fetch + timeout signal reaches ${col((c) => c.vsRaw["raw fetch + timeout signal"]!.throughput.median)}. ${sharedSignalVerdict(cells)} (3) The SDK's own layer on top of openapi-fetch (that signal, retry bookkeeping, parameter checks, body buffering and JSON validation): the SDK reaches ${col((c) => c.sdkVsLight.throughput.median)} of openapi-fetch + LightRequest's throughput at ${col((c) => c.sdkVsLight.cpu.median)} its client CPU. Meeting 0.95× on every cell would take replacing openapi-fetch's request building on the hot path with the SDK's own and dropping signal-based timeouts (undici's per-request dispatcher timeouts are Node-only); the SDK's per-round ratios themselves span ${Math.min(...cells.map((c) => c.vsRaw.SDK!.throughput.min)).toFixed(2)}–${Math.max(...cells.map((c) => c.vsRaw.SDK!.throughput.max)).toFixed(2)}× on this shared machine.`,
    );
  }
  if (!v.cpu.ok) {
    out.push(
      `**CPU per call**: an injected fetch must get a real \`Request\`, and with the attempt's timeout signal in it undici's Request costs far more; against bare openapi-fetch carrying the same kind of signal the SDK is at ${Object.entries(
        r.cpu.results,
      )
        .map(([op, x]) => `${fmtRatio(x.sdkVsOpenapiFetchTimeout)} (${op})`)
        .join(", ")}.`,
    );
  }
  if (!v.wrapper.ok || !v.total.ok) {
    out.push(
      `**Size**: importing \`createChatClient\` alone bundles ${kB(r.size.clientOnly.gzipped)}, because the client needs its transport, retry policy, error classes, redaction, URL checks and deprecation manifest; about a quarter of the minified bytes are message strings. Section 3 lists the bytes by file. The size check in \`npm test\` (tests/size) holds today's size as its budget until the target is settled.`,
    );
  }
  if (!v.typecheck.ok) out.push("**Type-check**: see section 4.");
  if (!v.load.ok) out.push("**Load**: see section 6.");
  return out;
}

export function renderMarkdown(r: Results): string {
  const v = verdicts(r);
  const m = r.machine;
  const cells = r.throughput.cells;
  const tp = (name: string, key: "throughput" | "p99") => cells.map((c) => `${cellName(c)}: ${fmtRatio(c.vsRaw[name]![key])}`).join("<br>");
  const missed = gaps(r);
  return `# Benchmarks

Generated by \`npm run bench\` (bench/, scripts/bench.sh) on ${m.date}, commit ${m.commit}${m.dirty ? " with uncommitted changes in src/" : ""}${r.quick ? ", **quick mode** (fewer rounds)" : ""}. Do not edit by hand: run \`npm run bench\` again.

## Headline

Ratios measured side by side in one process and one run, interleaved, as median (min–max) over rounds.

${table(
  ["what", "result", "target", ""],
  [
    ["Throughput, SDK ÷ raw fetch", tp("SDK", "throughput"), `≥ ${TARGET.throughput}×`, mark(v.throughput.ok)],
    ["p99 latency, SDK ÷ raw fetch", tp("SDK", "p99"), `≤ ${TARGET.p99}×`, mark(v.p99.ok)],
    ["Throughput, bare openapi-fetch ÷ raw fetch (for comparison)", tp("openapi-fetch", "throughput"), "", ""],
    [
      "CPU per call, SDK ÷ openapi-fetch (stubbed fetch)",
      Object.entries(r.cpu.results)
        .map(([op, x]) => `${op}: ${fmtRatio(x.vsOpenapiFetch.SDK!)}`)
        .join("<br>"),
      `≤ ${TARGET.cpu}×`,
      mark(v.cpu.ok),
    ],
    ["Size, wrapper (min + gzip)", kB(r.size.wrapper.gzipped), `≤ ${kB(r.size.targets.wrapper)}`, mark(v.wrapper.ok)],
    ["Size, wrapper + openapi-fetch (min + gzip)", kB(r.size.total.gzipped), `≤ ${kB(r.size.targets.total)}`, mark(v.total.ok)],
    [
      "tsc --noEmit, 20 typed calls, SDK ÷ openapi-fetch",
      fmtRatio(r.typecheck.chatOnly.vsBare.sdk!.wall),
      `≤ ${TARGET.typecheck}×`,
      mark(v.typecheck.ok),
    ],
    [`tsc, 20 calls on a ${r.typecheck.synthetic.operations}-operation spec`, fmtRatio(r.typecheck.synthetic.vsBare.sdk!.wall), "", ""],
    [
      `${r.load.sdk.concurrent} concurrent requests, one client`,
      `${r.load.sdk.allSucceeded ? "all succeeded" : "failures"}; peak ${r.load.sdk.peakOpenSockets} sockets; heap +${r.load.sdk.heapGrowthMiB.median.toFixed(1)} MiB after GC (raw fetch +${r.load.raw.heapGrowthMiB.median.toFixed(1)})`,
      "all succeed, bounded",
      mark(v.load.ok),
    ],
    [
      "`npm run generate` / docs build / contract suite per case",
      `${sec(r.pipeline.generate.ms.median)} / ${sec(r.pipeline.docs.ms.median)} / ${r.pipeline.contract.msPerCase.toFixed(0)} ms (${r.pipeline.contract.cases} cases)`,
      "report",
      "",
    ],
  ],
)}
${missed.length ? `\nMissed targets and their measured causes:\n\n${missed.map((g) => `- ${g}`).join("\n")}\n` : ""}
For the README (quote as is):

> Measured side by side on loopback sockets, the SDK, with retries and timeouts on, reaches ${range(cells.map((c) => c.vsRaw.SDK!.throughput.median))} of raw \`fetch\` throughput (bare openapi-fetch: ${range(cells.map((c) => c.vsRaw["openapi-fetch"]!.throughput.median))}), at ${range(cells.map((c) => c.vsRaw.SDK!.p99.median))} its p99 latency. It adds ${kB(r.size.wrapper.gzipped)} (min + gzip) to openapi-fetch's ${kB(r.size.total.gzipped - r.size.wrapper.gzipped)}, and type-checks 20 calls in ${r.typecheck.chatOnly.vsBare.sdk!.wall.median.toFixed(2)}× the time of bare openapi-fetch. ${targetSummary(r)} Method, raw numbers and the cause of each gap: BENCHMARKS.md.

## Method and machine

- Machine: ${m.cpu}, ${m.memoryGiB} GiB; Node ${m.node} (undici ${m.undici}); openapi-fetch ${m.openapiFetch}; TypeScript ${m.typescript}. Shared with other work: load average ${m.loadBefore.toFixed(1)} at the start, ${m.loadAfter.toFixed(1)} at the end.
- The SDK and the benchmarks are bundled with esbuild from src/ and bench/ (\`openapi-fetch\` loaded from node_modules by every variant), each section runs in its own \`node --expose-gc\` process, and a full GC runs before each batch.
- Claims are ratios between variants measured in the same process, interleaved in a rotating order, round after round; each is the median of the per-round ratios with the min–max across rounds. Absolute times are listed for the record only.
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
`;
}
