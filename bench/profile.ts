// Where the time goes, function by function: scripts/bench-profile.sh runs one client against the
// loopback server under `node --cpu-prof`, then this prints the functions and files with the most self time.
//   [sdk|sdk-middleware|sdk-timeouts-off|openapi-fetch|raw|raw-timeout] [send-thread-message|list-users] [concurrency] [seconds]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startLoopback } from "./loopback.js";
import { main } from "./section.js";
import { bareOpenapiFetch, type Operation, raw, sdk } from "./variants.js";

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function summarize(file: string): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    const { functionName, url, lineNumber } = frames.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    const where = url.replace(/^.*\/(node_modules\/[^/]+|bench\/\.out)\//, "$1/") || "(native/gc)";
    const fn = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    files.set(where, (files.get(where) ?? 0) + us);
    total += us;
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  return ["self time by function:", ...top(fns, 25), "", "self time by file:", ...top(files, 15)].join("\n");
}

main(async () => {
  const dir = process.env.PROFILE_DIR!;
  if (process.argv.includes("--summarize")) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) console.log(summarize(join(dir, f)));
    return;
  }
  const [which = "sdk", operation = "list-users", concurrency = "64", seconds = "6"] = process.argv.slice(2);
  const server = await startLoopback();
  const variants = {
    raw: () => raw("raw fetch", server.url),
    "raw-timeout": () => raw("raw fetch + timeout", server.url),
    "openapi-fetch": () => bareOpenapiFetch(server.url),
    sdk: () => sdk(server.url),
    "sdk-middleware": () => sdk(server.url, { middleware: true }),
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
  console.log(`${variant.name} ${operation} c=${concurrency}: ${done} calls in ${seconds} s`);
});
