// Section 7: cold start. A fresh `node` process imports the SDK (src/index.ts bundled as ESM, as the
// other sections bundle it, openapi-fetch loaded from node_modules) and creates a client; against a
// fresh process that imports openapi-fetch and calls createClient. Each child reads its own CPU time
// (process.cpuUsage, all threads) before and after the import and the create, so node's own start
// is left out; the processes run interleaved, round after round.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { fmt, interleave, log, main, numArg, paired, report, spread } from "./section.js";

const dir = join(process.cwd(), "bench/.tmp/coldstart");
const CHILDREN: Record<string, string> = {
  "node alone": "",
  "openapi-fetch": `const { default: createClient } = await import("openapi-fetch");
createClient({ baseUrl: "https://bench.api-us.cometchat.io/v3", headers: { apikey: "bench-api-key" } });`,
  SDK: `const { createChatClient } = await import("./sdk.mjs");
createChatClient({ appId: "bench", region: "us", apiKey: "bench-api-key" });`,
};

main(async () => {
  const rounds = numArg("rounds", 30);
  mkdirSync(dir, { recursive: true });
  const common = { bundle: true, platform: "node", format: "esm", packages: "external", logLevel: "warning" } as const;
  await build({ ...common, entryPoints: ["src/index.ts"], outfile: join(dir, "sdk.mjs") });
  for (const [name, code] of Object.entries(CHILDREN)) {
    const cpu = "const u = process.cpuUsage(); return u.user + u.system;";
    const source = `const cpu = () => { ${cpu} };\nconst start = cpu();\n${code}\nconst end = cpu();\nprocess.stdout.write(JSON.stringify({ net: end - start, total: end }));\n`;
    writeFileSync(join(dir, `${name.replace(/\W+/g, "-")}.mjs`), source);
  }
  const names = Object.keys(CHILDREN);
  const child = (name: string) => {
    const run = spawnSync(process.execPath, [join(dir, `${name.replace(/\W+/g, "-")}.mjs`)], { cwd: dir, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`cold-start child ${name} failed:\n${run.stderr}`);
    return JSON.parse(run.stdout) as { net: number; total: number };
  };
  for (const name of names) child(name); // warms the disk cache
  const runs = await interleave(names, rounds, child);
  const of = (name: string, key: "net" | "total") => runs[name]!.map((r) => r[key]);
  const net = paired(of("SDK", "net"), of("openapi-fetch", "net"));
  log(`cold start: SDK ÷ openapi-fetch, import + create CPU ${net.median.toFixed(2)}×`);
  const row = (name: string) => [
    name,
    name === "node alone" ? "" : fmt(paired(of(name, "net"), of("openapi-fetch", "net"))),
    fmt(paired(of(name, "total"), of("openapi-fetch", "total"))),
    fmt(spread(of(name, "net").map((us) => us / 1000)), 1, ""),
    fmt(spread(of(name, "total").map((us) => us / 1000)), 1, ""),
  ];
  report({
    tables: [
      {
        title: "A fresh process: import and create a client, CPU time",
        intro:
          "Each child prints its CPU time (user + system, all threads) right before a dynamic `import()` of the package and after " +
          `creating one client; "whole process" is the CPU time at that point, node's own start included. ${rounds} rounds, ` +
          "the three children interleaved in a rotating order; ratios paired within each round.",
        columns: [
          "process",
          "import + create ÷ openapi-fetch",
          "whole process ÷ openapi-fetch",
          "import + create, CPU ms",
          "whole process, CPU ms",
        ],
        rows: names.map(row),
      },
    ],
    figures: { netRatio: net.median },
    headline: [
      {
        what: "Cold start, import + create a client, CPU, SDK ÷ openapi-fetch",
        result: fmt(net),
        target: "≤ 1.1×",
        met: net.median <= 1.1,
        name: "cold start",
        why: "The SDK's own modules are parsed and run on import, on top of openapi-fetch's; see section 7.",
      },
    ],
  });
});
