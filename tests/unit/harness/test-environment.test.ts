// The test environment (tests/harness/test-environment.js): Ajv, ajv-formats and find-my-way are
// loaded once per Jest worker and shared by its test files (a test file gets the worker's copy, and
// every name the environment shares is mapped to it); an AsyncLocalStorage made while a test file
// runs is disabled when the file ends.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import config from "../../../jest.config";

const root = join(__dirname, "..", "..", "..");
const SHARED_MODULES = require("../../harness/shared-modules/names.js") as string[];
const fromWorker = (globalThis as Record<symbol, (name: string) => unknown>)[Symbol.for("chat-rest-sdk.tests.shared-modules")];

test.each(SHARED_MODULES)("%s is the worker's copy", (name) => {
  expect(require(name)).toBe(fromWorker!(name));
  expect(require.resolve(name)).toBe(join(root, "tests", "harness", "shared-modules", `${name.replaceAll("/", "-")}.js`));
});

test("both projects run in the environment, and map exactly the names it shares", () => {
  const projects = (config.projects ?? []) as {
    displayName: string;
    testEnvironment?: string;
    moduleNameMapper?: Record<string, string>;
  }[];
  for (const project of projects) {
    expect([project.displayName, project.testEnvironment]).toEqual([project.displayName, "<rootDir>/tests/harness/test-environment.js"]);
    const patterns = Object.keys(project.moduleNameMapper ?? {}).map((pattern) => new RegExp(pattern));
    // Each shared name is mapped by exactly one pattern, and no other library by any of those.
    const sharing = SHARED_MODULES.map((name) => patterns.filter((pattern) => pattern.test(name)));
    expect(sharing.map((found) => found.length)).toEqual(SHARED_MODULES.map(() => 1));
    for (const other of ["ajv/dist/core", "ajv/dist/standalone/index", "fast-uri", "chat-rest-sdk"]) {
      expect([other, sharing.some(([pattern]) => pattern!.test(other))]).toEqual([other, false]);
    }
  }
});

test("the environment shares only the libraries it names", () => {
  expect(() => fromWorker!("chat-rest-sdk")).toThrow("chat-rest-sdk is not one of the shared modules");
});

test("an AsyncLocalStorage made while a test file runs is disabled when the file ends, and no other", async () => {
  // Outside Jest, in a process of its own: the environment changes what node:async_hooks exports
  // for the whole worker, once, which a test file inside it cannot set up afresh.
  const script = `
    const Environment = require(${JSON.stringify(join(root, "tests", "harness", "test-environment.js"))});
    const { AsyncLocalStorage } = require("node:async_hooks");
    const storeLater = (storage, store) => new Promise((done) => storage.run(store, () => setTimeout(() => done(storage.getStore() ?? null), 20)));
    (async () => {
      const before = new AsyncLocalStorage();
      const environment = new Environment(
        { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } },
        { console, docblockPragmas: {}, testPath: "file.test.ts" },
      );
      await environment.setup();
      const made = new AsyncLocalStorage();
      const seen = [storeLater(made, "made"), storeLater(before, "before")];
      await environment.teardown();
      console.log(JSON.stringify(await Promise.all(seen)));
    })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { cwd: root });
  expect(JSON.parse(stdout)).toEqual([null, "before"]);
});
