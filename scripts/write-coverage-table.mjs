// `node scripts/write-coverage-table.mjs <bundled spec> <README>`: writes the table of covered
// operations between the README's coverage markers, so that it is derived from the spec, never kept by hand.
import { readFileSync, writeFileSync } from "node:fs";
import { operationsByTag } from "./spec-operations.mjs";

const START = "<!-- coverage:start (written by `npm run generate` from the spec; do not edit) -->";
const END = "<!-- coverage:end -->";

const [specFile, readmeFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, "utf8"));
const readme = readFileSync(readmeFile, "utf8");
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) {
  console.error(`${readmeFile}: the coverage markers are missing; put these two lines where the table belongs:\n${START}\n${END}`);
  process.exit(1);
}

const groups = operationsByTag(spec);
const rows = groups.flatMap(({ tag, operations }) =>
  operations.map((op) => `| ${tag} | \`${op.method} ${op.path}\` | \`${op.operationId}\` | ${op.summary} | ${op.onBehalfOf} |`),
);
const table = ["| tag | operation | operationId | summary | `onBehalfOf` |", "|---|---|---|---|---|", ...rows].join("\n");
writeFileSync(readmeFile, `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`);
// An operation with two tags has two rows but is one operation.
const count = new Set(groups.flatMap(({ operations }) => operations.map((op) => `${op.method} ${op.path}`))).size;
console.log(`${readmeFile}: coverage table of ${count} operation${count === 1 ? "" : "s"} in ${groups.length} tags.`);
