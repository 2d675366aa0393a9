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

// The headline and the README's quote restate the size that section 3's table measured; a table
// re-run without them (or a headline edited by hand) fails here.
test("BENCHMARKS.md's headline and quote state the whole SDK's size as its size table measured it", () => {
  const benchmarks = readFileSync(join(root, "BENCHMARKS.md"), "utf8");
  const measured = /^\| whole SDK: wrapper \+ openapi-fetch[^|]*\| [\d.]+ kB \| ([\d.]+ kB) \|/m.exec(benchmarks)?.[1];
  const headline = /^\| Whole SDK \(openapi-fetch included\)[^|]*\| ([\d.]+ kB);/m.exec(benchmarks)?.[1];
  const quoted = /The whole SDK, openapi-fetch included, is ([\d.]+ kB) \(min \+ gzip\)/.exec(benchmarks)?.[1];
  expect(measured).toEqual(expect.stringMatching(/kB$/));
  expect({ headline, quoted }).toEqual({ headline: measured, quoted: measured });
});
