// Type-checks every ```ts block of README.md against src/, under the package's own name, so
// the documentation cannot drift from the API. Each block becomes a file by the rules the
// packed-package test compiles it by (tests/package/doc-snippets.ts, bundled here): a block that
// imports stands as it is; a fragment gets the imports of the package's exports it uses and the
// clients it may rely on (`chat`, `calls`, `fake`). The code is wrapped in an async function,
// since README snippets use top-level await.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";

const root = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..");
const ts = createRequire(import.meta.url)("typescript");
const out = join(root, ".tmp", "readme");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const rules = join(root, ".tmp", "doc-snippets.mjs");
buildSync({
  entryPoints: [join(root, "tests", "package", "doc-snippets.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: rules,
  logLevel: "silent",
});
const { snippetText, typeScriptBlocks } = await import(pathToFileURL(rules).href);

/** The names each entry point of package.json's `exports` exports, read from its source. */
function exportsByEntry() {
  const entries = Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports)
    .filter((key) => !/\.(json|ya?ml)$/.test(key))
    .map((key) => [
      key === "." ? "chat-rest-sdk" : `chat-rest-sdk/${key.slice(2)}`,
      join(root, "src", key === "." ? "" : key.slice(2), "index.ts"),
    ]);
  const program = ts.createProgram(
    entries.map(([, file]) => file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true },
  );
  const checker = program.getTypeChecker();
  return new Map(
    entries.map(([specifier, file]) => {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
      return [specifier, symbol ? checker.getExportsOfModule(symbol).map((exported) => exported.name) : []];
    }),
  );
}

const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = typeScriptBlocks(readme);
const exported = exportsByEntry();
blocks.forEach(({ code }, i) => {
  const lines = snippetText(code, exported)
    .split("\n")
    .filter((line) => line !== "export {};");
  const head = (line) => line.startsWith("import ") || line.startsWith("declare const ");
  writeFileSync(
    join(out, `snippet-${i + 1}.ts`),
    `${lines.filter(head).join("\n")}\n\nexport async function snippet${i + 1}() {\n${lines.filter((line) => !head(line)).join("\n")}\n}\n`,
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
