// Section 3: the bundle size of the SDK, which source files take the bytes, and what the packages
// users would otherwise install weigh when bundled the same way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { type BundleSize, measureBundle, measureSdk, measureSynthetic, SIZE_TARGETS } from "../tests/size/bundle-size.js";
import { log, main, report } from "./section.js";

const dir = join(process.cwd(), "bench/.tmp/size");
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
/** Bundles a one-line entry written into bench/.tmp/size. */
function entry(name: string, source: string, options: Parameters<typeof measureBundle>[1]): Promise<BundleSize> {
  writeFileSync(join(dir, `${name}.ts`), source);
  return measureBundle(`${name}.ts`, { dir, ...options });
}
/**
 * What users would otherwise install; Node's built-in modules left out, as a browser bundler would.
 * openapi-fetch is the SDK's own dependency; the others are installed in bench/peers by scripts/bench.sh.
 */
const PEER_MODULES = [join(process.cwd(), "bench/peers/node_modules"), join(process.cwd(), "node_modules")];
const PEERS = { "stream-chat": "{ StreamChat }", openai: "{ default }", "@octokit/core": "{ Octokit }", "openapi-fetch": "{ default }" };

main(async () => {
  mkdirSync(dir, { recursive: true });
  const { wrapper, total, openapiFetch } = await measureSdk();
  // What createChatClient pulls in, without the error guards, paginate, rateLimit and unwrap.
  const client = `export { createChatClient } from "${process.cwd()}/src/client/client.js";`;
  const clientOnly = await entry("client-only", client, { external: ["openapi-fetch"] });
  const synthetic = await measureSynthetic();
  const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
  const peers: [string, string, BundleSize][] = [];
  for (const [name, names] of Object.entries(PEERS)) {
    const installed = PEER_MODULES.map((modules) => join(modules, name, "package.json")).find((file) => existsSync(file));
    if (!installed) throw new Error(`${name} is not installed: scripts/bench.sh installs bench/peers`);
    const { version } = JSON.parse(readFileSync(installed, "utf8"));
    const source = `export ${names} from "${name}";`;
    peers.push([name, version, await entry(name.replace(/\W/g, "-"), source, { external, platform: "browser", nodePaths: PEER_MODULES })]);
  }
  log(`size: SDK ${total.gzipped} B gz (target ${SIZE_TARGETS.sdk}), ${SIZE_TARGETS.operations} operations ${synthetic.gzipped} B gz`);
  const growth = synthetic.gzipped - wrapper.gzipped;
  const inputs = Object.entries(wrapper.inputs)
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
  const requestPath = /^src\/(transport\/|client\/(build-request|send-call|read-result)\.ts)/;
  const row = (label: string, s: BundleSize, target = "") => [label, kB(s.minified), kB(s.gzipped), target];
  const mark = (ok: boolean) => (ok ? "met" : "**missed**");
  report({
    tables: [
      {
        title: "Bundles, minified and min + gzip",
        intro:
          "`src/index.ts` bundled by esbuild as ESM (`--bundle --minify --platform=neutral --target=es2022`), gzipped at level 9. " +
          '"Wrapper" leaves `openapi-fetch` external; "whole SDK" bundles it in, split as a bundler splits it for an application: ' +
          "the lazy modules (the governor, what describes a traced call, paginate's walk) in chunks of their own, and the entry with " +
          "the chunks it imports statically gzipped together. The synthetic spec repeats today's operations " +
          `under new paths up to ${SIZE_TARGETS.operations}, run through \`scripts/generate-manifest.mjs\`.`,
        columns: ["bundle", "minified", "min + gzip", "target"],
        rows: [
          row("wrapper (src/index.ts, openapi-fetch external)", wrapper),
          row(`wrapper, ${SIZE_TARGETS.operations}-operation spec`, synthetic, `+0 B: ${mark(growth === 0)}`),
          row(
            "whole SDK: wrapper + openapi-fetch, as a bundler splits it (entry + static chunks)",
            total,
            `≤ ${kB(SIZE_TARGETS.sdk)}: ${mark(total.gzipped <= SIZE_TARGETS.sdk)}`,
          ),
          ...peers.map(([name, version, s]) => row(`${name} ${version} (for comparison)`, s)),
          row(`openapi-fetch ${peers.at(-1)![1]} alone (whole module)`, openapiFetch),
          row("only `createChatClient` imported, openapi-fetch external", clientOnly),
        ],
      },
      {
        title: "Minified bytes by module (wrapper bundle)",
        columns: ["module", "minified bytes"],
        rows: inputs,
        notes: [
          `The request path (src/client/build-request.ts, send-call.ts, read-result.ts and src/transport/) is ` +
            `${inputs.filter(([f]) => requestPath.test(f)).reduce((a, [, b]) => a + b, 0)} of ${wrapper.minified} minified bytes.`,
        ],
      },
    ],
    figures: {
      sdkGzipped: total.gzipped,
      readme:
        `The whole SDK, openapi-fetch included, is ${kB(total.gzipped)} (min + gzip); bundled the same way, ` +
        `${peers.map(([name, version, s]) => `${name} ${version} is ${kB(s.gzipped)}`).join(", ")}.`,
    },
    headline: [
      {
        what: "Whole SDK (openapi-fetch included), as a bundler splits it, min + gzip",
        result: `${kB(total.gzipped)}; ${peers.map(([name, , s]) => `${name} ${kB(s.gzipped)}`).join(", ")}`,
        target: `≤ ${kB(SIZE_TARGETS.sdk)}`,
        met: total.gzipped <= SIZE_TARGETS.sdk,
        name: "SDK size",
        why:
          `${kB(total.gzipped - SIZE_TARGETS.sdk)} over. The bundle holds the whole public surface; largest modules (minified): ` +
          `${inputs
            .slice(0, 4)
            .map(([f, b]) => `${f} ${b} B`)
            .join(", ")}. The size test in \`npm test\` holds the measured size.`,
      },
      {
        what: `Growth with a ${SIZE_TARGETS.operations}-operation spec`,
        result: `${growth} B`,
        target: "0 B",
        met: growth === 0,
        name: "size growth per operation",
        why: "A generated table grows with the spec; see section 3.",
      },
    ],
  });
});
