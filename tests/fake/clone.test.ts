// The model's copies (its answers, `fake.state`, a seed's messages) are made by cloneValue
// (src/testing/fake/state/clone.ts), which copies plain JSON values itself and leaves anything
// else to structuredClone: each copy must equal structuredClone's, and share nothing with the value.
import { types } from "node:util";
import fc from "fast-check";
import { cloneValue } from "../../src/testing/fake/state/clone";
import { frozenJson } from "../../src/testing/fake/state/snapshot";

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

// A snapshot's copy of the model (src/testing/fake/state/snapshot.ts) is made directly, not by a
// JSON round trip: it must equal the round trip's, whatever the model holds, and be frozen throughout.
describe("frozenJson, the copy a snapshot makes", () => {
  const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  const frozenThroughout = (value: unknown): boolean =>
    !value || typeof value !== "object" || (Object.isFrozen(value) && Object.values(value).every(frozenThroughout));

  test("equals one JSON round trip of any object, and is frozen throughout", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.object({ maxDepth: 3, maxKeys: 5, values: [fc.anything({ maxDepth: 3, maxKeys: 5 })] }),
          fc.array(fc.anything({ maxDepth: 3, maxKeys: 5 })),
        ),
        (value) => {
          const copy = frozenJson(value);
          expect(copy).toStrictEqual(roundTrip(value));
          expect(frozenThroughout(copy)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  test("leaves out, or writes null or 0, what JSON does; keeps a `__proto__` field a field", () => {
    const value = {
      gone: undefined,
      run: () => 1,
      list: [undefined, () => 1, Symbol("s"), Number.NaN, -Infinity, -0, 1],
      sparse: Object.assign([], { 1: "b" }),
      zero: -0,
      bare: Object.assign(Object.create(null), { a: 1 }),
      ...JSON.parse('{"__proto__": {"polluted": true}}'),
    };
    const copy = frozenJson(value);
    expect(copy).toStrictEqual(roundTrip(value));
    expect(Object.keys(copy)).toEqual(Object.keys(roundTrip(value) as object));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(frozenThroughout(copy)).toBe(true);
  });

  test("writes a Date, a Map and a toJSON's value as JSON does", () => {
    const value = { at: new Date(0), byId: new Map([["1", 1]]), own: { toJSON: () => "mine" }, list: [new Date(1)] };
    const copy = frozenJson(value);
    expect(copy).toStrictEqual(roundTrip(value));
    expect(frozenThroughout(copy)).toBe(true);
  });

  test("refuses a cycle as JSON does, and copies a value nested deeper than any body", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => frozenJson(cycle)).toThrow(TypeError);
    let deep: unknown = "bottom";
    for (let i = 0; i < 1_000; i++) deep = { inner: [deep] };
    expect(frozenJson(deep as object)).toStrictEqual(roundTrip(deep));
  });
});
