import { readFileSync } from "node:fs";
import { join } from "node:path";
import { measureBundle, measureSplit, measureSynthetic, SIZE_TARGETS } from "./bundle-size";

// What an application's bundle gets from the SDK: src/index.ts with openapi-fetch bundled in, as
// a bundler splits it (the entry and its static chunks, min + gzip together), against
// SIZE_TARGETS.sdk (12.5 kB; bundle-size.ts tells its history).
// The SDK builds every request itself with openapi-fetch's serializers, so openapi-fetch's createClient is not in the bundle.
const SDK_BUDGET = SIZE_TARGETS.sdk;

describe("bundle size of src/index.ts (esbuild --minify, gzip -9)", () => {
  test(`the whole SDK, openapi-fetch included, as a bundler splits it, fits its target of ${SDK_BUDGET} bytes`, async () => {
    const sdk = await measureSplit();
    expect(sdk.gzipped).toBeLessThanOrEqual(SDK_BUDGET);
  });

  // BENCHMARKS.md is written by `npm run bench`; between runs the code moves on. Its figure may
  // trail by a little, never by what would change the verdict its headline gives.
  test("BENCHMARKS.md states the whole SDK's size within 100 bytes of what it measures now, and 'met' only when it is", async () => {
    const benchmarks = readFileSync(join(__dirname, "..", "..", "BENCHMARKS.md"), "utf8");
    const row = /^\| Whole SDK \(openapi-fetch included\)[^|]*\| ([\d.]+) kB;[^|]*\|[^|]*\| (met|\*\*missed\*\*) \|$/m.exec(benchmarks);
    expect(row).not.toBeNull();
    const stated = Number(row![1]) * 1000;
    const sdk = await measureSplit();
    expect({ drift: Math.abs(sdk.gzipped - stated) <= 100, met: row![2] === "met" }).toEqual({
      drift: true,
      met: sdk.gzipped <= SIZE_TARGETS.sdk,
    });
  });

  test("what paginate walks with, the governor and what describes a traced call are lazy chunks, apart from the entry", async () => {
    const sdk = await measureSplit();
    const files = Object.keys(sdk.inputs);
    expect(files.filter((file) => /walk-pages|-pager\.ts|rate-limit-governor|traced-call/.test(file))).toEqual([]);
    expect(
      Object.keys(sdk.lazy)
        .map((chunk) => chunk.replace(/^.*\/|-\w+\.js$/g, ""))
        .sort(),
    ).toEqual(["rate-limit-governor", "traced-call", "walk-pages"]);
  });

  test("the client bundles none of chat-rest-sdk/webhooks, which is an entry point of its own", async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    const files = Object.keys(sdk.inputs);
    expect(files.some((file) => file.startsWith("src/"))).toBe(true);
    expect(files.filter((file) => file.includes("src/webhooks/") || file.includes("generated/webhook-"))).toEqual([]);
  });

  test("the client bundles none of chat-rest-sdk/helpers, which imports the client rather than the reverse", async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    expect(Object.keys(sdk.inputs).filter((file) => file.includes("src/helpers/"))).toEqual([]);
  });

  test("the client bundles none of chat-rest-sdk/mcp or its generated tools, which import the client rather than the reverse", async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    expect(Object.keys(sdk.inputs).filter((file) => file.includes("src/mcp/") || file.includes("generated/mcp-tools"))).toEqual([]);
  });

  test("the client bundles none of what describes a traced call, and imports no node: module", async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    const files = Object.keys(sdk.inputs);
    expect(files.filter((file) => /traced-call|generated\/manifest|src\/otel\//.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith("node:"))).toEqual([]);
  });

  test("the client bundles none of the rate-limit governor, its store or Redis: a client loads them when it sets rateLimits", async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    const files = Object.keys(sdk.inputs);
    const lazy = /src\/redis\/|rate-limit-governor|memory-rate-limit-store|generated\/rate-limit-classes|node_modules\/(redis|@redis)\//;
    expect(files.filter((file) => lazy.test(file))).toEqual([]);
  });

  test(`a spec of ${SIZE_TARGETS.operations} operations adds 0 bytes`, async () => {
    const today = await measureBundle("src/index.ts", { external: ["openapi-fetch"] });
    const synthetic = await measureSynthetic();
    expect(synthetic.gzipped - today.gzipped).toBe(0);
  });
});

// chat-rest-sdk/webhooks on its own: the checks, the parser, the key table of every event and the
// handler. Its size is reported by `npm run bench` (bench/webhooks.ts); this holds it near what it
// was measured at (5 100 bytes: 3 499, then 4 348 once the Node adapter answered every request and
// the body got its timeout and depth limit, 4 941 once the handler took a dedupe store and
// memoryWebhookDedupe came with it, then the chat-rest-sdk:webhook channel; 5 205 once every key
// named its app and the memory store's leases took the monotonic clock, 5 664 once one handler
// served several apps, each checked against its own credentials, 5 728 once two app ids that
// differ only in case were refused), so that growth nobody planned fails.
const WEBHOOKS_BUDGET = 5_800;

test(`chat-rest-sdk/webhooks alone fits ${WEBHOOKS_BUDGET} bytes (min + gzip)`, async () => {
  const webhooks = await measureBundle("src/webhooks/index.ts", { external: [] });
  expect(webhooks.gzipped).toBeLessThanOrEqual(WEBHOOKS_BUDGET);
});

// The rate-limit governor, as the chunk a client with `rateLimits` loads on its first call: the
// queues, the store in memory and the classes of the operations. Measured at 4 024 bytes, then
// 4 430 once a store's answer got the call's time limits and signal, its failures became a
// RateLimitStoreError, and the waits read from the service got their cap; with the onWait hook,
// the reckoning of a queued call's wait and the wake on another process's settle, 4 828 bytes; 4 901
// once a governor listened to its store only while calls of its own wait (a shared store kept every
// client made on it).
const GOVERNOR_BUDGET = 5_000;

test(`the rate-limit governor alone fits ${GOVERNOR_BUDGET} bytes (min + gzip)`, async () => {
  const governor = await measureBundle("src/rate-limits/rate-limit-governor.ts", { external: [] });
  expect(Object.keys(governor.inputs)).toContain("src/rate-limits/memory-rate-limit-store.ts");
  expect(governor.gzipped).toBeLessThanOrEqual(GOVERNOR_BUDGET);
});
