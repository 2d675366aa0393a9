import type { Config } from "jest";

const transform: Config["transform"] = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: { module: "commonjs", moduleResolution: "node10", isolatedModules: true } }],
};
// Sources import with `.js` extensions (Node ESM style); Jest resolves them to the `.ts` files.
const moduleNameMapper = { "^(\\.{1,2}/.*)\\.js$": "$1" };
/** The tests that call the shared Prism mock, or start Prism processes of their own. */
const CONTRACT = ["<rootDir>/tests/contract/**/*.test.ts", "<rootDir>/tests/docs/examples.test.ts"];

const config: Config = {
  reporters: ["default", "<rootDir>/tests/harness/summary-reporter.js", "<rootDir>/tests/harness/contract-summary-reporter.js"],
  // Contract cases are independent requests and run concurrently (test.concurrent), this many at a time.
  maxConcurrency: 8,
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      roots: ["<rootDir>/tests"],
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/tests/contract/", "<rootDir>/tests/docs/examples\\.test\\.ts$"],
      transform,
      moduleNameMapper,
    },
    {
      displayName: "contract",
      testEnvironment: "node",
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
