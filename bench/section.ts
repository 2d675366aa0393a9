// Plumbing shared by the sections: each runs as its own node process and writes its results as JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1]!;
}

export function numArg(name: string, fallback: number): number {
  return Number(arg(name, String(fallback)));
}

/** Writes the results where `--out` says (run.ts reads them), and returns them. */
export function report<T>(results: T): T {
  const out = arg("out", "");
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(results, null, 2));
  } else {
    console.log(JSON.stringify(results, null, 2));
  }
  return results;
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}
