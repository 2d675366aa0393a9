// `node scripts/docs-spec.mjs <bundled spec> <out>`: the spec as the REST reference shows it. Tags
// that no operation uses are dropped, so that the sidebar lists only what the SDK can call, and the
// webhook events of `x-webhooks` that a receiver handles.
import { readFileSync, writeFileSync } from "node:fs";
import { operationsByTag } from "./spec-operations.mjs";

const [specFile, outFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, "utf8"));
const used = new Set(operationsByTag(spec).map((group) => group.tag));
for (const item of Object.values(spec["x-webhooks"] ?? {})) for (const tag of item.post?.tags ?? []) used.add(tag);
spec.tags = (spec.tags ?? []).filter((tag) => used.has(tag.name));
if (spec["x-tagGroups"]) {
  spec["x-tagGroups"] = spec["x-tagGroups"]
    .map((group) => ({ ...group, tags: group.tags.filter((name) => used.has(name)) }))
    .filter((group) => group.tags.length > 0);
}
writeFileSync(outFile, JSON.stringify(spec, null, 2));
