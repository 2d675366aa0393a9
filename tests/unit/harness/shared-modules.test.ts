// Ajv, ajv-formats and find-my-way are loaded once per Jest worker and shared by its test files
// (tests/harness/shared-modules-environment.js): a test file gets the worker's copy, and every
// name the environment shares is mapped to it.
import { join } from "node:path";
import config from "../../../jest.config";

const root = join(__dirname, "..", "..", "..");
const { SHARED_MODULES } = require("../../harness/shared-modules-environment.js") as { SHARED_MODULES: string[] };
const fromWorker = (globalThis as Record<symbol, (name: string) => unknown>)[Symbol.for("chat-rest-sdk.tests.shared-modules")];

test.each(SHARED_MODULES)("%s is the worker's copy", (name) => {
  expect(require(name)).toBe(fromWorker!(name));
  expect(require.resolve(name)).toBe(join(root, "tests", "harness", "shared-modules", `${name}.js`));
});

test("both projects run in the environment, and map exactly the names it shares", () => {
  const projects = (config.projects ?? []) as {
    displayName: string;
    testEnvironment?: string;
    moduleNameMapper?: Record<string, string>;
  }[];
  for (const project of projects) {
    expect([project.displayName, project.testEnvironment]).toEqual([
      project.displayName,
      "<rootDir>/tests/harness/shared-modules-environment.js",
    ]);
    const mapped = Object.keys(project.moduleNameMapper ?? {}).filter((pattern) => new RegExp(pattern).test("ajv"));
    expect(mapped).toHaveLength(1);
    const pattern = new RegExp(mapped[0]!);
    expect(SHARED_MODULES.every((name) => pattern.test(name))).toBe(true);
    expect(["ajv/dist/core", "fast-uri", "chat-rest-sdk"].some((name) => pattern.test(name))).toBe(false);
  }
});

test("the environment shares only the libraries it names", () => {
  expect(() => fromWorker!("chat-rest-sdk")).toThrow("chat-rest-sdk is not one of the shared modules");
});
