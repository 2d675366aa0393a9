// Internal: a copy of a value of the model, as `structuredClone` makes it, several times faster
// for what the model holds: plain objects and arrays of JSON values, which are copied here. Anything
// else (a Date or a Map a seed put in a message's `data`, a function) is left to `structuredClone`
// itself, and so is a value nested deeper than any request body can be.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.

/** Deeper than a body the fake accepts can nest (64 levels), with the model's own levels around it. */
const MAX_DEPTH = 200;
const TOO_DEEP = Symbol("too deep");
// Read once: a global read in a hot loop is slow inside a vm context (Jest runs the fake's code in one).
const { getPrototypeOf, keys, defineProperty } = Object;
const OBJECT_PROTOTYPE = Object.prototype;
const ARRAY_PROTOTYPE = Array.prototype;
const clone = structuredClone;

function copy(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null)
    // structuredClone refuses a function or a symbol, and so does this copy.
    return typeof value === "function" || typeof value === "symbol" ? clone(value) : value;
  if (depth > MAX_DEPTH) throw TOO_DEEP;
  const prototype = getPrototypeOf(value);
  if (prototype === ARRAY_PROTOTYPE) return (value as unknown[]).map((item) => copy(item, depth + 1));
  if (prototype !== OBJECT_PROTOTYPE) return clone(value);
  const out: Record<string, unknown> = {};
  for (const key of keys(value)) {
    const inner = copy((value as Record<string, unknown>)[key], depth + 1);
    // A `__proto__` key (JSON.parse makes one an own field) stays a field, as structuredClone keeps it.
    if (key === "__proto__") defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
    else out[key] = inner;
  }
  return out;
}

/** A deep copy of `value`, equal to `structuredClone(value)`. */
export function cloneValue<T>(value: T): T {
  try {
    return copy(value, 0) as T;
  } catch (error) {
    if (error === TOO_DEEP) return clone(value);
    throw error;
  }
}
