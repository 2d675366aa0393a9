// Section 3: the bundle size of the SDK, and which source files take the bytes.
import { execSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { measureBundle, measureSdk, measureSynthetic, SIZE_TARGETS } from "../tests/size/bundle-size.js";
import { log, report } from "./section.js";

/** The last commit before the hot-path work (light requests, one parse per body). */
const BEFORE = "d142b90";

/** The wrapper as it was at `BEFORE`, from git history; undefined where the history is missing. */
async function sizeBefore() {
  const dir = join(process.cwd(), "bench/.tmp/size-before");
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${BEFORE} src generated | tar -x -C "${dir}"`, { stdio: "ignore" });
    const wrapper = await measureBundle("src/index.ts", { external: ["openapi-fetch"], dir });
    return { commit: BEFORE, minified: wrapper.minified, gzipped: wrapper.gzipped };
  } catch {
    return undefined;
  }
}

/** What users would otherwise install, bundled the same way (Node's built-in modules left out, as a browser bundle would). */
const PEERS = [
  ["stream-chat", 'export { StreamChat } from "stream-chat";'],
  ["openai", 'export { default } from "openai";'],
  ["@octokit/core", 'export { Octokit } from "@octokit/core";'],
  ["openapi-fetch", 'export { default } from "openapi-fetch";'],
] as const;

async function measurePeers() {
  const dir = join(process.cwd(), "bench/.tmp/peers");
  mkdirSync(dir, { recursive: true });
  const peers: Record<string, { version: string; minified: number; gzipped: number }> = {};
  for (const [name, source] of PEERS) {
    const file = `${name.replace(/\W/g, "-")}.ts`;
    writeFileSync(join(dir, file), source);
    const { version } = JSON.parse(readFileSync(join(process.cwd(), "node_modules", name, "package.json"), "utf8"));
    // As a browser bundle resolves them; Node's built-in modules left out, as a browser bundler would.
    const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
    const size = await measureBundle(file, { external, dir, platform: "browser" });
    peers[name] = { version, minified: size.minified, gzipped: size.gzipped };
  }
  return peers;
}

async function main() {
  const { wrapper, total, openapiFetch } = await measureSdk();
  // The client alone: what createChatClient pulls in, without the error classes' guards, paginate, rateLimit and unwrap.
  const clientOnly = await measureBundle("bench/entry-client-only.ts", { external: ["openapi-fetch"] });
  const synthetic = await measureSynthetic();
  log(`size: SDK ${total.gzipped} B gz (target ${SIZE_TARGETS.sdk}), ${SIZE_TARGETS.operations} operations ${synthetic.gzipped} B gz`);
  report({
    before: await sizeBefore(),
    targets: SIZE_TARGETS,
    peers: await measurePeers(),
    wrapper: { minified: wrapper.minified, gzipped: wrapper.gzipped },
    total: { minified: total.minified, gzipped: total.gzipped },
    synthetic: { minified: synthetic.minified, gzipped: synthetic.gzipped },
    openapiFetch: { minified: openapiFetch.minified, gzipped: openapiFetch.gzipped },
    clientOnly: { minified: clientOnly.minified, gzipped: clientOnly.gzipped },
    inputs: Object.fromEntries(Object.entries(wrapper.inputs).sort((a, b) => b[1] - a[1])),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
