// `node scripts/write-fake-operations.mjs <bundled spec> <README>`: writes, between the README's
// fake-operations markers, which operations the stateful fake answers from the spec's examples.
// The operations it keeps state for are the keys of its handler tables
// (src/testing/fake/model/handlers.ts), read by bundling that module with esbuild: never a list kept by hand.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import { operationsByTag } from "./spec-operations.mjs";

const [specFile, readmeFile] = process.argv.slice(2);
if (!specFile || !readmeFile) {
  console.error("usage: node scripts/write-fake-operations.mjs <bundled spec> <README>");
  process.exit(1);
}
const MARKERS = ["<!-- fake-operations:start -->", "<!-- fake-operations:end -->"];

async function modeledOperations() {
  const root = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..");
  const out = await build({
    entryPoints: [join(root, "src/testing/fake/model/handlers.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "warning",
  });
  const module = { exports: {} };
  new Function("module", "exports", "require", out.outputFiles[0].text)(module, module.exports, createRequire(join(root, "package.json")));
  return new Set(module.exports.MODELED_OPERATIONS);
}

const spec = JSON.parse(readFileSync(specFile, "utf8"));
const modeled = await modeledOperations();
const groups = operationsByTag(spec);
const all = new Set(groups.flatMap(({ operations }) => operations.map((op) => op.operationId)));
for (const id of modeled) if (!all.has(id)) throw new Error(`the fake models ${id}, which the spec does not have`);
const seen = new Set();
const parts = [];
for (const { tag, operations } of groups) {
  const fresh = operations.filter((op) => !seen.has(op.operationId));
  for (const op of fresh) seen.add(op.operationId);
  const examples = fresh.filter((op) => !modeled.has(op.operationId));
  if (!examples.length) continue;
  parts.push(
    examples.length === fresh.length
      ? `${tag} (all ${fresh.length})`
      : `${tag} (${examples.map((op) => `\`${op.operationId}\``).join(", ")})`,
  );
}
const fromExamples = all.size - modeled.size;
const block = `${MARKERS[0]}
It keeps state for ${modeled.size} of the spec's ${all.size} operations. The other ${fromExamples} answer from the spec's examples, as the mock does: ${parts.join(", ")}.
${MARKERS[1]}`;
const readme = readFileSync(readmeFile, "utf8");
const from = readme.indexOf(MARKERS[0]);
const to = readme.indexOf(MARKERS[1], from);
if (from === -1 || to === -1) {
  console.error(`${readmeFile}: the fake-operations markers are missing; add them to the section on the fake.`);
  process.exit(1);
}
writeFileSync(readmeFile, readme.slice(0, from) + block + readme.slice(to + MARKERS[1].length));
console.log(`${readmeFile}: the fake models ${modeled.size} operations; ${fromExamples} answer from examples.`);
