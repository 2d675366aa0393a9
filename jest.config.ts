/**
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "node10"}}
 */
// Jest loads this file through ts-node, transpiled only: type-checking it cost seconds of every
// Jest start, and `npm test` type-checks it with everything else (tsc -p tsconfig.json).
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Config } from "jest";

// The fake and the answer checker keep the code of each validator Ajv compiles (see
// src/testing/fake/spec/compile-cache.ts): the test files after the first that compiles a schema
// read its code instead of compiling it again, in every worker. Set here, the workers inherit it.
process.env.CHAT_REST_FAKE_COMPILE_CACHE ??= join(__dirname, "node_modules", ".cache", "chat-rest-fake-compiled");

const transform: Config["transform"] = {
  "^.+\\.ts$": "<rootDir>/tests/harness/esbuild-transform.js",
  // msw 2 (an optional peer, tested here) loads dependencies that ship only ES modules; Jest on Node 20 cannot require them.
  "/node_modules/(rettime|until-async|@open-draft|@mswjs|strict-event-emitter|outvariant|is-node-process|headers-polyfill)/.+\\.m?js$":
    "<rootDir>/tests/harness/esbuild-transform.js",
};
/** Everything in node_modules is left as it is, except the ES-module-only dependencies above. */
const transformIgnorePatterns = [
  "/node_modules/(?!(rettime|until-async|@open-draft|@mswjs|strict-event-emitter|outvariant|is-node-process|headers-polyfill)/)",
];
// Sources import with `.js` extensions (Node ESM style); Jest resolves them to the `.ts` files. The
// package's own names (as the helpers and the examples import them) are the sources too:
// chat-rest-sdk/helpers is src/helpers/index.ts, and so on for every entry point.
const moduleNameMapper = {
  "^(\\.{1,2}/.*)\\.js$": "$1",
  "^chat-rest-sdk$": "<rootDir>/src/index.ts",
  "^chat-rest-sdk/([a-z-]+)$": "<rootDir>/src/$1/index.ts",
  // Loaded once per worker and shared by its test files: see tests/harness/test-environment.js.
  "^(ajv|ajv-formats|find-my-way)$": "<rootDir>/tests/harness/shared-modules/$1.js",
  "^ajv/dist/standalone$": "<rootDir>/tests/harness/shared-modules/ajv-dist-standalone.js",
};
/** Jest's node environment, with the libraries above shared by the test files of a worker. */
const testEnvironment = "<rootDir>/tests/harness/test-environment.js";
/** Jest's runtime, whose compiles of a module read the code cache of its earlier compile in the worker. */
const runtime = "<rootDir>/tests/harness/test-runtime.js";
/** The tests that call the shared Prism mock, or start Prism processes of their own. */
const CONTRACT = ["<rootDir>/tests/contract/**/*.test.ts", "<rootDir>/tests/docs/examples.test.ts"];

const config: Config = {
  reporters: ["default", "<rootDir>/tests/harness/summary-reporter.js", "<rootDir>/tests/harness/contract-summary-reporter.js"],
  // Contract cases are independent requests and run concurrently (test.concurrent), this many at a time.
  maxConcurrency: 8,
  // Jest's default is one worker fewer than the cores, which on a two-core machine means a single
  // process for every file. One more worker than the cores keeps them busy: much of a file's time
  // is spent waiting, on a child process (a Prism start, tsc, npm) or a timer, which the others
  // fill. On two cores, three workers ran the suites in 168 s and 171 s, two in 206 s and 184 s,
  // alternating back to back. Four left the cores idle less (8 s of a run against 24–32 s) but
  // spent 20–30 s more CPU on the same work, and the runs took no less.
  maxWorkers: availableParallelism() + 1,
  testSequencer: "<rootDir>/tests/harness/test-sequencer.js",
  // The timeout catches a hung test (a mock that never answers), not a slow one: on a machine
  // busy with other work a healthy test takes several times as long, and a contract case waits
  // its turn at the one Prism, which serves a request at a time. A test sets a longer one only
  // when it needs longer even on an idle machine (it packs the package, or starts several processes).
  testTimeout: 120_000,
  projects: [
    {
      displayName: "unit",
      testEnvironment,
      runtime,
      roots: ["<rootDir>/tests"],
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/tests/contract/", "<rootDir>/tests/docs/examples\\.test\\.ts$"],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
    {
      displayName: "contract",
      testEnvironment,
      runtime,
      roots: ["<rootDir>/tests"],
      testMatch: CONTRACT,
      testPathIgnorePatterns: ["/node_modules/"],
      transform,
      moduleNameMapper,
      // Only this project's tests need the shared Prism: Jest runs a project's global setup
      // only when at least one of its tests is selected, so a unit-test run starts no Prism.
      globalSetup: "<rootDir>/tests/harness/global-setup.ts",
      globalTeardown: "<rootDir>/tests/harness/global-teardown.ts",
    },
  ],
};

export default config;
