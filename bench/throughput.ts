// Section 1: throughput and latency over real loopback sockets, for raw fetch, bare
// openapi-fetch and the SDK, interleaved round by round in one process. One more cell puts a
// 20 ms wait in the server, as a round trip to the service would.
import { startLoopback } from "./loopback.js";
import { log, numArg, report } from "./section.js";
import { collectGarbage, quantile, rotated, spread, type Spread } from "./stats.js";
import {
  bareOpenapiFetch,
  OPERATIONS,
  rawFetch,
  rawFetchRequest,
  rawFetchSharedSignal,
  rawFetchTimeout,
  sdk,
  type Call,
  type Operation,
  type Variant,
} from "./variants.js";

interface Batch {
  /** Requests per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Client CPU time (all threads) per request, in microseconds. */
  cpuUs: number;
}

async function runBatch(call: Call, total: number, concurrency: number): Promise<Batch> {
  const latencies = new Float64Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      await call();
      latencies[i] = performance.now() - started;
    }
  };
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  latencies.sort();
  return {
    rps: (total * 1000) / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpuUs: (used.user + used.system) / total,
  };
}

export interface Cell {
  operation: Operation;
  concurrency: number;
  /** How long the server waits before each answer, in ms. */
  delayMs: number;
  requestsPerBatch: number;
  /** Per variant: the absolute numbers of each round (for the record, not for claims). */
  absolute: Record<string, { rps: Spread; p50: Spread; p99: Spread; cpuUs: Spread }>;
  /** Per variant: variant / raw fetch, paired within each round. */
  vsRaw: Record<string, { throughput: Spread; p99: Spread; cpu: Spread }>;
  /** The SDK against bare openapi-fetch, paired within each round (not in the 20 ms cell). */
  sdkVsOpenapiFetch: { throughput: Spread; p99: Spread; cpu: Spread } | undefined;
  /** The SDK against itself on openapi-fetch's path (middleware), paired (not in the 20 ms cell). */
  sdkVsMiddlewarePath: { throughput: Spread; p99: Spread; cpu: Spread } | undefined;
  /** The SDK against raw fetch with the same per-attempt timeout, paired within each round: the fair baseline. */
  sdkVsRawTimeout: { throughput: Spread; p99: Spread; cpu: Spread };
  /** Client CPU busy share (cpu time / wall time) of the raw-fetch batches: near 1 means client-bound. */
  rawClientCpuShare: Spread;
}

type Ratio3 = { throughput: Spread; p99: Spread; cpu: Spread };

/** Runs one cell: every variant, `rounds` times in a rotating order after a warm-up. */
async function runCell(variants: Variant[], operation: Operation, concurrency: number, total: number, rounds: number, delayMs: number) {
  // Warm-up: JIT, connection pool, and the server's own warm-up.
  for (const v of variants) await runBatch(v.calls[operation], Math.ceil(total / 2), concurrency);
  const perRound: Record<string, Batch[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const v of rotated(variants, round)) perRound[v.name]!.push(await runBatch(v.calls[operation], total, concurrency));
  }
  const raw = perRound["raw fetch"]!;
  const ratio = (name: string, key: keyof Batch, base: Batch[] = raw) => spread(perRound[name]!.map((b, i) => b[key] / base[i]![key]));
  const versus = (name: string, base: string): Ratio3 => ({
    throughput: ratio(name, "rps", perRound[base]),
    p99: ratio(name, "p99", perRound[base]),
    cpu: ratio(name, "cpuUs", perRound[base]),
  });
  const absolute = (b: Batch[]) => ({
    rps: spread(b.map((x) => x.rps)),
    p50: spread(b.map((x) => x.p50)),
    p99: spread(b.map((x) => x.p99)),
    cpuUs: spread(b.map((x) => x.cpuUs)),
  });
  const has = (name: string) => name in perRound;
  const cell: Cell = {
    operation,
    concurrency,
    delayMs,
    requestsPerBatch: total,
    absolute: Object.fromEntries(variants.map((v) => [v.name, absolute(perRound[v.name]!)])),
    vsRaw: Object.fromEntries(variants.map((v) => [v.name, versus(v.name, "raw fetch")])),
    sdkVsOpenapiFetch: has("openapi-fetch") ? versus("SDK", "openapi-fetch") : undefined,
    sdkVsMiddlewarePath: has("SDK + no-op middleware") ? versus("SDK", "SDK + no-op middleware") : undefined,
    sdkVsRawTimeout: versus("SDK", "raw fetch + timeout"),
    rawClientCpuShare: spread(raw.map((b) => (b.cpuUs * b.rps) / 1e6)),
  };
  const t = cell.vsRaw;
  log(
    `${operation} c=${concurrency}${delayMs ? ` +${delayMs} ms` : ""}: ` +
      variants
        .slice(1)
        .map((v) => `${v.name} ${t[v.name]!.throughput.median.toFixed(2)}× thr, ${t[v.name]!.p99.median.toFixed(2)}× p99`)
        .join("; "),
  );
  return cell;
}

async function main() {
  const rounds = numArg("rounds", 7);
  const scale = numArg("scale", 1);
  const cells: Cell[] = [];
  const server = await startLoopback();
  // The baselines and the SDK, then ablations that show where a difference goes.
  const variants: Variant[] = [
    rawFetch(server.url),
    rawFetchTimeout(server.url),
    bareOpenapiFetch(server.url),
    sdk(server.url),
    sdk(server.url, { timeoutsOff: true }),
    rawFetchRequest(server.url),
    rawFetchSharedSignal(server.url),
    sdk(server.url, { middleware: true }),
  ];
  // About 0.4 s per batch on the reference machine.
  const sizes: Record<Operation, Record<number, number>> = {
    "send-thread-message": { 1: 600, 64: 1200 },
    "list-users": { 1: 400, 64: 800 },
  };
  try {
    for (const operation of OPERATIONS) {
      for (const concurrency of [1, 64]) {
        const total = Math.round(sizes[operation][concurrency]! * scale);
        cells.push(await runCell(variants, operation, concurrency, total, rounds, 0));
      }
    }
  } finally {
    await server.close();
  }
  // What users will see: a round trip of 20 ms, 16 calls in flight (about 0.5 s per batch).
  const far = await startLoopback(20);
  try {
    const farVariants = [rawFetch(far.url), rawFetchTimeout(far.url), sdk(far.url)];
    cells.push(await runCell(farVariants, "send-thread-message", 16, Math.round(400 * scale), rounds, 20));
  } finally {
    await far.close();
  }
  report({ rounds, variants: variants.map((v) => v.name), cells });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
