// Internal: an OpenAPI 3.0 Schema Object as a JSON Schema Ajv reads with the same meaning. The
// fake checks requests with it, and the contract harness checks answers with it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keywords that only document (or that OpenAPI defines differently); Ajv must not see them. */
const OAS_ONLY = new Set(["example", "discriminator", "xml", "externalDocs", "deprecated", "nullable", "readOnly", "writeOnly"]);

/**
 * `nullable: true` allows `null`; boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers;
 * `#/components/schemas/X` becomes `refBase + X` (or `refBase(X)`, for a reference that names
 * each component a schema of its own); OpenAPI-only annotations are dropped.
 */
export function toJsonSchema(schema: unknown, refBase: string | ((name: string) => string)): Json {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, refBase));
  if (!schema || typeof schema !== "object") return schema as Json;
  const node = schema as JsonObject;
  if (typeof node.$ref === "string") {
    const match = /^#\/components\/schemas\/(.+)$/.exec(node.$ref);
    if (!match) throw new Error(`unsupported schema $ref ${node.$ref}`);
    return { $ref: typeof refBase === "string" ? refBase + match[1] : refBase(match[1]!) };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (OAS_ONLY.has(key) || key.startsWith("x-")) continue;
    if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(Object.entries(value as JsonObject).map(([name, sub]) => [name, toJsonSchema(sub, refBase)]));
    } else if (["items", "additionalProperties", "not", "allOf", "anyOf", "oneOf"].includes(key)) {
      out[key] = toJsonSchema(value, refBase);
    } else if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value === "boolean") {
      const bound = node[key === "exclusiveMinimum" ? "minimum" : "maximum"];
      if (value && typeof bound === "number") out[key] = bound;
    } else {
      out[key] = value;
    }
  }
  if (node.exclusiveMinimum === true) delete out.minimum;
  if (node.exclusiveMaximum === true) delete out.maximum;
  if (node.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}
