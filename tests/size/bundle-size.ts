// What the SDK adds to an application's bundle: the ESM runtime of src/index.ts, minified by
// esbuild and gzipped (level 9). Shared by `npm run bench` and the size check in `npm test`.
import { build, type Metafile } from "esbuild";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// Under Jest this file is CommonJS and knows where it is; bundled into bench/.out it is ESM,
// and `npm run bench` runs from the repository root.
const root = typeof __dirname === "string" ? join(__dirname, "../..") : process.cwd();

/**
 * The size targets, in gzipped bytes (1 kB = 1 000 bytes): the whole SDK with openapi-fetch
 * bundled in, and the spec size at which it must not have grown at all. The SDK's target was
 * 12 500 until the client gained `RateLimitStoreError` (which `isChatError` and the errors table
 * need in the main bundle), one module deciding the acting user from every source (about 100
 * bytes between them), the diagnostics channels' hooks (167 bytes against the same sources with
 * the hooks taken out, as bench section 18 measures it with bench/diagnostics-hooks-size.ts), and
 * `mayHaveReachedService` on every error with the rate-limit `onWait` hook (about 100 bytes); then
 * 13 000 for the turn of the event loop every 1,024 attempts that keeps Node's fetch from holding
 * memory after calls answered at once (83 bytes), and the acting user decided once for a traced
 * call with the channel names and the call id in modules of their own (58 bytes).
 */
export const SIZE_TARGETS = { sdk: 13_000, operations: 300 } as const;

export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Minified bytes each source file contributes. */
  inputs: Record<string, number>;
}

/**
 * The modules the client imports only when a client sets `rateLimits` (the governor), or once
 * something subscribes to its diagnostics channels (what describes a traced call): a bundler
 * splits a dynamic import into a chunk of its own, loaded then, so they are not in the client's
 * bundle and each is measured alone.
 */
export const LAZY_MODULES = ["*/rate-limit-governor.js", "*/traced-call.js"];

/** Bundles `entry` (a path from the repository root, or from `options.dir`) as a consumer's bundler would. */
export async function measureBundle(
  entry: string,
  options: { external: string[]; dir?: string; platform?: "neutral" | "browser"; nodePaths?: string[] },
): Promise<BundleSize> {
  const dir = options.dir ?? root;
  const result = await build({
    entryPoints: [join(dir, entry)],
    absWorkingDir: dir,
    nodePaths: [...(options.nodePaths ?? []), join(root, "node_modules")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: options.platform ?? "neutral",
    target: "es2022",
    external: [...options.external, ...LAZY_MODULES],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values((result.metafile as Metafile).outputs)[0]!;
  const inputs = Object.fromEntries(Object.entries(output.inputs).map(([file, { bytesInOutput }]) => [file, bytesInOutput]));
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, inputs };
}

/** The wrapper alone (openapi-fetch left to the application) and with openapi-fetch bundled in. */
export async function measureSdk(): Promise<{ wrapper: BundleSize; total: BundleSize; openapiFetch: BundleSize }> {
  const [wrapper, total, openapiFetch] = await Promise.all([
    measureBundle("src/index.ts", { external: ["openapi-fetch"] }),
    measureBundle("src/index.ts", { external: [] }),
    measureBundle("node_modules/openapi-fetch/dist/index.mjs", { external: [] }),
  ]);
  return { wrapper, total, openapiFetch };
}

/**
 * The wrapper built from a synthetic spec of `count` operations: today's operations repeated
 * under new paths, run through the generator as `npm run generate` would.
 */
export async function measureSynthetic(count: number = SIZE_TARGETS.operations): Promise<BundleSize> {
  const dir = join(root, ".tmp", "size-synthetic");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "generated"), { recursive: true });
  cpSync(join(root, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(root, "generated"), join(dir, "generated"), { recursive: true });
  const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8"));
  const originals = Object.entries(spec.paths as Record<string, Record<string, unknown>>);
  const perPath = (item: Record<string, unknown>) => Object.keys(item).filter((key) => key !== "parameters" && key !== "servers").length;
  const paths: Record<string, unknown> = {};
  let operations = 0;
  for (let copy = 0; operations < count; copy++) {
    for (const [path, item] of originals) {
      if (operations >= count) break;
      const renamed: Record<string, unknown> = {};
      for (const [key, op] of Object.entries(item)) {
        // Only the first copy keeps the spec's deprecations: the runtime carries one entry per
        // deprecated operation, so copying them would measure more deprecations, not more operations.
        const { deprecated: _deprecated, ...rest } = op as { operationId?: string; deprecated?: boolean };
        renamed[key] = copy === 0 ? op : rest.operationId ? { ...rest, operationId: `${rest.operationId}-${copy}` } : op;
      }
      // The first copy is the spec itself, so the runtime's table of deprecated operations is the same as today's.
      paths[copy === 0 ? path : `/copy${copy}${path}`] = renamed;
      operations += perPath(item);
    }
  }
  const specFile = join(dir, "openapi.json");
  writeFileSync(specFile, JSON.stringify({ ...spec, paths }));
  execFileSync(process.execPath, [join(root, "scripts", "generate-manifest.mjs"), specFile, join(dir, "generated", "manifest.ts")]);
  return measureBundle("src/index.ts", { external: ["openapi-fetch"], dir });
}
