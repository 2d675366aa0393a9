// Type-checks every ```ts block of README.md against src/, under the package's own name, so
// the documentation cannot drift from the API. Imports stay at the top; the rest of a block is
// wrapped in an async function, since README snippets use top-level await.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..");
const out = join(root, ".tmp", "readme");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
blocks.forEach((code, i) => {
  const lines = code.split("\n");
  const imports = lines.filter((line) => line.startsWith("import "));
  const body = lines.filter((line) => !line.startsWith("import "));
  writeFileSync(
    join(out, `snippet-${i + 1}.ts`),
    `${imports.join("\n")}\n\nexport async function snippet${i + 1}() {\n${body.join("\n")}\n}\n`,
  );
});
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({ extends: "../../examples/tsconfig.json", compilerOptions: { noUnusedLocals: false }, include: ["."] }),
);
try {
  execFileSync(join(root, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", out], { stdio: "inherit" });
} catch {
  console.error(`README.md: a TypeScript snippet does not compile (extracted to ${out}).`);
  process.exit(1);
}
console.log(`Type check: the ${blocks.length} TypeScript snippets of README.md compile.`);

// The README quotes the benchmark headline that `npm run bench` writes into BENCHMARKS.md; a
// re-run that moves the numbers must move the quote too.
const benchmarks = readFileSync(join(root, "BENCHMARKS.md"), "utf8");
const quote = /For the README \(quote as is\):\n\n> (.+)\n/.exec(benchmarks)?.[1];
if (!quote) {
  console.error("BENCHMARKS.md: the headline for the README is missing; run `npm run bench`.");
  process.exit(1);
}
if (!readme.includes(quote)) {
  console.error(`README.md must quote BENCHMARKS.md's headline as is:\n${quote}`);
  process.exit(1);
}
console.log("README.md quotes the headline of BENCHMARKS.md.");
