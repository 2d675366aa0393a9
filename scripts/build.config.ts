// tsup configuration for `npm run build` (scripts/build.sh). Kept beside the script that uses it.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", testing: "src/testing/index.ts" },
  outDir: "dist",
  format: ["esm", "cjs"],
  // Explicit .mjs/.cjs make each file's module format independent of the package's "type" field.
  // tsup names the CJS declarations .d.ts whatever this says; scripts/build.sh renames them .d.cts.
  outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".mjs" }),
  // Declarations are bundled per entry, so no relative import inside them needs an extension
  // that differs between the ESM and CJS copies.
  dts: { entry: { index: "src/index.ts", testing: "src/testing/index.ts" } },
  // `startMockServer` locates the package root from `__dirname`; this defines it in the ESM build.
  shims: true,
  target: "es2022",
  platform: "node",
  // Keep `node:` specifiers: Deno and bundlers recognise built-ins by them.
  removeNodeProtocol: false,
  splitting: false,
  sourcemap: false,
  // dist/ also holds the docs build, so scripts/build.sh removes only what this build writes.
  clean: false,
  treeshake: false,
});
