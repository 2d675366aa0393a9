// The files the sequencer starts first exist, so a file renamed or moved away is not silently left
// to start last; and they do start first, in their order, whatever Jest's own order.
import { existsSync } from "node:fs";
import { join } from "node:path";

const Sequencer = require("../../harness/test-sequencer.js");
const root = join(__dirname, "..", "..", "..");

test("every file the sequencer starts first exists", () => {
  expect((Sequencer.LONGEST as string[]).filter((file) => !existsSync(join(root, file)))).toEqual([]);
});

test("starts the longest files first, in their order, then the others in Jest's order", () => {
  const context = { config: { rootDir: root, cache: false }, hasteFS: { getSize: (path: string) => path.length } };
  const test = (file: string) => ({ path: join(root, file), context });
  const tests = [
    "tests/unit/a.test.ts",
    "tests/contract/operations.test.ts",
    "tests/unit/bb.test.ts",
    "tests/package/packed-package.test.ts",
  ].map(test);
  const order = new Sequencer({}).sort(tests).map((t: { path: string }) => t.path.slice(root.length + 1));
  expect(order).toEqual([
    "tests/package/packed-package.test.ts",
    "tests/contract/operations.test.ts",
    "tests/unit/bb.test.ts",
    "tests/unit/a.test.ts",
  ]);
});

test("starts the replay of the recorded journey after every other file", () => {
  expect((Sequencer.LAST as string[]).filter((file) => !existsSync(join(root, file)))).toEqual([]);
  const context = { config: { rootDir: root, cache: false }, hasteFS: { getSize: (path: string) => path.length } };
  const test = (file: string) => ({ path: join(root, file), context });
  const tests = ["tests/verify/journey-replay.test.ts", "tests/unit/a.test.ts", "tests/package/packed-package.test.ts"].map(test);
  const order = new Sequencer({}).sort(tests).map((t: { path: string }) => t.path.slice(root.length + 1));
  expect(order).toEqual(["tests/package/packed-package.test.ts", "tests/unit/a.test.ts", "tests/verify/journey-replay.test.ts"]);
});
