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
  writeFileSync(join(out, `snippet-${i + 1}.ts`), `${imports.join("\n")}\n\nexport async function snippet${i + 1}() {\n${body.join("\n")}\n}\n`);
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
