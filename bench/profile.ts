// Where the time goes: runs one variant against the loopback server under `node --cpu-prof`
// and prints the functions with the most self time, and the share of each source file.
// Usage: scripts/bench-profile.sh [sdk|sdk-middleware|openapi-fetch|sdk-timeouts-off|raw|raw-timeout] [send-thread-message|list-users] [concurrency] [seconds]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startLoopback } from "./loopback.js";
import { bareOpenapiFetch, rawFetch, rawFetchTimeout, sdk, type Operation } from "./variants.js";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export function summarize(profilePath: string, top = 25): string {
  const profile = JSON.parse(readFileSync(profilePath, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^.*\/(node_modules\/[^/]+|bench\/\.out)\//, "$1/").replace(/^node:/, "node:") || "(native/gc)";
    fns.set(
      `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`,
      (fns.get(`${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`) ?? 0) + us,
    );
    files.set(file, (files.get(file) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const lines = ["self time by function:"];
  for (const [name, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(us)}  ${name}`);
  lines.push("", "self time by file:");
  for (const [name, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${pct(us)}  ${name}`);
  return lines.join("\n");
}

async function main() {
  const [which = "sdk", operation = "list-users", conc = "64", seconds = "6"] = process.argv.slice(2);
  const dir = process.env.PROFILE_DIR;
  if (process.argv.includes("--summarize")) {
    for (const f of readdirSync(dir!).filter((f) => f.endsWith(".cpuprofile"))) console.log(summarize(join(dir!, f)));
    return;
  }
  const server = await startLoopback();
  const variant =
    which === "raw"
      ? rawFetch(server.url)
      : which === "raw-timeout"
        ? rawFetchTimeout(server.url)
        : which === "openapi-fetch"
          ? bareOpenapiFetch(server.url)
          : sdk(server.url, { middleware: which === "sdk-middleware", timeoutsOff: which === "sdk-timeouts-off" });
  const call = variant.calls[operation as Operation];
  const until = performance.now() + Number(seconds) * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: Number(conc) }, async () => {
      while (performance.now() < until) {
        await call();
        done++;
      }
    }),
  );
  await server.close();
  console.log(`${variant.name} ${operation} c=${conc}: ${done} calls in ${seconds} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
