// The README quotes the benchmark headline that `npm run bench` writes into BENCHMARKS.md; a
// re-run that moves the numbers must move the quote too.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

test("README.md quotes BENCHMARKS.md's headline as it is", () => {
  const benchmarks = readFileSync(join(root, "BENCHMARKS.md"), "utf8");
  const quote = /For the README \(quote as is\):\n\n> (.+)\n/.exec(benchmarks)?.[1];
  expect(quote).toEqual(expect.any(String));
  expect(readFileSync(join(root, "README.md"), "utf8")).toContain(`> ${quote}`);
});
