/**
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "node10"}}
 */
// One fake for the whole run: started once in globalSetup, driven from each test file (each in its
// own worker process) through connectFake, closed in globalTeardown. Run it with
// `npx jest --config examples/jest-global-fake/jest.config.ts`.
import type { Config } from "jest";

const root = "<rootDir>/../..";

const config: Config = {
  rootDir: __dirname,
  testEnvironment: "node",
  testMatch: ["<rootDir>/*.test.ts"],
  globalSetup: "<rootDir>/global-setup.ts",
  globalTeardown: "<rootDir>/global-teardown.ts",
  // Your project's own TypeScript transform goes here (ts-jest, @swc/jest); this repository's is esbuild.
  transform: { "^.+\\.ts$": `${root}/tests/harness/esbuild-transform.js` },
  // In your project, chat-rest-sdk resolves from node_modules; here it is the sources.
  moduleNameMapper: {
    "^(\\.{1,2}/.*)\\.js$": "$1",
    "^chat-rest-sdk$": `${root}/src/index.ts`,
    "^chat-rest-sdk/(.*)$": `${root}/src/$1/index.ts`,
  },
};

export default config;
