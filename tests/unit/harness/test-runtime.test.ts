// Jest's runtime (tests/harness/test-runtime.js) and the code cache it compiles with
// (tests/harness/code-cache.js): a module compiled again in the same worker reads V8's cache of its
// earlier compile, and runs as a copy of its own all the same.
import { createContext } from "node:vm";
import config from "../../../jest.config";

const { cachedCompileFunction } = require("../../harness/code-cache.js") as {
  cachedCompileFunction(): {
    compile(code: string, params: string[], options?: { filename?: string; parsingContext?: object }): (...args: unknown[]) => unknown;
    counts: { made: number; used: number; rejected: number };
  };
};
type Counts = { made: number; used: number; rejected: number };
const workerCounts = () => ({ ...(globalThis as Record<symbol, Counts>)[Symbol.for("chat-rest-sdk.tests.code-cache-counts")]! });

test("both projects run in the runtime", () => {
  const projects = (config.projects ?? []) as { displayName: string; runtime?: string }[];
  expect(projects.map((project) => [project.displayName, project.runtime])).toEqual(
    projects.map((project) => [project.displayName, "<rootDir>/tests/harness/test-runtime.js"]),
  );
});

test("a module loaded again in the worker compiles from the code cache, and is a copy of its own", () => {
  const loadFresh = () => {
    let loaded: unknown;
    jest.isolateModules(() => {
      loaded = require("../../../src/errors/redact");
    });
    return loaded as { redactValue: unknown };
  };
  const first = loadFresh();
  const before = workerCounts();
  const second = loadFresh();
  const after = workerCounts();
  expect(after.used).toBeGreaterThan(before.used);
  expect(after.rejected).toBe(before.rejected);
  expect(second).not.toBe(first);
  expect(second.redactValue).not.toBe(first.redactValue);
  expect(typeof second.redactValue).toBe("function");
});

describe("cachedCompileFunction", () => {
  test("the second compile of a source reads the cache the first made, in another context", () => {
    const { compile, counts } = cachedCompileFunction();
    const source = "return [a * 2, typeof globalThis.marker];";
    const one = compile(source, ["a"], { filename: "/virtual/double.js", parsingContext: createContext({ marker: 1 }) });
    const two = compile(source, ["a"], { filename: "/virtual/double.js", parsingContext: createContext({ marker: "x" }) });
    expect([one(21), two(4)]).toEqual([
      [42, "number"],
      [8, "string"],
    ]);
    expect(counts).toEqual({ made: 1, used: 1, rejected: 0 });
  });

  test("a changed source under the same file name compiles afresh, even of the same length", () => {
    const { compile, counts } = cachedCompileFunction();
    const file = { filename: "/virtual/answer.js" };
    expect(compile("return 1 + 1;", [], file)()).toBe(2);
    expect(compile("return 3 + 4;", [], file)()).toBe(7);
    expect(compile("return 3 + 4;", [], file)()).toBe(7);
    expect(counts).toEqual({ made: 2, used: 1, rejected: 0 });
  });

  test("a compile without a file name is neither cached nor read from a cache", () => {
    const { compile, counts } = cachedCompileFunction();
    expect(compile("return 5;", [])()).toBe(5);
    expect(compile("return 5;", [])()).toBe(5);
    expect(counts).toEqual({ made: 0, used: 0, rejected: 0 });
  });
});
