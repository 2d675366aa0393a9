import type { Config } from "jest";

const config: Config = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: { module: "commonjs", moduleResolution: "node10", isolatedModules: true } }] },
  // Sources import with `.js` extensions (Node ESM style); Jest resolves them to the `.ts` files.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  reporters: ["default", "<rootDir>/tests/harness/summary-reporter.js", "<rootDir>/tests/harness/contract-summary-reporter.js"],
  globalSetup: "<rootDir>/tests/harness/global-setup.ts",
  globalTeardown: "<rootDir>/tests/harness/global-teardown.ts",
};

export default config;
