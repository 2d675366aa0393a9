// A TypeScript entry (a file, or source text that imports from the repository root as `./src/...`)
// bundled with esbuild into `.tmp/<name>.cjs`, for a test to run under Node in a child process:
// a process of its own measures its own heap, is killed, or sees its own environment.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";

const root = join(__dirname, "..", "..");

/** Bundles `entry` (a path, or `{ source }`) into `.tmp/<name>.cjs`; dependencies stay imports. Returns the file. */
export function bundleForChild(name: string, entry: string | { source: string }): string {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  const outfile = join(root, ".tmp", `${name}.cjs`);
  buildSync({
    ...(typeof entry === "string"
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.source, resolveDir: root, loader: "ts" as const } }),
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile,
    logLevel: "silent",
  });
  return outfile;
}
