// Section 2: CPU cost per call with a fetch that answers at once, so only the client code is
// measured: the SDK against bare openapi-fetch, interleaved round by round. The global fetch is
// stubbed, so each client runs its real path (the SDK's direct path sends `fetch(url, init)`);
// injecting a fetch instead is kept as an ablation, since an injected fetch must get a Request.
import { threadReply, usersPage } from "./fixtures.js";
import { log, numArg, report } from "./section.js";
import { collectGarbage, rotated, spread, type Spread } from "./stats.js";
import { bareOpenapiFetch, bareOpenapiFetchTimeout, OPERATIONS, sdk, type Call, type Operation, type Variant } from "./variants.js";

const BASE_URL = "https://bench.api-us.cometchat.io/v3";

/** Answers every request at once with the operation's 200 body, as the service would. */
function stubFetch(): (input: Request | string, init?: RequestInit) => Promise<Response> {
  const thread = JSON.stringify(threadReply);
  const users = JSON.stringify(usersPage);
  const headers = (body: string) => ({
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
  });
  return async (input, init) => {
    const method = typeof input === "string" ? init?.method : input.method;
    const body = method === "POST" ? thread : users;
    return new Response(body, { status: 200, headers: headers(body) });
  };
}

/** Microseconds of wall time per call over `calls` sequential calls (single-threaded and never idle). */
async function timePerCall(call: Call, calls: number): Promise<number> {
  collectGarbage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - started) * 1000) / calls;
}

export interface CpuResult {
  usPerCall: Record<string, Spread>;
  vsOpenapiFetch: Record<string, Spread>;
}

async function main() {
  const rounds = numArg("rounds", 11);
  const scale = numArg("scale", 1);
  // The benchmark process is the only user of fetch: the stub stands in for the network.
  globalThis.fetch = stubFetch() as typeof fetch;
  const injected = stubFetch() as (request: Request) => Promise<Response>;
  const variants: Variant[] = [
    bareOpenapiFetch(BASE_URL),
    sdk(BASE_URL),
    // Ablations: timeouts off; an injected fetch (a Request per attempt); openapi-fetch with a
    // per-call timeout signal; the SDK on openapi-fetch's path (middleware).
    sdk(BASE_URL, { timeoutsOff: true }),
    sdk(BASE_URL, { fetch: injected }),
    bareOpenapiFetchTimeout(BASE_URL),
    sdk(BASE_URL, { middleware: true }),
  ];
  // About 0.3 s per batch on the reference machine.
  const sizes: Record<Operation, number> = { "send-thread-message": 1500, "list-users": 500 };
  const results: Record<string, CpuResult> = {};
  for (const operation of OPERATIONS) {
    const calls = Math.round(sizes[operation] * scale);
    for (const v of variants) await timePerCall(v.calls[operation], calls);
    const times: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const v of rotated(variants, round)) times[v.name]!.push(await timePerCall(v.calls[operation], calls));
    }
    const base = times["openapi-fetch"]!;
    const result: CpuResult = {
      usPerCall: Object.fromEntries(variants.map((v) => [v.name, spread(times[v.name]!)])),
      vsOpenapiFetch: Object.fromEntries(variants.map((v) => [v.name, spread(times[v.name]!.map((t, i) => t / base[i]!))])),
    };
    results[operation] = result;
    const line = variants.map(
      (v) => `${v.name} ${result.usPerCall[v.name]!.median.toFixed(1)} µs = ${result.vsOpenapiFetch[v.name]!.median.toFixed(2)}×`,
    );
    log(`${operation}: ${line.join("; ")}`);
  }
  report({ rounds, results });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
