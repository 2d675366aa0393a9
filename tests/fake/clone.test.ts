// The model's copies (its answers, `fake.state`, a seed's messages) are made by cloneValue
// (src/testing/fake/state/clone.ts), which copies plain JSON values itself and leaves anything
// else to structuredClone: each copy must equal structuredClone's, and share nothing with the value.
import { types } from "node:util";
import fc from "fast-check";
import { cloneValue } from "../../src/testing/fake/state/clone";

test("a JSON value is copied as structuredClone copies it, sharing no object with it", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const copy = cloneValue(value);
      expect(copy).toStrictEqual(structuredClone(value));
      if (value && typeof value === "object") expect(copy).not.toBe(value);
    }),
    { numRuns: 300 },
  );
});

test("what is not plain JSON is copied by structuredClone itself", () => {
  const at = new Date(0);
  const value = { at, tags: new Set(["a"]), byId: new Map([["1", { n: 1 }]]), nothing: undefined, bare: Object.create(null) };
  const copy = cloneValue(value);
  expect(copy).toStrictEqual(structuredClone(value));
  // structuredClone makes its Date in Node's own realm, not in Jest's.
  expect(types.isDate(copy.at) && copy.at.getTime()).toBe(0);
  expect(copy.at).not.toBe(at);
  // A function cannot be cloned, by either.
  expect(() => cloneValue({ run: () => 1 })).toThrow(expect.objectContaining({ name: "DataCloneError" }));
});

test("a `__proto__` field stays a field of the copy, and its prototype stays Object's", () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
  const copy = cloneValue(value);
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
  expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
});

test("a value nested deeper than any body is copied whole by structuredClone", () => {
  let deep: unknown = "bottom";
  for (let i = 0; i < 1_000; i++) deep = { inner: [deep] };
  expect(cloneValue(deep)).toStrictEqual(structuredClone(deep));
});
