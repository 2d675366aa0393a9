// Section 1: throughput and latency over real loopback sockets, for raw fetch, bare
// openapi-fetch and the SDK, interleaved round by round in one process.
import { startLoopback } from "./loopback.js";
import { log, numArg, report } from "./section.js";
import { collectGarbage, quantile, rotated, spread, type Spread } from "./stats.js";
import {
  bareOpenapiFetch,
  openapiFetchLight,
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
  requestsPerBatch: number;
  /** Per variant: the absolute numbers of each round (for the record, not for claims). */
  absolute: Record<string, { rps: Spread; p50: Spread; p99: Spread; cpuUs: Spread }>;
  /** Per variant: variant / raw fetch, paired within each round. */
  vsRaw: Record<string, { throughput: Spread; p99: Spread; cpu: Spread }>;
  /** The SDK against bare openapi-fetch, paired within each round. */
  sdkVsOpenapiFetch: { throughput: Spread; p99: Spread };
  /** The SDK against itself on the middleware path (close to the SDK before the hot-path work), paired. */
  sdkVsMiddlewarePath: { throughput: Spread; p99: Spread; cpu: Spread };
  /** The SDK against raw fetch with the same per-attempt timeout signal, paired within each round. */
  sdkVsRawTimeout: { throughput: Spread; p99: Spread; cpu: Spread };
  /** The SDK against openapi-fetch + LightRequest, paired: what the SDK's own layer (timeouts included) costs. */
  sdkVsLight: { throughput: Spread; p99: Spread; cpu: Spread };
  /** Client CPU busy share (cpu time / wall time) of the raw-fetch batches: near 1 means client-bound. */
  rawClientCpuShare: Spread;
}

async function main() {
  const rounds = numArg("rounds", 7);
  const scale = numArg("scale", 1);
  const server = await startLoopback();
  // The three the targets compare, then ablations that show where the difference goes.
  const variants: Variant[] = [
    rawFetch(server.url),
    bareOpenapiFetch(server.url),
    sdk(server.url),
    rawFetchRequest(server.url),
    rawFetchTimeout(server.url),
    rawFetchSharedSignal(server.url),
    openapiFetchLight(server.url),
    sdk(server.url, { middleware: true }),
  ];
  // About 0.4 s per batch on the reference machine.
  const sizes: Record<Operation, Record<number, number>> = {
    "send-thread-message": { 1: 600, 64: 1200 },
    "list-users": { 1: 400, 64: 800 },
  };
  const cells: Cell[] = [];
  try {
    for (const operation of OPERATIONS) {
      for (const concurrency of [1, 64]) {
        const total = Math.round(sizes[operation][concurrency]! * scale);
        // Warm-up: JIT, connection pool, and the server's own warm-up.
        for (const v of variants) await runBatch(v.calls[operation], Math.ceil(total / 2), concurrency);
        const perRound: Record<string, Batch[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
        for (let round = 0; round < rounds; round++) {
          for (const v of rotated(variants, round)) perRound[v.name]!.push(await runBatch(v.calls[operation], total, concurrency));
        }
        const raw = perRound["raw fetch"]!;
        const ratio = (name: string, key: keyof Batch, base: Batch[] = raw) =>
          spread(perRound[name]!.map((b, i) => b[key] / base[i]![key]));
        const cell: Cell = {
          operation,
          concurrency,
          requestsPerBatch: total,
          absolute: Object.fromEntries(
            variants.map((v) => {
              const b = perRound[v.name]!;
              return [
                v.name,
                {
                  rps: spread(b.map((x) => x.rps)),
                  p50: spread(b.map((x) => x.p50)),
                  p99: spread(b.map((x) => x.p99)),
                  cpuUs: spread(b.map((x) => x.cpuUs)),
                },
              ];
            }),
          ),
          vsRaw: Object.fromEntries(
            variants.map((v) => [v.name, { throughput: ratio(v.name, "rps"), p99: ratio(v.name, "p99"), cpu: ratio(v.name, "cpuUs") }]),
          ),
          sdkVsOpenapiFetch: {
            throughput: ratio("SDK", "rps", perRound["openapi-fetch"]),
            p99: ratio("SDK", "p99", perRound["openapi-fetch"]),
          },
          sdkVsMiddlewarePath: {
            throughput: ratio("SDK", "rps", perRound["SDK + no-op middleware"]),
            p99: ratio("SDK", "p99", perRound["SDK + no-op middleware"]),
            cpu: ratio("SDK", "cpuUs", perRound["SDK + no-op middleware"]),
          },
          sdkVsRawTimeout: {
            throughput: ratio("SDK", "rps", perRound["raw fetch + timeout signal"]),
            p99: ratio("SDK", "p99", perRound["raw fetch + timeout signal"]),
            cpu: ratio("SDK", "cpuUs", perRound["raw fetch + timeout signal"]),
          },
          sdkVsLight: {
            throughput: ratio("SDK", "rps", perRound["openapi-fetch + LightRequest"]),
            p99: ratio("SDK", "p99", perRound["openapi-fetch + LightRequest"]),
            cpu: ratio("SDK", "cpuUs", perRound["openapi-fetch + LightRequest"]),
          },
          rawClientCpuShare: spread(raw.map((b) => (b.cpuUs * b.rps) / 1e6)),
        };
        cells.push(cell);
        const t = cell.vsRaw;
        log(
          `${operation} c=${concurrency}: ` +
            variants
              .slice(1)
              .map((v) => `${v.name} ${t[v.name]!.throughput.median.toFixed(2)}× thr, ${t[v.name]!.p99.median.toFixed(2)}× p99`)
              .join("; "),
        );
      }
    }
  } finally {
    await server.close();
  }
  report({ rounds, variants: variants.map((v) => v.name), cells });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
