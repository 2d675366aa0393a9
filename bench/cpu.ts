// Section 2: CPU cost per call with a stubbed fetch that answers at once, so only the client
// code is measured: the SDK against bare openapi-fetch, interleaved round by round.
import { threadReply, usersPage } from "./fixtures.js";
import { log, numArg, report } from "./section.js";
import { collectGarbage, rotated, spread, type Spread } from "./stats.js";
import { bareOpenapiFetch, bareOpenapiFetchTimeout, OPERATIONS, sdk, type Call, type Operation, type Variant } from "./variants.js";

const BASE_URL = "https://bench.api-us.cometchat.io/v3";

/** Answers every request at once with the operation's 200 body, as the service would. */
function stubFetch(): (request: Request) => Promise<Response> {
  const thread = JSON.stringify(threadReply);
  const users = JSON.stringify(usersPage);
  const headers = (body: string) => ({
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
  });
  return async (request) => {
    const body = request.method === "POST" ? thread : users;
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

async function main() {
  const rounds = numArg("rounds", 11);
  const scale = numArg("scale", 1);
  const variants: Variant[] = [
    bareOpenapiFetch(BASE_URL, stubFetch()),
    sdk(BASE_URL, { fetch: stubFetch() }),
    // Ablations: bare openapi-fetch with the same per-call timeout signal, and the SDK on the middleware path.
    bareOpenapiFetchTimeout(BASE_URL, stubFetch()),
    sdk(BASE_URL, { fetch: stubFetch(), middleware: true }),
  ];
  // About 0.3 s per batch on the reference machine.
  const sizes: Record<Operation, number> = { "send-thread-message": 1500, "list-users": 500 };
  const results: Record<
    string,
    { usPerCall: Record<string, Spread>; vsOpenapiFetch: Record<string, Spread>; sdkVsOpenapiFetchTimeout: Spread }
  > = {};
  for (const operation of OPERATIONS) {
    const calls = Math.round(sizes[operation] * scale);
    for (const v of variants) await timePerCall(v.calls[operation], calls);
    const times: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const v of rotated(variants, round)) times[v.name]!.push(await timePerCall(v.calls[operation], calls));
    }
    const base = times["openapi-fetch"]!;
    results[operation] = {
      usPerCall: Object.fromEntries(variants.map((v) => [v.name, spread(times[v.name]!)])),
      vsOpenapiFetch: Object.fromEntries(variants.map((v) => [v.name, spread(times[v.name]!.map((t, i) => t / base[i]!))])),
      sdkVsOpenapiFetchTimeout: spread(times.SDK!.map((t, i) => t / times["openapi-fetch + timeout signal"]![i]!)),
    };
    log(
      `${operation}: ` +
        variants
          .map(
            (v) =>
              `${v.name} ${results[operation]!.usPerCall[v.name]!.median.toFixed(1)} µs = ${results[operation]!.vsOpenapiFetch[v.name]!.median.toFixed(2)}×`,
          )
          .join("; "),
    );
  }
  report({ rounds, results });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
