/** Small statistics helpers: everything the bench reports is a median with its min–max. */

export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median and range of a series of measurements. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/** `0.97× (0.93–1.01)`: how ratios are printed everywhere. */
export function fmtRatio(s: Spread, digits = 2): string {
  return `${s.median.toFixed(digits)}× (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}

export function fmtNum(s: Spread, digits = 0, unit = ""): string {
  return `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}

/** Rotates the order of the variants from one round to the next, so none always goes first. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  const k = round % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Full GC when node runs with --expose-gc, so one variant's garbage is not collected during the next. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
