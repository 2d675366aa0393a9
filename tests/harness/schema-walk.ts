// Walks a request schema down to every constrained value, resolving $ref, allOf and (for
// oneOf/anyOf) the branch the valid request actually uses.
import { resolve, type JsonObject, type OpenApiDocument } from "./spec";

export interface SchemaSite {
  /** Path from the root of the value: property names, and 0 for "the first array item". */
  path: (string | 0)[];
  schema: JsonObject;
}

export type BranchPicker = (branches: JsonObject[], value: unknown) => JsonObject | undefined;

function merged(spec: OpenApiDocument, node: JsonObject, value: unknown, pick: BranchPicker): JsonObject {
  let schema = resolve(spec, node);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonObject[]).map((part) => merged(spec, part, value, pick));
    schema = parts.reduce<JsonObject>(
      (all, part) => ({
        ...all,
        ...part,
        properties: { ...((all.properties ?? {}) as JsonObject), ...((part.properties ?? {}) as JsonObject) },
        required: [...((all.required ?? []) as string[]), ...((part.required ?? []) as string[])],
      }),
      {},
    );
  }
  const branches = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (branches) {
    // An optional property the valid request leaves out uses no branch, so none is probed.
    if (value === undefined) return schema;
    // An anyOf with a bare branch of the value's type (known names, or any string: WebhookTriggerName)
    // accepts whatever breaks its other branches, so only that bare branch constrains the value.
    const open = schema.anyOf ? openBranch(spec, schema.anyOf as JsonObject[], value) : undefined;
    if (open) return open;
    const branch = pick(branches, value);
    if (!branch) throw new Error("the valid request matches no oneOf/anyOf branch of its schema");
    return merged(spec, branch, value, pick);
  }
  return schema;
}

function openBranch(spec: OpenApiDocument, branches: JsonObject[], value: unknown): JsonObject | undefined {
  return branches
    .map((branch) => resolve(spec, branch))
    .find((branch) => typeof value === branch.type && Object.keys(branch).every((key) => key === "type" || key === "description"));
}

/** Every schema site under `root`, depth-first, the root itself included. */
export function schemaSites(spec: OpenApiDocument, root: JsonObject, value: unknown, pick: BranchPicker, maxDepth = 4): SchemaSite[] {
  const sites: SchemaSite[] = [];
  const visit = (node: JsonObject, at: unknown, path: (string | 0)[]) => {
    const schema = merged(spec, node, at, pick);
    sites.push({ path, schema });
    if (path.length >= maxDepth) return;
    if (schema.type === "object" || schema.properties) {
      for (const [name, sub] of Object.entries((schema.properties ?? {}) as JsonObject)) {
        visit(sub as JsonObject, (at as Record<string, unknown> | undefined)?.[name], [...path, name]);
      }
    }
    if (schema.type === "array" && schema.items) visit(schema.items as JsonObject, (at as unknown[] | undefined)?.[0], [...path, 0]);
  };
  visit(root, value, []);
  return sites;
}

/** A copy of `root` with `value` placed at `path`, creating the objects and arrays on the way. */
export function setAt(root: unknown, path: (string | 0)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (head === 0) {
    const list = Array.isArray(root) ? [...root] : [];
    list[0] = setAt(list[0], rest, value);
    return list;
  }
  const object = root && typeof root === "object" && !Array.isArray(root) ? { ...(root as object) } : {};
  (object as Record<string, unknown>)[head!] = setAt((object as Record<string, unknown>)[head!], rest, value);
  return object;
}
