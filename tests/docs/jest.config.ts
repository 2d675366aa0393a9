/**
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "node10"}}
 */
import type { Config } from "jest";

// The browser checks of the built docs: `npm run test:docs`, in .ci/run. They need Chromium and a
// docs build, so `npm test` (whose Jest matches *.test.ts only) leaves them out.
const config: Config = {
  rootDir: "../..",
  testEnvironment: "node",
  roots: ["<rootDir>/tests/docs"],
  testMatch: ["**/*.browser.ts"],
  reporters: ["default", "<rootDir>/tests/harness/summary-reporter.js"],
  transform: { "^.+\\.ts$": "<rootDir>/tests/harness/esbuild-transform.js" },
};

export default config;
