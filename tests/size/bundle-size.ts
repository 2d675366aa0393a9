// What the SDK adds to an application's bundle: the ESM runtime of src/index.ts, minified by
// esbuild and gzipped (level 9). Shared by `npm run bench` and the size check in `npm test`.
import { build, type Metafile } from "esbuild";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// Under Jest this file is CommonJS and knows where it is; bundled into bench/.out it is ESM,
// and `npm run bench` runs from the repository root.
const root = typeof __dirname === "string" ? join(__dirname, "../..") : process.cwd();

/** The targets, in gzipped bytes (1 kB = 1 000 bytes). */
export const SIZE_TARGETS = { wrapper: 2_000, total: 5_000 } as const;

export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Minified bytes each source file contributes. */
  inputs: Record<string, number>;
}

/** Bundles `entry` (a path from the repository root, or from `options.dir`) as a consumer's bundler would. */
export async function measureBundle(entry: string, options: { external: string[]; dir?: string }): Promise<BundleSize> {
  const dir = options.dir ?? root;
  const result = await build({
    entryPoints: [join(dir, entry)],
    absWorkingDir: dir,
    nodePaths: [join(root, "node_modules")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: options.external,
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
