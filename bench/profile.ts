// Where the time goes, function by function: scripts/bench-profile.sh runs one client against the
// loopback server (or, with `stub`, a stubbed global fetch) under `node --cpu-prof`, then this
// prints the functions with the most self and total time, and the files with the most self time.
//   [variant] [send-thread-message|list-users] [concurrency] [seconds] [loopback|stub]
//   variants: sdk, sdk-timeouts-off, sdk-middleware, sdk-3-middleware, sdk-header, sdk-logging, openapi-fetch,
//   openapi-fetch-middleware, openapi-fetch-header, openapi-fetch-logging, raw, raw-timeout
import { readdirSync, readFileSync } from "node:fs";
import { type CpuProfile, profileEntries, topBy } from "./cpu-profile.js";
import { join } from "node:path";
import { startLoopback } from "./loopback.js";
import { main } from "./section.js";
import { stubFetch } from "./stub-fetch.js";
import { bareOpenapiFetch, type Operation, raw, sdk } from "./variants.js";

function summarize(file: string): string {
  const { entries, files } = profileEntries(JSON.parse(readFileSync(file, "utf8")) as CpuProfile);
  const line = (pct: number, name: string) => `${pct.toFixed(1).padStart(5)}%  ${name}`;
  const byFile = [...files].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return [
    "self time by function:",
    ...topBy(entries, "self", 25).map((e) => line(e.self, e.fn)),
    "",
    // An async function's total covers each of its steps between awaits, as each runs from the microtask queue.
    "total time by function (callees included), the SDK's, openapi-fetch's and the bench's own:",
    ...topBy(entries, "total", 25, (e) => !/ (node:|\(native)/.test(e.fn)).map((e) => line(e.total, e.fn)),
    "",
    "self time by file:",
    ...byFile.map(([f, pct]) => line(pct, f)),
  ].join("\n");
}

main(async () => {
  const dir = process.env.PROFILE_DIR!;
  if (process.argv.includes("--summarize")) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) console.log(summarize(join(dir, f)));
    return;
  }
  const [which = "sdk", operation = "list-users", concurrency = "64", seconds = "6", where = "loopback"] = process.argv.slice(2);
  // The stub is in place before any client is made: openapi-fetch keeps the global fetch it finds then.
  if (where === "stub") globalThis.fetch = stubFetch;
  const server = where === "stub" ? { url: "https://bench.api-us.cometchat.io/v3", close: async () => {} } : await startLoopback();
  const variants = {
    raw: () => raw("raw fetch", server.url),
    "raw-timeout": () => raw("raw fetch + timeout", server.url),
    "openapi-fetch": () => bareOpenapiFetch(server.url),
    "openapi-fetch-middleware": () => bareOpenapiFetch(server.url, false, "no-op middleware"),
    "openapi-fetch-header": () => bareOpenapiFetch(server.url, false, "header middleware"),
    "openapi-fetch-logging": () => bareOpenapiFetch(server.url, false, "logging middleware"),
    sdk: () => sdk(server.url),
    "sdk-middleware": () => sdk(server.url, { middleware: "no-op middleware" }),
    "sdk-3-middleware": () => sdk(server.url, { middleware: "3 no-op middlewares" }),
    "sdk-header": () => sdk(server.url, { middleware: "header middleware" }),
    "sdk-logging": () => sdk(server.url, { middleware: "logging middleware" }),
    "sdk-timeouts-off": () => sdk(server.url, { timeoutsOff: true }),
  };
  const variant = variants[which as keyof typeof variants]();
  const call = variant.calls[operation as Operation];
  const until = performance.now() + Number(seconds) * 1000;
  let done = 0;
  const loop = async () => {
    for (; performance.now() < until; done++) await call();
  };
  await Promise.all(Array.from({ length: Number(concurrency) }, loop));
  await server.close();
  console.log(`${variant.name} ${operation} c=${concurrency}${where === "stub" ? ", stubbed fetch" : ""}: ${done} calls in ${seconds} s`);
});
