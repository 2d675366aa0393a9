// Section 6: 2 000 concurrent requests through one client to the loopback server. Every one
// must succeed; the server counts the sockets, and the heap is compared after a full GC.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { startLoopback } from "./loopback.js";
import { arg, log, numArg, report } from "./section.js";
import { quantile, spread } from "./stats.js";
import { rawFetch, sdk } from "./variants.js";

const gc = (globalThis as { gc?: () => void }).gc;

async function settledHeap(): Promise<number> {
  // Two GCs with a macrotask between: finalizers (undici registers some per request) run in between.
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().heapUsed;
}

/** Without --variant: runs the SDK and raw fetch each in a fresh process, and reports both. */
function runBoth(): void {
  const outcome = (variant: string) => {
    const file = `${arg("out", "/tmp/load")}.${variant}.json`;
    const args = [
      "--expose-gc",
      process.argv[1]!,
      "--variant",
      variant,
      "--out",
      file,
      "--bursts",
      String(numArg("bursts", 2)),
      "--concurrent",
      String(numArg("concurrent", 2000)),
    ];
    const run = spawnSync(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    if (run.status !== 0) throw new Error(`load run for ${variant} failed`);
    return JSON.parse(readFileSync(file, "utf8"));
  };
  report({ sdk: outcome("sdk"), raw: outcome("raw") });
}

async function main() {
  if (arg("variant", "") === "") return runBoth();
  if (!gc) throw new Error("run with node --expose-gc");
  const concurrent = numArg("concurrent", 2000);
  const bursts = numArg("bursts", 2);
  const server = await startLoopback();
  const client = arg("variant", "") === "raw" ? rawFetch(server.url) : sdk(server.url);
  const calls = [client.calls["send-thread-message"], client.calls["list-users"]];
  try {
    // Warm-up, so the baseline holds the compiled code and the client's lazily made state.
    for (let i = 0; i < 200; i++) await calls[i % 2]!();
    const baseline = await settledHeap();
    const results = [];
    for (let burst = 1; burst <= bursts; burst++) {
      await server.reset();
      const latencies = new Float64Array(concurrent);
      const started = performance.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: concurrent }, async (_, i) => {
          const t = performance.now();
          await calls[i % 2]!();
          latencies[i] = performance.now() - t;
        }),
      );
      const wallMs = performance.now() - started;
      const failed = outcomes.filter((o) => o.status === "rejected");
      const stats = await server.stats();
      const heap = await settledHeap();
      latencies.sort();
      const result = {
        burst,
        requests: concurrent,
        succeeded: concurrent - failed.length,
        firstFailure: failed[0] ? String((failed[0] as PromiseRejectedResult).reason) : undefined,
        serverRequests: stats.requests,
        peakOpenSockets: stats.peak,
        newConnections: stats.connections,
        wallMs,
        p50Ms: quantile(latencies, 0.5),
        p99Ms: quantile(latencies, 0.99),
        heapGrowthMiB: (heap - baseline) / 2 ** 20,
      };
      results.push(result);
      log(
        `${client.name} burst ${burst}: ${result.succeeded}/${concurrent} ok, peak ${result.peakOpenSockets} sockets, heap +${result.heapGrowthMiB.toFixed(2)} MiB after GC`,
      );
    }
    // What stays once the sockets are gone: the client itself must not keep anything per request.
    const stillOpen = await server.closeIdle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterClose = await settledHeap();
    log(
      `${client.name}: after the server closed idle sockets (${stillOpen} left open): heap +${((afterClose - baseline) / 2 ** 20).toFixed(2)} MiB`,
    );
    report({
      variant: client.name,
      concurrent,
      socketsLeftOpen: stillOpen,
      heapGrowthAfterSocketsClosedMiB: (afterClose - baseline) / 2 ** 20,
      bursts: results,
      allSucceeded: results.every((r) => r.succeeded === r.requests && r.serverRequests === r.requests),
      peakOpenSockets: Math.max(...results.map((r) => r.peakOpenSockets)),
      heapGrowthMiB: spread(results.map((r) => r.heapGrowthMiB)),
      baselineHeapMiB: baseline / 2 ** 20,
    });
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
