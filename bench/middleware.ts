// Section 15: what middleware costs. The SDK with 1 and 3 no-op middlewares, a middleware that sets
// a header and a logging one, each against bare openapi-fetch with the same middleware objects, over
// the loopback server (throughput and client CPU per call, c = 1 and 16), then with a stubbed global
// fetch (client CPU alone), then a CPU profile of the SDK's middleware path.
import { Session } from "node:inspector/promises";
import { type CpuProfile, type ProfileEntry, profileEntries, topBy } from "./cpu-profile.js";
import { startLoopback } from "./loopback.js";
import { collectGarbage, fmt, type HeadlineRow, interleave, log, main, numArg, paired, report, type Spread, spread } from "./section.js";
import { stubFetch } from "./stub-fetch.js";
import {
  bareOpenapiFetch,
  type Call,
  MIDDLEWARE,
  type MiddlewareName,
  OPERATIONS,
  type Operation,
  raw,
  sdk,
  type Variant,
} from "./variants.js";

interface Batch {
  rps: number;
  /** Client CPU time (all threads) per call, in microseconds. */
  cpuUs: number;
}

/** `total` calls, `concurrency` at a time; calls per second and the process's CPU time per call. */
async function batch(call: Call, total: number, concurrency: number): Promise<Batch> {
  let next = 0;
  const loop = async () => {
    while (next++ < total) await call();
  };
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { rps: (total * 1000) / elapsed, cpuUs: (used.user + used.system) / total };
}

interface Cell {
  name: string;
  total: number;
  batches: Record<string, Batch[]>;
}

/** Every variant, `rounds` times in a rotating order, after a warm-up batch of each. */
async function runCell(name: string, variants: Variant[], operation: Operation, concurrency: number, total: number, rounds: number) {
  for (const v of variants) await batch(v.calls[operation], Math.ceil(total / 2), concurrency);
  const calls = Object.fromEntries(variants.map((v) => [v.name, v.calls[operation]]));
  const batches = await interleave(Object.keys(calls), rounds, (n) => batch(calls[n]!, total, concurrency));
  return { name, total, batches };
}

const ratio = (cell: Cell, a: string, b: string, key: keyof Batch) => paired(cell.batches[a]!, cell.batches[b]!, (x) => x[key]);
const KINDS = Object.keys(MIDDLEWARE) as MiddlewareName[];
const SDK = (kind: MiddlewareName) => `SDK + ${kind}`;
const BARE = (kind: MiddlewareName) => `openapi-fetch + ${kind}`;
const T = "raw fetch + timeout";

/** The SDK bare and with each middleware, bare openapi-fetch with the same, and raw fetch with a timeout. */
const variantsAt = (url: string) => [
  raw(T, url),
  sdk(url),
  ...KINDS.flatMap((kind) => [sdk(url, { middleware: kind }), bareOpenapiFetch(url, false, kind)]),
];

/** Where a profiled function's code lives, in words. */
function owner(fn: string): string {
  if (fn.includes("node:internal/deps/undici")) return "undici (Request, Response, Headers, body streams)";
  if (fn.includes("(native/gc)")) return "V8 (garbage collector, native)";
  if (fn.includes("node_modules/openapi-fetch")) return "openapi-fetch (serializers the SDK reuses)";
  if (fn.includes("bench/.out")) return "the SDK (or the bench's loop and stub)";
  return `Node (${/(node:[^:]+)/.exec(fn)?.[1] ?? "runtime"})`;
}
const fnName = (fn: string) => `\`${fn.slice(0, fn.lastIndexOf(" "))}\``;
/** The SDK's steps of a call with middleware, whose total time the profile table shows. */
const STEPS = new Set([
  ...["sendCall", "checkCall", "buildRequest", "requestOf", "runOnRequest", "runOnResponse", "outgoingAfter"],
  ...["transport", "runAttempt", "readBody", "readResult", "readable"],
]);

/** Profiles `call` run back to back for `ms`, with the inspector's sampling profiler in this process. */
async function profile(call: Call, ms: number): Promise<ProfileEntry[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    for (const until = performance.now() + ms; performance.now() < until; ) await call();
    const { profile: p } = await session.post("Profiler.stop");
    return profileEntries(p as CpuProfile).entries;
  } finally {
    session.disconnect();
  }
}

main(async () => {
  // Many short rounds: on a shared machine a burst of other work then spoils a few rounds, not the median.
  const rounds = numArg("rounds", 15);
  const scale = numArg("scale", 1);
  // About 0.15 s per batch on the reference machine.
  const sizes = { "send-thread-message": [250, 450], "list-users": [150, 250] };
  const server = await startLoopback();
  const cells: Cell[] = [];
  try {
    const variants = variantsAt(server.url);
    for (const op of OPERATIONS)
      for (const [i, c] of [1, 16].entries()) {
        const cell = await runCell(`${op}, c=${c}`, variants, op, c, Math.round(sizes[op][i]! * scale), rounds);
        log(`${cell.name}: ${KINDS.map((k) => `${k} ${ratio(cell, SDK(k), BARE(k), "rps").median.toFixed(2)}×`).join("; ")}`);
        cells.push(cell);
      }
  } finally {
    await server.close();
  }

  // The client's own work alone: every client is made after the stub is in place (openapi-fetch keeps the fetch it finds).
  globalThis.fetch = stubFetch;
  const stubbed = variantsAt("https://bench.api-us.cometchat.io/v3");
  const stubCells: Cell[] = [];
  for (const op of OPERATIONS) {
    const total = Math.round({ "send-thread-message": 700, "list-users": 250 }[op] * scale);
    stubCells.push(await runCell(`${op}, stubbed fetch`, stubbed, op, 1, total, rounds));
  }
  const sdkOf = (kind: MiddlewareName) => stubbed.find((v) => v.name === SDK(kind))!.calls["send-thread-message"];
  const profiled = {
    noOp: await profile(sdkOf("no-op middleware"), 1500 * scale),
    header: await profile(sdkOf("header middleware"), 1500 * scale),
  };

  const all = [...cells, ...stubCells];
  const pair = (cs: Cell[], a: string, b: string, key: keyof Batch) => cs.map((c) => [c, ratio(c, a, b, key)] as const);
  const perCell = (cs: Cell[], a: string, b: string, keys: (keyof Batch)[]) => keys.flatMap((k) => cs.map((c) => fmt(ratio(c, a, b, k))));
  const LABEL = { rps: "throughput", cpuUs: "client CPU" };
  const columns = (cs: Cell[], keys: (keyof Batch)[]) => ["middleware", ...keys.flatMap((k) => cs.map((c) => `${c.name}: ${LABEL[k]}`))];
  const range = (values: readonly (readonly [Cell, Spread])[]) =>
    `${Math.min(...values.map(([, s]) => s.median)).toFixed(2)}–${Math.max(...values.map(([, s]) => s.median)).toFixed(2)}×`;
  const one = "no-op middleware";
  const goal = (what: string, results: (readonly [Cell, Spread])[], atLeast: boolean, bound: number, name: string, why: string) => {
    const met = results.every(([, s]) => (atLeast ? s.median >= bound : s.median <= bound));
    return {
      what,
      result: results.map(([c, s]) => `${c.name}: ${fmt(s)}`).join("<br>"),
      target: `${atLeast ? "≥" : "≤"} ${bound}× every cell`,
      met,
      name,
      why,
    } satisfies HeadlineRow;
  };
  const vsBare = pair(cells, SDK(one), BARE(one), "rps");
  const cpuVsBare = pair(all, SDK(one), BARE(one), "cpuUs");
  const vsBareSdk = pair(cells, SDK(one), "SDK", "rps");
  const direct = pair(cells, "SDK", T, "rps");
  const share = (entries: ProfileEntry[], where: string) =>
    entries.filter((e) => owner(e.fn) === where).reduce((sum, e) => sum + e.self, 0);
  // The signal of the per-attempt timeout; `makeTransferable` is not in it: on Node 20 that is every ReadableStream's constructor.
  const timeout = (entries: ProfileEntry[]) =>
    ["createAbortSignal", "AbortController"].reduce(
      (sum, name) => sum + entries.filter((e) => e.fn.startsWith(`${name} `)).reduce((s, e) => s + e.self, 0),
      0,
    );
  const why = {
    throughput:
      "Over loopback most of a call is undici sending and receiving, the same for both clients; the SDK's per-attempt timeout " +
      `(an AbortController, a 30 s timer, a signal undici follows) is ${timeout(profiled.noOp).toFixed(0)}% of its client CPU ` +
      "in the profile below, and bare openapi-fetch has none.",
    cpu:
      `Undici's own work is ${share(profiled.noOp, owner("node:internal/deps/undici")).toFixed(0)}% and the garbage collector ` +
      `${share(profiled.noOp, owner("(native/gc)")).toFixed(0)}% of the SDK's CPU in the profile below. Over loopback most of a ` +
      "call is the same for both clients (undici sending and receiving, JSON.parse of the page), and the SDK times each attempt " +
      "out where bare openapi-fetch does not: Node's fetch follows the signal with a listener, a WeakRef and a FinalizationRegistry " +
      "entry per request. Section 16 counts instructions for the floor of any client that times its attempts out, raw fetch with " +
      "the same timeout reading the body as the SDK does, against bare openapi-fetch in the same cells: where that floor is " +
      "above the target, no change to the SDK that keeps its timeout can meet it.",
    overhead: "The hooks themselves: a context object per call, an argument object per hook, an await per hook.",
    direct: "The path without middleware; section 1 measures it at c=1 and 64 with more variants.",
  };
  const profileRows = (label: string, entries: ProfileEntry[]) => [
    ...topBy(entries, "self", 10).map((e) => [label, "self", fnName(e.fn), owner(e.fn), `${e.self.toFixed(1)}%`]),
    ...topBy(entries, "total", 8, (e) => owner(e.fn) === owner("bench/.out") && STEPS.has(e.fn.slice(0, e.fn.indexOf(" ")))).map((e) => [
      label,
      "total",
      fnName(e.fn),
      owner(e.fn),
      `${e.total.toFixed(1)}%`,
    ]),
  ];
  report({
    tables: [
      {
        title: "The SDK with middleware ÷ bare openapi-fetch with the same middleware (higher throughput is better, lower CPU is better)",
        intro:
          "The loopback server of section 1; every client registers the same middleware objects with `use()` and reads and parses " +
          `the whole body. ${rounds} rounds per cell after a warm-up, in a rotating order; batches of ` +
          `${cells.map((c) => `${c.total} (${c.name})`).join(", ")} calls. Client CPU is the process's user + system time per call.`,
        columns: columns(cells, ["rps", "cpuUs"]),
        rows: KINDS.map((k) => [k, ...perCell(cells, SDK(k), BARE(k), ["rps", "cpuUs"])]),
        notes: [
          "**no-op middleware**: `{ onRequest: () => undefined }`; **3 no-op middlewares**: three of them.",
          "**header middleware**: `onRequest` sets `x-trace-id` on the Request and returns it, as a tracing middleware does.",
          "**logging middleware**: `onRequest` reads the request's method and URL, `onResponse` the answer's status.",
          "The SDK keeps its retries and 30 s per-attempt timeout; bare openapi-fetch has neither. A hook that reads the request gets " +
            "a real `Request`, made when first read; one that never does costs none, and the SDK sends `fetch(url, init)` with the " +
            "headers of that Request when one was made.",
        ],
      },
      {
        title: "Client CPU alone, stubbed global fetch: the SDK with middleware ÷ bare openapi-fetch with the same",
        intro:
          "The global `fetch` answers at once with the operation's 200 body (as in section 2), so only the clients' own work is " +
          `measured, one call after another; batches of ${stubCells.map((c) => `${c.total} (${c.name})`).join(", ")} calls.`,
        columns: columns(stubCells, ["cpuUs"]),
        rows: KINDS.map((k) => [k, ...perCell(stubCells, SDK(k), BARE(k), ["cpuUs"])]),
      },
      {
        title:
          "What middleware costs the SDK: the SDK with middleware ÷ the SDK without, the SDK without ÷ raw fetch + timeout, " +
          "and raw fetch + timeout ÷ bare openapi-fetch + no-op middleware",
        columns: ["variant", ...cells.map((c) => `${c.name}: throughput`), ...all.map((c) => `${c.name}: client CPU`)],
        rows: [
          ...KINDS.map((k) => [
            `${SDK(k)} ÷ SDK`,
            ...cells.map((c) => fmt(ratio(c, SDK(k), "SDK", "rps"))),
            ...perCell(all, SDK(k), "SDK", ["cpuUs"]),
          ]),
          ["SDK ÷ raw fetch + timeout", ...cells.map((c) => fmt(ratio(c, "SDK", T, "rps"))), ...perCell(all, "SDK", T, ["cpuUs"])],
          [`${T} ÷ ${BARE(one)}`, ...cells.map((c) => fmt(ratio(c, T, BARE(one), "rps"))), ...perCell(all, T, BARE(one), ["cpuUs"])],
        ],
        notes: [
          `The last row is where any client that times its attempts out starts: raw \`fetch(url, init)\` with the SDK's per-attempt ` +
            "timeout and nothing else, against bare openapi-fetch with one no-op middleware and no timeout (section 16 counts the " +
            "same in instructions).",
        ],
      },
      {
        title: "Where the time goes with middleware: a CPU profile",
        intro:
          "The inspector's sampling profiler (100 µs) over send-thread-message with the stubbed fetch, run back to back for " +
          `${(1.5 * scale).toFixed(1)} s per variant: the functions with the most self time, then the SDK's steps of a call with the ` +
          "most total time (callees included; an async function's total counts each of its steps between awaits). Shares of all samples.",
        columns: ["variant", "time", "function", "code", "share"],
        rows: [...profileRows(SDK("no-op middleware"), profiled.noOp), ...profileRows(SDK("header middleware"), profiled.header)],
        notes: [
          "`createAbortSignal` is the AbortSignal of the SDK's per-attempt timeout (a `Request` makes one more for its own " +
            "signal); `makeTransferable` is a `ReadableStream` being made (on Node 20 every web stream's constructor makes itself " +
            "transferable), here the body of each `Response`.",
        ],
      },
      {
        title: "Absolute numbers (for the record; they drift with the machine's load)",
        collapsed: true,
        columns: ["cell", "variant", "calls/s", "client CPU µs/call"],
        rows: all.flatMap((c) =>
          Object.entries(c.batches).map(([n, b]) => [
            c.name,
            n,
            fmt(spread(b.map((x) => x.rps)), 0, ""),
            fmt(spread(b.map((x) => x.cpuUs)), 0, ""),
          ]),
        ),
      },
    ],
    figures: {
      readme:
        `With one no-op middleware it reaches ${range(vsBare)} of bare openapi-fetch's throughput with the same middleware, ` +
        `and ${range(vsBareSdk)} of its own without one.`,
    },
    headline: [
      goal(
        "Throughput, SDK + 1 no-op middleware ÷ bare openapi-fetch + the same",
        vsBare,
        true,
        1.1,
        "middleware against openapi-fetch",
        why.throughput,
      ),
      goal(
        "Client CPU per call, SDK + 1 no-op middleware ÷ bare openapi-fetch + the same",
        cpuVsBare,
        false,
        0.85,
        "middleware CPU",
        why.cpu,
      ),
      goal("Throughput, SDK + 1 no-op middleware ÷ SDK without", vsBareSdk, true, 0.85, "middleware overhead", why.overhead),
      goal(
        "Throughput without middleware, SDK ÷ raw fetch + timeout (c=1, 16)",
        direct,
        true,
        0.89,
        "the path without middleware",
        why.direct,
      ),
    ],
  });
});
