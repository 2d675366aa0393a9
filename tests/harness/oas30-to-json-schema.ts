// Converts an OpenAPI 3.0 Schema Object into a JSON Schema that Ajv (draft-07) reads with the
// same meaning, so response bodies are checked independently of Prism's own validator.
import type { Json, JsonObject } from "./spec";

/** Keywords that only document (or that OpenAPI defines differently); Ajv must not see them. */
const OAS_ONLY = new Set(["example", "discriminator", "xml", "externalDocs", "deprecated", "nullable"]);

/**
 * - `nullable: true` allows `null` (OAS 3.0 has no `null` type);
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` (draft-04 style) become the numeric draft-07 form;
 * - `$ref: "#/components/schemas/X"` is rewritten to `refBase + X`;
 * - OAS-only annotations (`example`, `discriminator`, `x-*`, ...) are dropped, so Ajv's strict mode
 *   still catches any keyword that is neither OpenAPI nor JSON Schema.
 */
export function toJsonSchema(schema: Json, refBase: string): Json {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, refBase));
  if (!schema || typeof schema !== "object") return schema;
  if (typeof schema.$ref === "string") {
    const match = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
    if (!match) throw new Error(`unsupported schema $ref ${schema.$ref}`);
    return { $ref: refBase + match[1] };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OAS_ONLY.has(key) || key.startsWith("x-")) continue;
    if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(Object.entries(value as JsonObject).map(([name, sub]) => [name, toJsonSchema(sub, refBase)]));
    } else if (["items", "additionalProperties", "not", "allOf", "anyOf", "oneOf"].includes(key)) {
      out[key] = toJsonSchema(value, refBase);
    } else if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value === "boolean") {
      const bound = schema[key === "exclusiveMinimum" ? "minimum" : "maximum"];
      if (value && typeof bound === "number") out[key] = bound;
    } else {
      out[key] = value;
    }
  }
  if (schema.exclusiveMinimum === true) delete out.minimum;
  if (schema.exclusiveMaximum === true) delete out.maximum;
  if (schema.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}
