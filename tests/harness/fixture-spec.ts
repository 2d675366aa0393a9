// Operations added to the spec that no test file names: a few of the real spec's operations,
// copied under numbered paths, operationIds and tags. The shared mock serves them beside the real
// spec (global-setup.ts), and the contract suite runs on them with no line of test code of their
// own. Each copy names its source operation in `x-source-operation`, whose valid request it reuses.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { resolve, type JsonObject, type OpenApiDocument } from "./spec";

/** The extension naming the real operation a fixture operation was copied from. */
export const SOURCE_OPERATION = "x-source-operation";

/**
 * What the fixture copies: one operation per API and per kind of input (query parameters, a JSON
 * body, a path parameter), each of which gets its valid request from the spec's examples alone.
 */
export const FIXTURE_SOURCES = ["list-users", "create-user", "retrieve-call-details", "create-app"] as const;
export const FIXTURE_COPIES = 2;

/** Where the global setup writes the spec the shared mock serves: the real one plus the fixture. */
export const MOCK_SPEC_FILE = join(__dirname, "..", "..", ".tmp", "contract-mock", "openapi.json");

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** `copies` copies of the `sources` operations of `spec`, and no other path; components are shared. */
export function fixtureSpec(spec: OpenApiDocument, sources: readonly string[] = FIXTURE_SOURCES, copies = FIXTURE_COPIES): OpenApiDocument {
  const paths: JsonObject = {};
  const tags: JsonObject[] = [];
  const originalTags = (spec.tags ?? []) as JsonObject[];
  for (let copy = 1; copy <= copies; copy++) {
    const suffix = String(copy).padStart(3, "0");
    const used = new Set<string>();
    for (const [path, itemNode] of Object.entries(spec.paths)) {
      const item = resolve(spec, itemNode);
      const copied: JsonObject = {};
      for (const method of HTTP_METHODS) {
        const op = item[method] as JsonObject | undefined;
        if (!op || !sources.includes(op.operationId as string)) continue;
        for (const tag of (op.tags ?? []) as string[]) used.add(tag);
        copied[method] = {
          ...op,
          operationId: `${op.operationId}-${suffix}`,
          tags: ((op.tags ?? []) as string[]).map((tag) => `${tag} ${suffix}`),
          [SOURCE_OPERATION]: op.operationId as string,
        };
      }
      if (Object.keys(copied).length === 0) continue;
      if (item.parameters) copied.parameters = item.parameters;
      paths[`/fixture-${suffix}${path}`] = copied;
    }
    for (const tag of originalTags) if (used.has(tag.name as string)) tags.push({ ...tag, name: `${tag.name} ${suffix}` });
  }
  return { ...spec, tags, paths };
}

/** The real spec with the fixture's operations added: what the shared mock serves. */
export function specWithFixture(spec: OpenApiDocument): OpenApiDocument {
  const fixture = fixtureSpec(spec);
  return {
    ...spec,
    tags: [...((spec.tags ?? []) as JsonObject[]), ...(fixture.tags as JsonObject[])],
    paths: { ...spec.paths, ...fixture.paths },
  };
}

/** Writes `document` to `file`, making its folder. */
export function writeSpec(document: OpenApiDocument, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(document));
}
