// Section 18: what the diagnostics channels and chat-rest-sdk/otel cost. With a stubbed global fetch
// (the clients' own work alone), side by side in one run: today's SDK as it was before the channels
// (the merge base with main, built from git), this SDK with nothing subscribed, and this SDK under
// instrumentChat with OpenTelemetry's SDK exporting to nowhere (a batch processor and an exporter
// that drops, a meter provider whose reader never exports). Then over the loopback server, where
// undici runs: this SDK under instrumentChat against bare openapi-fetch under
// @opentelemetry/instrumentation-undici, the generic alternative, on the same calls.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Attributes, context, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { build } from "esbuild";
import { instrumentChat } from "../src/otel/index.js";
import { diagnosticsHooksSize } from "./diagnostics-hooks-size.js";
import { startLoopback } from "./loopback.js";
import {
  arg,
  collectGarbage,
  fmt,
  type HeadlineRow,
  interleave,
  log,
  main,
  numArg,
  paired,
  report,
  type Spread,
  spread,
} from "./section.js";
import { stubFetch } from "./stub-fetch.js";
import { bareOpenapiFetch, type Call, OPERATIONS, type Operation, sdk, type Variant } from "./variants.js";

/** An exporter that drops every span, at once. */
const dropping: SpanExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };
/** A reader that is never asked to collect: the instruments record, nothing is exported. */
class IdleReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const root = process.cwd();

/** The SDK before the diagnostics channels (or `--baseline <commit>`), built from git into one module. */
async function baselineSdk(): Promise<{ commit: string; module: typeof import("../src/index.js") }> {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.trim();
  // 954f161: the last commit of main before the diagnostics channels.
  const commit = arg("baseline", "") || "954f161";
  const dir = join(root, "bench/.tmp/observability-baseline");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git archive ${commit} src generated | tar -x -C "${dir}"`], { cwd: root });
  if (archive.status !== 0) throw new Error(`cannot extract ${commit}: ${archive.stderr}`);
  const outfile = join(dir, "sdk.mjs");
  await build({
    entryPoints: [join(dir, "src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  return { commit: git("rev-parse", "--short", commit), module: await import(outfile) };
}

interface Batch {
  rps: number;
  cpuUs: number;
}

/** `total` calls one after another; calls per second and CPU time per call. */
async function batch(call: Call, total: number): Promise<Batch> {
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < total; i++) await call();
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { rps: (total * 1000) / elapsed, cpuUs: (used.user + used.system) / total };
}

/** A variant measured with something switched on around each of its batches (an instrumentation). */
interface Measured extends Variant {
  around?: () => () => void;
}

async function runCell(variants: Measured[], operation: Operation, total: number, rounds: number) {
  const measure = async (v: Measured) => {
    const off = v.around?.();
    try {
      return await batch(v.calls[operation], total);
    } finally {
      off?.();
    }
  };
  for (const v of variants) await measure(v);
  const byName = Object.fromEntries(variants.map((v) => [v.name, v]));
  return interleave(Object.keys(byName), rounds, (name) => measure(byName[name]!));
}

main(async () => {
  const rounds = numArg("rounds", 25);
  const scale = numArg("scale", 1);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] });
  const meterProvider = new MeterProvider({ readers: [new IdleReader()] });
  const instrumented = () => instrumentChat({ tracerProvider, meterProvider });
  const undici = new UndiciInstrumentation({ enabled: false });
  undici.setTracerProvider(tracerProvider);
  undici.setMeterProvider(meterProvider);
  const withUndici = () => {
    undici.enable();
    return () => undici.disable();
  };

  // The floor: the OpenTelemetry SDK's own work for what instrumentChat records per call (a call
  // span, an attempt span under it made active, their attributes, a histogram point), done by hand
  // around each uninstrumented call. No instrumentation of the SDK can cost less than this.
  const tracer = tracerProvider.getTracer("bench-floor");
  const floorDurations = meterProvider.getMeter("bench-floor").createHistogram("http.client.request.duration", { unit: "s" });
  const byHand = (variant: Variant, op: Operation, baseUrl: string): Call => {
    const call = variant.calls[op];
    const [method, template] = op === "send-thread-message" ? ["POST", "/messages/{id}/thread"] : ["GET", "/users"];
    const { hostname, port } = new URL(baseUrl);
    const common: Attributes = {
      "http.request.method": method,
      "server.address": hostname,
      "server.port": port ? Number(port) : 443,
      "url.template": template,
    };
    return async () => {
      const parent = context.active();
      const span = tracer.startSpan(
        `chat ${op}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: { ...common, "chat.operation.id": op, "chat.call.id": "0123456789", "chat.on_behalf_of": true },
        },
        parent,
      );
      const within = trace.setSpan(parent, span);
      const attempt = tracer.startSpan(
        `${method} ${template}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { ...common, "chat.call.id": "0123456789", "url.full": `${baseUrl}${template}` },
        },
        within,
      );
      const started = performance.now();
      const result = await context.with(trace.setSpan(within, attempt), call);
      floorDurations.record((performance.now() - started) / 1000, { ...common, "chat.operation.id": op, "http.response.status_code": 200 });
      attempt.setAttribute("http.response.status_code", 200);
      attempt.end();
      span.setAttribute("http.response.status_code", 200);
      span.setAttribute("chat.attempts", 1);
      span.end();
      return result;
    };
  };

  const floorOf = (baseUrl: string): Measured => {
    const plain = sdk(baseUrl);
    return {
      name: FLOOR,
      calls: { "send-thread-message": byHand(plain, "send-thread-message", baseUrl), "list-users": byHand(plain, "list-users", baseUrl) },
    };
  };

  const baseline = await baselineSdk();
  log(`baseline: ${baseline.commit}`);
  const hooks = await diagnosticsHooksSize(root);
  log(`main entry: ${hooks.withHooks} B min+gz, ${hooks.without} B without the diagnostics hooks: +${hooks.growth} B`);
  const TODAY = `SDK at ${baseline.commit}`;
  const NONE = "SDK, nothing subscribed";
  const OTEL = "SDK + instrumentChat";
  const UNDICI = "openapi-fetch + instrumentation-undici";
  const FLOOR = "SDK + the same OpenTelemetry work by hand";

  // The client's own work: every client is made after the stub is in place.
  globalThis.fetch = stubFetch;
  const url = "https://bench.api-us.cometchat.io/v3";
  const today = sdk(url, {}, baseline.module.createChatClient);
  const stubbed: Measured[] = [
    { ...today, name: TODAY },
    { ...sdk(url), name: NONE },
    { ...sdk(url), name: OTEL, around: instrumented },
    floorOf(url),
  ];
  const totals = { "send-thread-message": 1500, "list-users": 400 };
  const stubCells: [Operation, Record<string, Batch[]>][] = [];
  for (const op of OPERATIONS) {
    const cell = await runCell(stubbed, op, Math.round(totals[op] * scale), rounds);
    log(`${op}, stubbed: ${NONE} ÷ today ${paired(cell[NONE]!, cell[TODAY]!, (b) => b.rps).median.toFixed(3)}×`);
    stubCells.push([op, cell]);
  }

  const server = await startLoopback();
  const loopCells: [Operation, Record<string, Batch[]>][] = [];
  try {
    const over: Measured[] = [
      { ...sdk(server.url), name: OTEL, around: instrumented },
      { ...bareOpenapiFetch(server.url), name: UNDICI, around: withUndici },
      { ...sdk(server.url), name: NONE },
      floorOf(server.url),
    ];
    for (const op of OPERATIONS)
      loopCells.push([op, await runCell(over, op, Math.round({ "send-thread-message": 300, "list-users": 200 }[op] * scale), rounds)]);
  } finally {
    await server.close();
  }
  await tracerProvider.shutdown();
  await meterProvider.shutdown();

  const ratio = (cell: Record<string, Batch[]>, a: string, b: string, key: keyof Batch) => paired(cell[a]!, cell[b]!, (x) => x[key]);
  const goal = (
    what: string,
    cells: [Operation, Record<string, Batch[]>][],
    a: string,
    b: string,
    bound: number,
    strict: boolean,
    name: string,
    why: string,
  ) => {
    const results = cells.map(([op, cell]) => [op, ratio(cell, a, b, "rps")] as const);
    const met = results.every(([, s]: readonly [Operation, Spread]) => (strict ? s.median > bound : s.median >= bound));
    return {
      what,
      result: results.map(([op, s]) => `${op}: ${fmt(s)}`).join("<br>"),
      target: `${strict ? ">" : "≥"} ${bound}× every cell`,
      met,
      name,
      why,
    } satisfies HeadlineRow;
  };
  const rows = (cells: [Operation, Record<string, Batch[]>][], pairs: [string, string][]) =>
    pairs.map(([a, b]) => [
      `${a} ÷ ${b}`,
      ...cells.map(([, cell]) => fmt(ratio(cell, a, b, "rps"))),
      ...cells.map(([, cell]) => fmt(ratio(cell, a, b, "cpuUs"))),
    ]);
  const columns = (cells: [Operation, Record<string, Batch[]>][], where: string) => [
    "ratio",
    ...cells.map(([op]) => `${op}, ${where}: throughput`),
    ...cells.map(([op]) => `${op}, ${where}: client CPU`),
  ];
  report({
    tables: [
      {
        title:
          "Diagnostics channels and OpenTelemetry, stubbed global fetch: ratios side by side (higher throughput is better, lower CPU is better)",
        intro:
          `The global \`fetch\` answers at once with the operation's 200 body, so only the clients' own work is measured, one call ` +
          `after another, ${rounds} rounds per cell after a warm-up, in a rotating order. **${TODAY}** is the SDK before the ` +
          "diagnostics channels, built from git in the same run. **SDK + instrumentChat** runs with OpenTelemetry's SDK: the async " +
          "context manager, a `BasicTracerProvider` with a `BatchSpanProcessor` into an exporter that drops every span, and a " +
          "`MeterProvider` whose reader never exports; it is switched on around each of its batches only. **" +
          FLOOR +
          "** is the floor: the uninstrumented SDK, with the OpenTelemetry SDK's work for what instrumentChat records per call " +
          "done by hand around each call (a call span and an attempt span under it with the same attributes, the attempt made " +
          "active, one histogram point); no instrumentation can cost less.",
        columns: columns(stubCells, "stubbed"),
        rows: rows(stubCells, [
          [NONE, TODAY],
          [OTEL, NONE],
          [FLOOR, NONE],
          [OTEL, FLOOR],
        ]),
      },
      {
        title: "Over loopback: the SDK under instrumentChat ÷ bare openapi-fetch under @opentelemetry/instrumentation-undici",
        intro:
          "The loopback server of section 1, the same calls; each instrumentation is switched on around its own batches only, " +
          "exporting to the same nowhere. instrumentation-undici makes one CLIENT span per request with the raw path; the SDK makes " +
          `a call span and an attempt span, with the operation and the path template. **${FLOOR}** is the floor, as above.`,
        columns: columns(loopCells, "loopback"),
        rows: rows(loopCells, [
          [OTEL, UNDICI],
          [FLOOR, UNDICI],
          [OTEL, NONE],
          [FLOOR, NONE],
          [OTEL, FLOOR],
        ]),
      },
      {
        title: "Absolute numbers of section 18 (for the record)",
        collapsed: true,
        columns: ["cell", "variant", "calls/s", "client CPU µs/call"],
        rows: [
          ...stubCells.map(([op, c]) => [`${op}, stubbed`, c] as const),
          ...loopCells.map(([op, c]) => [`${op}, loopback`, c] as const),
        ].flatMap(([name, cell]) =>
          Object.entries(cell).map(([variant, b]) => [
            name,
            variant,
            fmt(spread(b.map((x) => x.rps)), 0, ""),
            fmt(spread(b.map((x) => x.cpuUs)), 0, ""),
          ]),
        ),
      },
    ],
    figures: {},
    headline: [
      {
        what: "Main entry growth from the diagnostics hooks (src/index.ts, esbuild --minify, gzip -9, against the same sources without the hooks)",
        result: `${hooks.growth} B (${hooks.withHooks} B against ${hooks.without} B)`,
        target: "≤ 150 B",
        met: hooks.growth <= 150,
        name: "diagnostics hooks' size",
        why:
          "Most of it is the names the client must spell out to reach the two channels without importing a node: module " +
          "(getBuiltinModule, diagnostics_channel, tracingChannel, both channels' names, hasSubscribers read on each, the lazy " +
          "traced-call chunk's name); the rest hands the trace to the transport and carries the call id into the logger's " +
          "lines. Reading the call channel alone would meet it, and would miss a subscriber of the attempt channel alone.",
      },
      goal(
        `Throughput with nothing subscribed ÷ ${TODAY} (stubbed fetch)`,
        stubCells,
        NONE,
        TODAY,
        0.99,
        false,
        "diagnostics channels when off",
        "The client reads two channels' hasSubscribers per call.",
      ),
      goal(
        "Throughput under instrumentChat ÷ the SDK uninstrumented (stubbed fetch)",
        stubCells,
        OTEL,
        NONE,
        0.9,
        false,
        "OpenTelemetry overhead",
        "Below the floor of the next row: the OpenTelemetry SDK's own work for the same two spans and histogram point, done " +
          "by hand, already costs more than a tenth of a stubbed call. instrumentChat adds the channels' own work on top (a " +
          "message per call and attempt, two tracePromise, each span made active); the row instrumentChat ÷ by hand measures it.",
      ),
      goal(
        "The floor: the OpenTelemetry SDK's own work for the same spans and point, by hand ÷ the SDK uninstrumented (stubbed fetch)",
        stubCells,
        FLOOR,
        NONE,
        0.9,
        false,
        "OpenTelemetry floor",
        "The OpenTelemetry SDK's fixed cost per span and per histogram point (ids, attributes copied and checked, the span " +
          "queued for the batch processor, the attribute set hashed per point), against a call whose fetch costs nothing. " +
          "Only fewer spans or no histogram would meet it, and the call span, the attempt span and the duration are what is asked.",
      ),
      goal(
        "Throughput, SDK under instrumentChat ÷ openapi-fetch under instrumentation-undici (loopback)",
        loopCells,
        OTEL,
        UNDICI,
        1,
        true,
        "instrumentChat against instrumentation-undici",
        "instrumentChat records a call span, an attempt span and a histogram point where instrumentation-undici records one " +
          "span and a point; the next row is the floor: the same OpenTelemetry work done by hand around the uninstrumented SDK.",
      ),
      goal(
        "The floor over loopback: the SDK with the same OpenTelemetry work by hand ÷ openapi-fetch under instrumentation-undici",
        loopCells,
        FLOOR,
        UNDICI,
        1,
        true,
        "OpenTelemetry floor against instrumentation-undici",
        "Two spans cost more than one: with the OpenTelemetry work instrumentChat does per call done by hand, the SDK " +
          "does not outrun openapi-fetch under instrumentation-undici's single span.",
      ),
    ],
  });
});
