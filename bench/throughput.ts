// Section 1: throughput and latency over real loopback sockets, for raw fetch, bare openapi-fetch
// and the SDK, interleaved round by round in one process; one more cell puts a 20 ms wait in the
// server, as a round trip to the service would.
import { threadReply, usersPage } from "./fixtures.js";
import { startLoopback } from "./loopback.js";
import { collectGarbage, fmt, type HeadlineRow, interleave, log, main, numArg, paired, quantile, report, spread } from "./section.js";
import { bareOpenapiFetch, type Call, OPERATIONS, type Operation, raw, sdk, type Variant } from "./variants.js";

interface Batch {
  rps: number;
  p50: number;
  p99: number;
  /** Client CPU time (all threads) per request, in microseconds. */
  cpuUs: number;
}

async function batch(call: Call, total: number, concurrency: number): Promise<Batch> {
  const latencies = new Float64Array(total);
  let next = 0;
  const loop = async () => {
    for (let i = next++; i < total; i = next++) {
      const started = performance.now();
      await call();
      latencies[i] = performance.now() - started;
    }
  };
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  latencies.sort();
  const [p50, p99] = [quantile(latencies, 0.5), quantile(latencies, 0.99)];
  return { rps: (total * 1000) / elapsed, p50, p99, cpuUs: (used.user + used.system) / total };
}

interface Cell {
  name: string;
  total: number;
  batches: Record<string, Batch[]>;
}

/** Every variant, `rounds` times in a rotating order, after a warm-up (JIT, connection pool, the server's own). */
async function runCell(variants: Variant[], operation: Operation, concurrency: number, total: number, rounds: number, delayMs = 0) {
  for (const v of variants) await batch(v.calls[operation], Math.ceil(total / 2), concurrency);
  const calls = Object.fromEntries(variants.map((v) => [v.name, v.calls[operation]]));
  const batches = await interleave(Object.keys(calls), rounds, (name) => batch(calls[name]!, total, concurrency));
  const cell: Cell = { name: `${operation}, c=${concurrency}${delayMs ? `, ${delayMs} ms round trip` : ""}`, total, batches };
  log(`${cell.name}: ${variants.map((v) => `${v.name} ${ratio(cell, v.name).median.toFixed(2)}×`).join("; ")}`);
  return cell;
}

/** Variant a ÷ variant b, paired round by round. */
function ratio(cell: Cell, a: string, b = "raw fetch", key: keyof Batch = "rps") {
  return paired(cell.batches[a]!, cell.batches[b]!, (x) => x[key]);
}
const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;

main(async () => {
  const rounds = numArg("rounds", 7);
  const scale = numArg("scale", 1);
  const server = await startLoopback();
  // The baselines and the SDK, then ablations that show where a difference goes.
  const [url, ablations] = [server.url, ["raw fetch(new Request)", "raw fetch + shared signal"] as const];
  const variants = [
    raw("raw fetch", url),
    raw("raw fetch + timeout", url),
    bareOpenapiFetch(url),
    sdk(url),
    sdk(url, { timeoutsOff: true }),
  ];
  variants.push(...ablations.map((name) => raw(name, url)), sdk(url, { middleware: "no-op middleware" }));
  // About 0.4 s per batch on the reference machine.
  const sizes = { "send-thread-message": [600, 1200], "list-users": [400, 800] };
  const cells: Cell[] = [];
  try {
    for (const op of OPERATIONS)
      for (const [i, c] of [1, 64].entries()) cells.push(await runCell(variants, op, c, Math.round(sizes[op][i]! * scale), rounds));
  } finally {
    await server.close();
  }
  // What users see: a round trip of 20 ms, 16 calls in flight (about 0.5 s per batch).
  const far = await startLoopback(20);
  const nearby = [raw("raw fetch", far.url), raw("raw fetch + timeout", far.url), sdk(far.url)];
  const farCell = await runCell(nearby, "send-thread-message", 16, Math.round(400 * scale), rounds, 20).finally(() => far.close());

  const all = [...cells, farCell];
  const posts = cells.filter((c) => c.name.startsWith("send-thread-message"));
  const c64 = cells.find((c) => c.name === "send-thread-message, c=64")!;
  const kB = (body: object) => `${(JSON.stringify(body).length / 1000).toFixed(2)} kB`;
  const LABEL = { rps: "throughput", p99: "p99", cpuUs: "client CPU", p50: "p50" };
  const perVariant = (...keys: (keyof Batch)[]) => ({
    columns: ["variant", ...keys.flatMap((k) => cells.map((c) => `${c.name}: ${LABEL[k]}`))],
    rows: variants.map(({ name }) => [name, ...keys.flatMap((k) => cells.map((c) => fmt(ratio(c, name, "raw fetch", k))))]),
  });
  const versus = (c: Cell, base: string) =>
    (["rps", "p99", "cpuUs"] as const).map((k) => (c.batches[base] ? fmt(ratio(c, "SDK", base, k)) : ""));
  const medians = (cs: Cell[], a: string, b = "raw fetch", key: keyof Batch = "rps") => range(cs.map((c) => ratio(c, a, b, key).median));
  const T = "raw fetch + timeout";
  const rounds1 = range(cells.flatMap((c) => [ratio(c, "SDK", T).min, ratio(c, "SDK", T).max])).replace("–", "× to ");
  const WHY: Record<string, string> = {
    "throughput against raw fetch + timeout":
      "What the SDK does beyond raw fetch + timeout (retry bookkeeping, parameter checks, the redirect check, JSON validation, a " +
      `caller-signal listener) costs ${medians(cells, "SDK", T, "cpuUs")} of that baseline's client CPU per request; single rounds ` +
      `range from ${rounds1}. Smallest change: skip the caller-signal listener and the deadline arithmetic when neither is set.`,
    "throughput with timeouts off": "Without a timer and a signal what remains is the SDK's own per-call work (see CPU per call).",
    "throughput against openapi-fetch on POST": `Bare openapi-fetch has no timeout; the SDK pays for one (raw fetch + timeout: ${medians(cells, T)} of raw fetch).`,
    p99: "The same causes as throughput against raw fetch + timeout.",
    "the 20 ms round trip": "With the network in the way the client's cost should vanish: a miss is noise, or a client bottleneck at c=16.",
  };
  const GOALS: [string, Cell[], string, string, keyof Batch, number, string?][] = [
    ["Throughput, SDK ÷ raw fetch + timeout", cells, "SDK", T, "rps", 0.95, "throughput against raw fetch + timeout"],
    ["Throughput, SDK ÷ raw fetch", cells, "SDK", "raw fetch", "rps", 0],
    ["Throughput, SDK with timeoutMs: 0 ÷ raw fetch", cells, "SDK, timeoutMs: 0", "raw fetch", "rps", 0.95, "throughput with timeouts off"],
    ["Throughput, SDK ÷ bare openapi-fetch, POST", posts, "SDK", "openapi-fetch", "rps", 1.15, "throughput against openapi-fetch on POST"],
    ["p99, SDK ÷ raw fetch + timeout", cells, "SDK", T, "p99", 1.1, "p99"],
    ["20 ms round trip, c=16, SDK ÷ raw fetch", [farCell], "SDK", "raw fetch", "rps", 0.99, "the 20 ms round trip"],
  ];
  const goal = ([what, cs, a, base, key, bound, name]: (typeof GOALS)[number]): HeadlineRow => {
    const ratios = cs.map((c) => ratio(c, a, base, key));
    const atLeast = key === "rps";
    return {
      what,
      result: cs.map((c, i) => `${cs.length > 1 ? `${c.name}: ` : ""}${fmt(ratios[i]!)}`).join("<br>"),
      target: name ? `${atLeast ? "≥" : "≤"} ${bound}×${cs.length > 1 && a === "SDK" && atLeast ? " every cell" : ""}` : "report",
      ...(name && { met: ratios.every((r) => (atLeast ? r.median >= bound : r.median <= bound)), name, why: WHY[name] }),
    };
  };
  const gain = ratio(c64, "raw fetch + shared signal").median - ratio(c64, T).median;
  const busy = cells.map((c) => `${spread(c.batches["raw fetch"]!.map((b) => (b.cpuUs * b.rps) / 1e6)).median.toFixed(2)} (${c.name})`);
  const where = (cause: string, variant: string) => [cause, variant, fmt(ratio(c64, variant))];
  report({
    tables: [
      {
        title: "Throughput and p99 latency, each variant ÷ raw fetch (higher throughput is better, lower p99 is better)",
        intro:
          "A keep-alive HTTP server on 127.0.0.1, in its own process, answers like the service: `POST /messages/{id}/thread` with " +
          `the spec's example (${kB(threadReply)}), \`GET /users\` with a page of ${usersPage.data.length} users (${kB(usersPage)}). ` +
          "Every variant sends the same headers and reads and parses the whole body. The variants run in a rotating order, " +
          `${rounds} rounds per cell after a warm-up; batches of ${cells.map((c) => `${c.total} (${c.name})`).join(", ")} requests.`,
        ...perVariant("rps", "p99"),
        notes: [
          "**raw fetch**: `fetch(url, init)` and `response.json()`; **+ timeout** adds an AbortController, a 30 s timer and `signal`.",
          "**openapi-fetch**: `createClient<paths>({ baseUrl, headers })`, default options.",
          "**SDK**: `createChatClient({ appId, apiKey, baseUrl }).as(uid)`, retries, per-attempt timeouts (30 s), redirect checks " +
            "and JSON validation on; **SDK, timeoutMs: 0** turns the timeout off.",
          "Ablations: **raw fetch(new Request)** hands fetch a `Request`, as openapi-fetch does; **raw fetch + shared signal** passes " +
            "one never-aborted signal to every request; **SDK + no-op middleware** registers one middleware whose `onRequest` " +
            "returns nothing (section 15 measures middleware against openapi-fetch with the same).",
        ],
      },
      {
        title: "The SDK against raw fetch with the same per-attempt timeout (the fair baseline), and against bare openapi-fetch",
        intro: `"${farCell.name}": the server waits 20 ms before each answer; ${farCell.total} requests per batch, c=16.`,
        columns: [
          "cell",
          "SDK ÷ raw fetch + timeout: throughput",
          "p99",
          "client CPU",
          "SDK ÷ openapi-fetch: throughput",
          "p99",
          "client CPU",
        ],
        rows: all.map((c) => [c.name, ...versus(c, T), ...versus(c, "openapi-fetch")]),
      },
      {
        title: "Client CPU time per request (all threads of the client process, GC included), each variant ÷ raw fetch",
        ...perVariant("cpuUs"),
        notes: [`Raw fetch kept the client busy ${busy.join(", ")} CPU-seconds per second: on loopback the client is the bottleneck.`],
      },
      {
        title: "Absolute numbers (for the record; they drift with the machine's load)",
        collapsed: true,
        columns: ["cell", "variant", "requests/s", "p50 ms", "p99 ms", "client CPU µs/request"],
        rows: all.flatMap((c) =>
          Object.entries(c.batches).map(([n, b]) => [
            c.name,
            n,
            ...(["rps", "p50", "p99", "cpuUs"] as const).map((k) => fmt(spread(b.map((x) => x[k])), k[0] === "p" ? 2 : 0, "")),
          ]),
        ),
      },
      {
        title: "Where the time goes",
        section: "where",
        intro:
          "Each cause and the ablation that isolates it: send-thread-message, c=64, throughput ÷ raw fetch; then CPU per call (section 2).",
        columns: ["cause", "ablation", "measured"],
        rows: [
          where("a `Request` per call", "raw fetch(new Request)"),
          where("one no-op middleware (its hooks run; no Request unless one is read)", "SDK + no-op middleware"),
          where("the SDK's own path: one build, `fetch(url, init)`, one parse", "SDK"),
          where("a per-attempt timeout", T),
          where("the runtime following a signal", "raw fetch + shared signal"),
          where("the SDK without timer and signal", "SDK, timeoutMs: 0"),
        ],
        notes: [
          `A shared signal against a timeout signal per request: ${gain >= 0 ? "+" : "−"}${Math.abs(gain).toFixed(2)}; ` +
            (gain < 0.03 ? "the cost is the runtime following a signal." : "that part is the controller and the timer."),
        ],
      },
    ],
    figures: {
      readme:
        "Measured side by side on loopback sockets, the SDK, with retries and per-attempt timeouts on, reaches " +
        `${medians(cells, "SDK", T)} of the throughput of raw \`fetch\` with the same timeout (${medians(cells, "SDK")} of raw ` +
        `\`fetch\` without one), ${medians(posts, "SDK", "openapi-fetch")} of bare openapi-fetch's on POST, and ` +
        `${ratio(farCell, "SDK").median.toFixed(2)}× of raw \`fetch\` over a 20 ms round trip.`,
    },
    headline: GOALS.map(goal),
  });
});
