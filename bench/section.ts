// What every bench section shares: its command line, the one shape of its results (run.ts renders
// all tables with one writer), and the statistics behind every ratio: the median, with the min–max,
// of per-round ratios measured side by side, the variants interleaved round by round.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface Table {
  title: string;
  intro?: string;
  columns: string[];
  rows: (string | number)[][];
  /** Bullets under the table. */
  notes?: string[];
  /** Folded away (absolute numbers, for the record). */
  collapsed?: boolean;
  /** The SECTIONS key of run.ts it goes under, when not its own section's; tables of one title merge their rows. */
  section?: string;
}

export interface HeadlineRow {
  what: string;
  result: string;
  /** "report" for a figure without a target. */
  target: string;
  met?: boolean;
  /** The target's name in the README's sentence of met and missed targets. */
  name?: string;
  /** Shown when missed: the measured cause and the smallest change that would meet it. */
  why?: string;
}

export interface SectionResult {
  tables: Table[];
  figures: Record<string, number | string>;
  headline?: HeadlineRow[];
}

/** `--name value` from the command line, or the fallback. */
export const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1]!;
};
export const numArg = (name: string, fallback: number): number => Number(arg(name, String(fallback)));
export const log = (message: string): void => void process.stderr.write(`${message}\n`);

/** Writes the results where `--out` says (run.ts reads them), or prints them. */
export function report<T extends SectionResult>(results: T): T {
  const out = arg("out", "");
  if (out) mkdirSync(dirname(out), { recursive: true });
  if (out) writeFileSync(out, JSON.stringify(results, null, 2));
  else console.log(JSON.stringify(results, null, 2));
  return results;
}

/** Runs a section's main, and exits non-zero when it fails. */
export const main = (run: () => Promise<unknown>): void =>
  void run().catch((error) => {
    console.error(error);
    process.exit(1);
  });

export interface Spread {
  median: number;
  min: number;
  max: number;
}
export function spread(values: readonly number[]): Spread {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s.at(-1)! };
}
/** Per-round ratios f(a[i]) / f(b[i]), as a spread. */
export const paired = <T>(a: readonly T[], b: readonly T[], f: (x: T) => number = Number) => spread(a.map((x, i) => f(x) / f(b[i]!)));
/** `0.97× (0.93–1.01)`, or with another unit and precision. */
export const fmt = (s: Spread, digits = 2, unit = "×") =>
  `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
export const quantile = (sorted: ArrayLike<number>, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
/** Full GC when node runs with --expose-gc, so one variant's garbage is not collected during the next. */
export const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** Measures every variant once per round, in an order that rotates from round to round so none always goes first. */
export async function interleave<T>(names: string[], rounds: number, measure: (name: string) => T | Promise<T>) {
  const results: Record<string, T[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const k = round % names.length;
    for (const name of [...names.slice(k), ...names.slice(0, k)]) results[name]!.push(await measure(name));
  }
  return results;
}
