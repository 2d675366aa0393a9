// The vendor's own 2xx examples, validated against our response schema for the same operation
// and status: a type that promises a field the service leaves out shows up here as a failure.
import { responseValidator } from "./response-validator";
import type { JsonObject, OpenApiDocument } from "./spec";

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Follows a local `$ref` (`#/components/...`) within `doc`. */
function resolve(doc: OpenApiDocument, node: unknown): JsonObject | undefined {
  let at = node as JsonObject | undefined;
  for (let hops = 0; at && typeof at.$ref === "string" && hops < 10; hops++) {
    const ref = at.$ref as string;
    if (!ref.startsWith("#/")) return undefined;
    at = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((o, key) => (o as JsonObject | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc) as
      | JsonObject
      | undefined;
  }
  return at;
}

/** The named JSON examples of a response: `example`, and each of `examples` by name. */
function examplesOf(doc: OpenApiDocument, response: JsonObject | undefined): [string, unknown][] {
  const media = (resolve(doc, response)?.content as JsonObject | undefined)?.["application/json"] as JsonObject | undefined;
  if (!media) return [];
  const named: [string, unknown][] = media.example === undefined ? [] : [["example", media.example]];
  for (const [name, example] of Object.entries((media.examples as JsonObject | undefined) ?? {})) {
    const value = resolve(doc, example)?.value;
    if (value !== undefined) named.push([name, value]);
  }
  return named;
}

export interface ExampleReport {
  /** How many vendor examples were validated. */
  checked: number;
  /** One line per problem: `<operationId>: the vendor's <status> example <name> ...`. */
  failures: string[];
}

interface VendorExample {
  /** `<operationId>: the vendor's <status> example <name>`, how a report line starts. */
  where: string;
  status: string;
  example: unknown;
  /** Our JSON schema for the same operation and status; undefined when we declare none. */
  schema: JsonObject | undefined;
}

/** Every vendor 2xx JSON example of the operations our spec has, beside our schema for it. */
function* vendorExamples(ours: OpenApiDocument, vendorFor: (key: string) => OpenApiDocument): Generator<VendorExample> {
  for (const [path, item] of Object.entries(ours.paths as Record<string, JsonObject>)) {
    for (const method of METHODS) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const vendor = vendorFor(`${method.toUpperCase()} ${path}`);
      const theirs = ((vendor.paths as JsonObject)[path] as JsonObject | undefined)?.[method] as JsonObject | undefined;
      for (const [status, response] of Object.entries((theirs?.responses as JsonObject | undefined) ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const media = (resolve(ours, (op.responses as JsonObject)[status])?.content as JsonObject | undefined)?.["application/json"];
        const schema = (media as JsonObject | undefined)?.schema as JsonObject | undefined;
        for (const [name, example] of examplesOf(vendor, response as JsonObject))
          yield { where: `${op.operationId}: the vendor's ${status} example ${name}`, status, example, schema };
      }
    }
  }
}

/** Validates every vendor 2xx JSON example of the operations our spec has against our schema for it. */
export function vendorExampleReport(ours: OpenApiDocument, vendorFor: (key: string) => OpenApiDocument): ExampleReport {
  const validator = responseValidator(ours);
  const report: ExampleReport = { checked: 0, failures: [] };
  for (const { where, status, example, schema } of vendorExamples(ours, vendorFor)) {
    report.checked++;
    if (!schema) report.failures.push(`${where} has no JSON ${status} response in ours`);
    else
      for (const error of validator.validate(schema, example))
        report.failures.push(`${where} fails our schema at ${error.path}: ${error.message}`);
  }
  return report;
}

/** The properties an object schema declares, across its `allOf`, `oneOf` and `anyOf` branches; undefined for a free-form map. */
function declared(doc: OpenApiDocument, schema: JsonObject) {
  const branches: JsonObject[] = [];
  const collect = (node: unknown) => {
    const s = resolve(doc, node);
    if (!s) return;
    branches.push(s);
    for (const key of ["allOf", "oneOf", "anyOf"]) for (const branch of (s[key] as JsonObject[] | undefined) ?? []) collect(branch);
  };
  collect(schema);
  const withProperties = branches.filter((b) => b.properties);
  if (!withProperties.length) return undefined;
  return {
    names: new Set(withProperties.flatMap((b) => Object.keys(b.properties as JsonObject))),
    of(name: string): JsonObject {
      const found = withProperties.map((b) => (b.properties as JsonObject)[name]).filter(Boolean) as JsonObject[];
      return found.length === 1 ? found[0]! : { oneOf: found };
    },
  };
}

const itemsOf = (doc: OpenApiDocument, s: JsonObject) =>
  (s.items as JsonObject | undefined) ??
  (((s.oneOf ?? s.anyOf) as JsonObject[] | undefined)?.map((b) => resolve(doc, b)).find((b) => b?.items)?.items as JsonObject | undefined);

/** JSON paths (array indexes folded to `[]`) of the properties `value` has and `schema` does not declare. */
function undeclared(
  doc: OpenApiDocument,
  schema: JsonObject | undefined,
  value: unknown,
  at: string,
  out: Set<string>,
  depth = 0,
): Set<string> {
  const s = resolve(doc, schema);
  if (!s || depth > 12 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const item of value) undeclared(doc, itemsOf(doc, s), item, `${at}[]`, out, depth + 1);
    return out;
  }
  const shape = declared(doc, s);
  for (const [key, child] of Object.entries(value as JsonObject)) {
    if (shape && !shape.names.has(key)) out.add(`${at}.${key}`);
    else if (shape) undeclared(doc, shape.of(key), child, `${at}.${key}`, out, depth + 1);
    // A map: every value has the shape of additionalProperties; the keys are the data's own.
    else if (s.additionalProperties && typeof s.additionalProperties === "object")
      undeclared(doc, s.additionalProperties as JsonObject, child, `${at}.*`, out, depth + 1);
  }
  return out;
}

/** One line for each property that a vendor 2xx example shows and our schema for it does not declare. */
export function undeclaredExampleProperties(ours: OpenApiDocument, vendorFor: (key: string) => OpenApiDocument): string[] {
  const lines: string[] = [];
  for (const { where, example, schema } of vendorExamples(ours, vendorFor))
    for (const path of undeclared(ours, schema, example, "$", new Set()))
      lines.push(`${where} has ${path}, which our schema does not declare`);
  return lines;
}
