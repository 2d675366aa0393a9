// A spec the size the real one is growing to, built from the real one: every operation is
// copied under numbered paths, operationIds and tags. The contract suite runs on it to prove
// that it scales with the number of operations. Each copy names its source operation in
// `x-source-operation`, whose valid request it reuses.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { resolve, type JsonObject, type OpenApiDocument } from "./spec";

/** The extension naming the real operation a fixture operation was copied from. */
export const SOURCE_OPERATION = "x-source-operation";

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** `copies` copies of every operation of `spec`, and nothing else; components are shared. */
export function multipliedSpec(spec: OpenApiDocument, copies: number): OpenApiDocument {
  const paths: JsonObject = {};
  const tags: JsonObject[] = [];
  const originalTags = (spec.tags ?? []) as JsonObject[];
  for (let copy = 1; copy <= copies; copy++) {
    const suffix = String(copy).padStart(3, "0");
    for (const tag of originalTags) tags.push({ ...tag, name: `${tag.name} ${suffix}` });
    for (const [path, itemNode] of Object.entries(spec.paths)) {
      const item = { ...resolve(spec, itemNode) };
      for (const method of HTTP_METHODS) {
        const op = item[method] as JsonObject | undefined;
        if (!op) continue;
        item[method] = {
          ...op,
          operationId: `${op.operationId}-${suffix}`,
          tags: ((op.tags ?? []) as string[]).map((tag) => `${tag} ${suffix}`),
          [SOURCE_OPERATION]: op.operationId as string,
        };
      }
      paths[`/fixture-${suffix}${path}`] = item;
    }
  }
  return { ...spec, tags, paths };
}

/** Writes `multipliedSpec(spec, copies)` to `file` and returns it. */
export function writeMultipliedSpec(spec: OpenApiDocument, copies: number, file: string): OpenApiDocument {
  const fixture = multipliedSpec(spec, copies);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(fixture));
  return fixture;
}
