/**
 * The fields of `given` whose value differs from `current`'s: what a partial update must send, and
 * nothing else. Values are compared as JSON data (key order aside), as the service stores them.
 */
export function changedFields<T extends object>(given: T, current: object, fields: readonly (keyof T)[]): Partial<T> {
  const changed: Partial<T> = {};
  for (const field of fields) {
    const value = given[field];
    if (value !== undefined && !sameData(value, (current as T)[field])) changed[field] = value;
  }
  return changed;
}

function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameData(item, (b as unknown[])[i]));
  const keys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const other = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keys.length === other.length && keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
