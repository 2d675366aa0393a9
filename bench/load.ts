// Section 6: 2 000 concurrent requests through one client to the loopback server, each client in a
// fresh process. Every one must succeed; the server counts the sockets, the heap is compared after GC.
import { spawnSync } from "node:child_process";
import { type ServerStats, startLoopback } from "./loopback.js";
import { arg, log, main, numArg, quantile, report, spread } from "./section.js";
import { raw, sdk } from "./variants.js";

const MiB = 2 ** 20;
async function settledHeap(): Promise<number> {
  // GCs with a macrotask between: finalizers (undici registers some per request) run in between.
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().heapUsed;
}

/** One client's bursts, in this process: a row of the table. */
async function bursts(variant: string, concurrent: number, count: number) {
  const server = await startLoopback();
  const client = variant === "raw" ? raw("raw fetch", server.url) : sdk(server.url);
  const calls = [client.calls["send-thread-message"], client.calls["list-users"]];
  try {
    // Warm-up, so the baseline holds the compiled code and the client's lazily made state.
    for (let i = 0; i < 200; i++) await calls[i % 2]!();
    const baseline = await settledHeap();
    const runs: { ok: number; wall: number; p99: number; stats: ServerStats; heap: number }[] = [];
    for (let burst = 1; burst <= count; burst++) {
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
      const wall = performance.now() - started;
      const stats = await server.stats();
      const ok = outcomes.filter((o) => o.status === "fulfilled").length;
      runs.push({ ok, wall, p99: quantile(latencies.sort(), 0.99), stats, heap: (await settledHeap()) - baseline });
      log(
        `${client.name} burst ${burst}: ${ok}/${concurrent} ok, peak ${stats.peak} sockets, heap +${(runs.at(-1)!.heap / MiB).toFixed(2)} MiB`,
      );
    }
    // What stays once the sockets are gone: the client itself must not keep anything per request.
    await server.closeIdle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = (await settledHeap()) - baseline;
    const each = (f: (r: (typeof runs)[number]) => string | number) => runs.map(f).join(", ");
    const succeeded = runs.every((r) => r.ok === concurrent && r.stats.requests === concurrent);
    const row = [
      client.name,
      each((r) => `${r.ok}/${concurrent}`),
      Math.max(...runs.map((r) => r.stats.peak)),
      each((r) => r.stats.connections),
      each((r) => (r.heap / MiB).toFixed(1)),
      (closed / MiB).toFixed(1),
      each((r) => `${(r.wall / 1000).toFixed(1)} s / ${(r.p99 / 1000).toFixed(1)} s`),
    ];
    return { row, succeeded, heap: spread(runs.map((r) => r.heap / MiB)).median };
  } finally {
    await server.close();
  }
}

main(async () => {
  const concurrent = numArg("concurrent", 2000);
  const count = numArg("bursts", 2);
  const variant = arg("variant", "");
  if (variant) return console.log(JSON.stringify(await bursts(variant, concurrent, count)));
  const row = (name: string) => {
    const args = ["--expose-gc", process.argv[1]!, "--variant", name, "--bursts", String(count), "--concurrent", String(concurrent)];
    const run = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
    if (run.status !== 0) throw new Error(`load run for ${name} failed`);
    return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Awaited<ReturnType<typeof bursts>>;
  };
  const [mine, rawFetch] = [row("sdk"), row("raw")];
  report({
    tables: [
      {
        title: "Concurrent bursts through one client",
        intro:
          `${concurrent} requests at once (half send-thread-message, half list-users) through one client to the loopback server, ` +
          `${count} bursts, each client in a fresh \`node --expose-gc\` process. Heap is \`heapUsed\` after full GCs against a ` +
          "baseline taken after a warm-up; the last heap column is after the server closed the idle keep-alive sockets.",
        columns: ["client", "succeeded per burst", "peak open sockets", "new connections per burst", "heap growth per burst (MiB)"].concat([
          "heap growth, sockets closed (MiB)",
          "burst wall / p99",
        ]),
        rows: [mine.row, rawFetch.row],
        notes: [
          "undici's default agent opens one connection per concurrent request to an origin, with no cap; the next burst reuses " +
            "them. An application that wants fewer can pass a `fetch` bound to its own undici `Agent({ connections })`.",
        ],
      },
    ],
    figures: { allSucceeded: String(mine.succeeded) },
    headline: [
      {
        what: `${concurrent} concurrent requests, one client`,
        result:
          `${mine.succeeded ? "all succeeded" : "failures"}; peak ${mine.row[2]} sockets; ` +
          `heap +${mine.heap.toFixed(1)} MiB after GC (raw fetch +${rawFetch.heap.toFixed(1)})`,
        target: "all succeed, bounded",
        met: mine.succeeded,
        name: "the load test",
        why: "See section 6.",
      },
    ],
  });
});
