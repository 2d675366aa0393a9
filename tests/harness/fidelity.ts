// Compares our operations with the vendor's published OpenAPI files, field by field, so every
// difference is either fixed or written down (tests/contract/fidelity-allowlist.ts).
import { operationsOf, resolve, type JsonObject, type OpenApiDocument } from "./spec";

/** The facts of one operation that must agree with the vendor. */
export interface Fingerprint {
  operationId: string;
  /** `in name` -> required. Header names in lower case: HTTP does not distinguish. */
  parameters: Map<string, boolean>;
  /** `in name` -> the parameter's schema type (`array` or a scalar type), "" when it declares none. */
  parameterTypes: Map<string, string>;
  /** Request-body property path -> its enum (sorted, joined) or "" when it has none. */
  body: Map<string, string>;
  /** Property paths of the 200 response body. */
  ok: Map<string, string>;
  /** Paths of objects that declare no properties: what lies below them is left open. */
  open: Set<string>;
  /** Where a schema nests its content under a property named "" (a vendor quirk). */
  quirks: Set<string>;
  /** Schema $refs that lead nowhere, by where they are (`request body data`): what lies below is left open. */
  broken: Set<string>;
}

const MAX_DEPTH = 6;

// Flattens a schema into property paths (`data.entities.sender`, `data[]` for array items),
// through $ref, allOf (merged) and oneOf/anyOf (the union of the branches).
function flatten(
  spec: JsonObject,
  node: unknown,
  prefix: string,
  out: Map<string, string>,
  open: Set<string>,
  quirks: Set<string>,
  broken: Set<string>,
  depth = 0,
  seen = new Set<unknown>(),
): void {
  if (!node || depth > MAX_DEPTH) return;
  let schema: JsonObject;
  try {
    schema = resolve(spec, node);
  } catch {
    // The vendor's files refer to schemas they never define (ModerationRequestBody, KeywordList).
    open.add(prefix);
    broken.add(`${prefix || "(root)"} ${String((node as JsonObject).$ref)}`);
    return;
  }
  if (seen.has(schema)) return;
  const within = new Set(seen).add(schema);
  const parts = [
    ...((schema.allOf ?? []) as JsonObject[]),
    ...((schema.oneOf ?? []) as JsonObject[]),
    ...((schema.anyOf ?? []) as JsonObject[]),
  ];
  for (const part of parts) flatten(spec, part, prefix, out, open, quirks, broken, depth, within);
  if (schema.type === "array" && schema.items) {
    flatten(spec, schema.items, `${prefix}[]`, out, open, quirks, broken, depth + 1, within);
    return;
  }
  // A map (additionalProperties schema): its values are listed under `<path>.*`.
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    const path = `${prefix}.*`;
    out.set(path, "");
    flatten(spec, schema.additionalProperties, path, out, open, quirks, broken, depth + 1, within);
  }
  const properties = schema.properties as JsonObject | undefined;
  if (!properties && parts.length === 0 && (schema.type === "object" || schema.type === undefined)) open.add(prefix);
  for (const [name, sub] of Object.entries(properties ?? {})) {
    if (name === "") {
      // The vendor's list-apps wraps schemas in a property named "": read through it, and
      // report the wrapper itself (it must be allow-listed), so what is beneath still compares.
      quirks.add(prefix);
      flatten(spec, sub, prefix, out, open, quirks, broken, depth + 1, within);
      continue;
    }
    const path = prefix ? `${prefix}.${name}` : name;
    const resolved = resolve(spec, sub);
    const values = Array.isArray(resolved.enum) ? [...resolved.enum].map(String).sort().join("|") : "";
    out.set(path, out.get(path) || values);
    flatten(spec, sub, path, out, open, quirks, broken, depth + 1, within);
  }
}

const parameterKey = (p: { in: string; name: string }) => `${p.in} ${p.in === "header" ? p.name.toLowerCase() : p.name}`;

export function fingerprints(spec: OpenApiDocument): Map<string, Fingerprint> {
  const result = new Map<string, Fingerprint>();
  for (const op of operationsOf(spec)) {
    const open = new Set<string>();
    const quirks = new Set<string>();
    const body = new Map<string, string>();
    const ok = new Map<string, string>();
    const bodyQuirks = new Set<string>();
    const bodyBroken = new Set<string>();
    if (op.requestBody) flatten(spec, op.requestBody.schema, "", body, open, bodyQuirks, bodyBroken);
    const okMedia = ((op.responses["200"]?.content ?? {}) as JsonObject)["application/json"] as JsonObject | undefined;
    const okOpen = new Set<string>();
    const okQuirks = new Set<string>();
    const okBroken = new Set<string>();
    if (okMedia?.schema) flatten(spec, okMedia.schema, "", ok, okOpen, okQuirks, okBroken);
    for (const q of bodyQuirks) quirks.add(`request body ${q || "(root)"}`);
    for (const q of okQuirks) quirks.add(`200 response ${q || "(root)"}`);
    result.set(`${op.method} ${op.path}`, {
      operationId: op.operationId,
      parameters: new Map(op.parameters.map((p) => [parameterKey(p), p.required])),
      parameterTypes: new Map(op.parameters.map((p) => [parameterKey(p), String(resolve(spec, p.schema ?? {}).type ?? "")])),
      body,
      ok,
      open: new Set([...[...open].map((p) => `body:${p}`), ...[...okOpen].map((p) => `ok:${p}`)]),
      quirks,
      broken: new Set([...[...bodyBroken].map((b) => `request body ${b}`), ...[...okBroken].map((b) => `200 response ${b}`)]),
    });
  }
  return result;
}

// Below an object the vendor leaves open (no properties), our detail refines it: not a difference.
const underVendorOpen = (path: string, kind: "body" | "ok", vendor: Fingerprint) =>
  [...vendor.open].some(
    (o) =>
      o.startsWith(`${kind}:`) &&
      (o === `${kind}:` || path.startsWith(`${o.slice(kind.length + 1)}.`) || path.startsWith(`${o.slice(kind.length + 1)}[]`)),
  );

const resolves = (spec: JsonObject, node: unknown) => {
  try {
    resolve(spec, node);
    return true;
  } catch {
    return false;
  }
};

// Only the operation compared is read: the vendor's files have broken $refs elsewhere, and
// security is not compared (the vendor declares credentials as parameters; see the allow-list).
// A parameter $ref that leads nowhere is left out and reported, so the rest still compares.
function vendorFingerprint(vendor: OpenApiDocument, key: string): { fingerprint?: Fingerprint; dangling: string[] } {
  const [method, path] = key.split(" ") as [string, string];
  const operation = (vendor.paths[path] as JsonObject | undefined)?.[method.toLowerCase()] as JsonObject | undefined;
  if (!operation) return { dangling: [] };
  const parameters = (operation.parameters ?? []) as JsonObject[];
  const dangling = parameters.filter((p) => !resolves(vendor, p)).map((p) => String(p.$ref));
  const only = {
    ...vendor,
    security: [],
    paths: {
      [path]: { [method.toLowerCase()]: { ...operation, parameters: parameters.filter((p) => resolves(vendor, p)), security: [] } },
    },
  } as OpenApiDocument;
  return { fingerprint: fingerprints(only).get(key), dangling };
}

const template = (path: string) => path.replace(/\{[^}]*\}/g, "{}");

// OpenAPI allows one path per template, so a vendor operation on the same template under other
// parameter names (`{messageId}` beside `{id}`) can only be folded into ours: named, by its own id.
function foldedInto(vendor: OpenApiDocument, key: string, name: string): string[] {
  const [method, path] = key.split(" ") as [string, string];
  const folded: string[] = [];
  for (const other of Object.keys(vendor.paths)) {
    if (other === path || template(other) !== template(path)) continue;
    const id = ((vendor.paths[other] as JsonObject)[method.toLowerCase()] as JsonObject | undefined)?.operationId;
    if (id !== undefined) folded.push(`${id}: ${method} ${other} is the path template of ${name} (${path}), kept once in ours`);
  }
  return folded;
}

/** Every difference, one line each, named by operation: `<op>: <what>`. */
export function fidelityDifferences(ours: OpenApiDocument, vendorFor: (key: string) => OpenApiDocument): string[] {
  const differences: string[] = [];
  for (const [key, mine] of fingerprints(ours)) {
    const { fingerprint: theirs, dangling } = vendorFingerprint(vendorFor(key), key);
    const name = mine.operationId;
    differences.push(...foldedInto(vendorFor(key), key, name));
    if (!theirs) {
      differences.push(`${name}: ${key} is not in the vendor's spec`);
      continue;
    }
    for (const ref of dangling) differences.push(`${name}: the vendor's parameter ${ref} does not resolve`);
    for (const where of theirs.broken) differences.push(`${name}: the vendor's ${where} does not resolve`);
    for (const quirk of theirs.quirks) differences.push(`${name}: the vendor's ${quirk} nests its schema under a property named ""`);
    if (theirs.operationId !== mine.operationId) differences.push(`${name}: operationId is "${theirs.operationId}" in the vendor's spec`);
    for (const [param, required] of theirs.parameters) {
      if (!mine.parameters.has(param)) differences.push(`${name}: parameter ${param} is only in the vendor's spec`);
      else if (mine.parameters.get(param) !== required)
        differences.push(`${name}: parameter ${param} is ${required ? "required" : "optional"} in the vendor's spec`);
      const [theirType, myType] = [theirs.parameterTypes.get(param), mine.parameterTypes.get(param)];
      if (mine.parameters.has(param) && theirType && myType && theirType !== myType)
        differences.push(`${name}: parameter ${param} is of type ${theirType} in the vendor's spec, ${myType} in ours`);
    }
    for (const param of mine.parameters.keys())
      if (!theirs.parameters.has(param)) differences.push(`${name}: parameter ${param} is only in ours`);
    for (const [kind, label] of [
      ["body", "request body"],
      ["ok", "200 response"],
    ] as const) {
      const a = theirs[kind];
      const b = mine[kind];
      for (const [path, values] of a) {
        if (!b.has(path)) differences.push(`${name}: ${label} property ${path} is only in the vendor's spec`);
        else if (kind === "body" && values !== b.get(path))
          differences.push(`${name}: ${label} enum of ${path} is [${values}] in the vendor's spec, [${b.get(path)}] in ours`);
      }
      for (const path of b.keys()) {
        if (!a.has(path) && !underVendorOpen(path, kind, theirs)) differences.push(`${name}: ${label} property ${path} is only in ours`);
      }
    }
  }
  return differences;
}
