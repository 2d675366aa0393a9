// Section: importUsers over an async generator, against the fake served from a process of its own
// (so that the users it stores are not in this heap). The import's heap is measured at two counts,
// side by side: it must not grow with the count, since the generator is read only as records
// finish. A control imports the same users from an array built first, whose heap does grow: it
// shows what the measure sees when users are held.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname } from "node:path";
import { importUsers } from "../src/helpers/index.js";
import { createChatClient } from "../src/index.js";
import { arg, collectGarbage, log, numArg, report } from "./section.js";

const TARGET = 1.25;
const MB = 2 ** 20;

/** Users `prefix-1` to `prefix-<count>`, made one at a time as the import asks for them. */
async function* generated(prefix: string, count: number, onEach: (n: number) => void) {
  for (let n = 1; n <= count; n++) {
    onEach(n);
    yield { uid: `${prefix}-${n}`, name: `Imported user ${n}`, metadata: { source: "bench", row: n } };
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

interface Measure {
  variant: string;
  count: number;
  seconds: number;
  /** Highest heapUsed seen (sampled every 20 ms), above the heap before the import. */
  peak: number;
  /** Highest heapUsed right after a full GC, taken every `gcEvery` records, above the heap before the import. */
  retained: number;
}

async function measure(
  chat: ReturnType<typeof createChatClient>,
  variant: "generator" | "array",
  count: number,
  gcEvery: number,
): Promise<Measure> {
  const prefix = `${variant}-${count}-${Date.now().toString(36)}`;
  let retained = 0;
  let base = 0;
  const onEach = (n: number) => {
    if (n % gcEvery !== 0) return;
    collectGarbage();
    retained = Math.max(retained, process.memoryUsage().heapUsed - base);
  };
  collectGarbage();
  base = process.memoryUsage().heapUsed;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - base)), 20);
  const started = performance.now();
  try {
    // The control holds every user before the import starts, as code that reads a whole file first does.
    const users = variant === "array" ? await collect(generated(prefix, count, () => {})) : generated(prefix, count, onEach);
    if (variant === "array") onEach(gcEvery);
    const result = await importUsers(chat, users, { concurrency: 8 });
    if (result.created !== count || result.failed.length)
      throw new Error(`import of ${count}: ${JSON.stringify({ ...result, failed: result.failed.slice(0, 3) })}`);
    if (variant === "array") onEach(gcEvery);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  return { variant, count, seconds: (performance.now() - started) / 1000, peak, retained };
}

async function main(): Promise<void> {
  // The testing kit finds the package root (and so the spec) from `__dirname`, which this ES
  // module bundle lacks: set it, then load the kit.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  if (arg("child", "") === "serve") {
    const { startFakeServer } = await import("../src/testing/index.js");
    const fake = await startFakeServer({ maxItems: 2_000_000 });
    process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey })}\n`);
    const alive = setInterval(() => {}, 2 ** 30);
    process.stdin.resume().once("end", () => void fake.close().then(() => clearInterval(alive)));
    return;
  }
  const small = numArg("small", 20_000);
  const large = numArg("large", 100_000);
  const gcEvery = numArg("gc-every", 5_000);
  const server = spawn(process.execPath, [process.argv[1]!, "--child", "serve"], { stdio: ["pipe", "pipe", "inherit"] });
  try {
    const [line] = (await once(server.stdout!, "data")) as [Buffer];
    const fake = JSON.parse(line.toString()) as { url: string; apiKey: string };
    const chat = createChatClient({ appId: "bench", apiKey: fake.apiKey, baseUrl: fake.url });
    // Warms the JIT and the keep-alive sockets, so the first measure is not the only cold one.
    await measure(chat, "generator", 2_000, 1_000);
    const runs: Measure[] = [];
    for (const [variant, count] of [
      ["generator", small],
      ["generator", large],
      ["array", small],
      ["array", large],
    ] as const) {
      log(`import-users: ${variant}, ${count} users`);
      runs.push(await measure(chat, variant, count, gcEvery));
    }
    const find = (variant: string, count: number) => runs.find((run) => run.variant === variant && run.count === count)!;
    const ratio = (variant: string, field: "peak" | "retained") => find(variant, large)[field] / find(variant, small)[field];
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    const flat = ratio("generator", "peak");
    const rate = large / find("generator", large).seconds;
    /** Heap kept after GC per 1,000 more users: what each record leaves behind. */
    const kept = (variant: string) => ((find(variant, large).retained - find(variant, small).retained) / (large - small)) * 1000;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    report({
      tables: [
        {
          title: "importUsers: heap at two counts",
          intro: [
            `\`importUsers(chat, users, { concurrency: 8 })\` against the fake, served from a process of its own, over loopback.`,
            "Heap above what it was before the import: the peak of `heapUsed` sampled every 20 ms, and the highest `heapUsed` right after a full GC",
            `taken every ${gcEvery.toLocaleString("en")} records (what the import holds on to).`,
            "The control builds an array of every user before the import, as code that reads a whole file first does.",
          ].join(" "),
          columns: ["users from", "users", "seconds", "users/s", "peak heap", "heap kept after GC"],
          rows: runs.map((run) => [
            run.variant === "generator" ? "async generator" : "array built first (control)",
            run.count.toLocaleString("en"),
            run.seconds.toFixed(1),
            Math.round(run.count / run.seconds).toLocaleString("en"),
            mb(run.peak),
            mb(run.retained),
          ]),
          notes: [
            `Peak heap, ${large.toLocaleString("en")} ÷ ${small.toLocaleString("en")} users: ${flat.toFixed(2)}× from the generator, ${ratio("array", "peak").toFixed(2)}× from the array built first.`,
            `Heap kept after GC per 1,000 more users: ${kb(kept("generator"))} from the generator, ${kb(kept("array"))} from the array built first.`,
          ],
        },
      ],
      figures: {
        importPeakRatio: flat,
        importControlPeakRatio: ratio("array", "peak"),
        importKeptPerThousand: kept("generator"),
        importControlKeptPerThousand: kept("array"),
        importUsersPerSecond: rate,
      },
      headline: [
        {
          what: `importUsers from an async generator, peak heap, ${large.toLocaleString("en")} ÷ ${small.toLocaleString("en")} users`,
          result: `${flat.toFixed(2)}× (${mb(find("generator", large).peak)} against ${mb(find("generator", small).peak)}; an array built first: ${ratio("array", "peak").toFixed(2)}×)`,
          target: `≤ ${TARGET}×`,
          met: flat <= TARGET,
          name: "a flat import heap",
          why: `The heap kept after GC grows by ${kb(kept("generator"))} per 1,000 users: something per record outlives its request; compare heap snapshots at the two counts.`,
        },
      ],
    });
  } finally {
    server.stdin!.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
