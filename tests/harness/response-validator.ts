// Validates response bodies against the spec's response schemas with Ajv, independently of
// Prism, and reports each error with the JSON path of the offending value.
import type Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import { compileCache } from "../../src/testing/fake/spec/compile-cache";
import { schemaCompilers } from "../../src/testing/fake/spec/schema-compiler";
import { toJsonPath } from "./json-path";
import type { JsonObject, OpenApiDocument } from "./spec";

/** Each component schema is a schema of its own to Ajv, with this id and its name. */
const COMPONENTS_ID = "https://chat-rest-sdk.local/components/";

export interface SchemaError {
  /** Where the problem is, e.g. `$.data[0].createdAt` (for a missing property: the property's own path). */
  path: string;
  message: string;
}

export interface ResponseValidator {
  validate(schema: JsonObject, body: unknown): SchemaError[];
}

function describe(error: ErrorObject, body: unknown): SchemaError {
  const pointer = error.instancePath;
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path: toJsonPath(`${pointer}/${missing}`), message: "required property is missing" };
  }
  if (error.keyword === "additionalProperties") {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: toJsonPath(`${pointer}/${extra}`), message: "property is not allowed by the schema" };
  }
  const actual = pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], body);
  return { path: toJsonPath(pointer), message: `${error.message} (got ${JSON.stringify(actual)?.slice(0, 60)})` };
}

export function responseValidator(spec: OpenApiDocument): ResponseValidator {
  // The schemas are the spec's, which tests/fake/spec-schemas.test.ts checks against the JSON
  // Schema meta-schema once: checking them again here (validateSchema) cost every test file that
  // builds a validator a compile of the meta-schema. Strict mode still refuses an unknown keyword
  // as each schema is compiled. Ajv's optimizing pass over the code it generates costs a third of
  // each compile, and the checks are the same without it.
  // Kept as code between processes when CHAT_REST_FAKE_COMPILE_CACHE names a directory (jest.config.ts sets it).
  const compiler = schemaCompilers({
    components: (spec.components.schemas ?? {}) as JsonObject,
    idBase: COMPONENTS_ID,
    makeAjv(options) {
      const { default: AjvClass } = require("ajv") as { default: typeof Ajv };
      const { default: addFormats } = require("ajv-formats") as { default: (ajv: Ajv) => Ajv };
      const made = new AjvClass(options);
      addFormats(made);
      return made;
    },
    cache: compileCache(require),
  })({ allErrors: true, strict: true, strictTypes: false, validateSchema: false, code: { optimize: false } });
  // Compiling costs far more than validating, and many operations share a schema: the same node,
  // or (in a spec parsed from disk) an equal copy of it, which the compiler compiles once.
  const byNode = new WeakMap<JsonObject, ValidateFunction>();
  const compile = (schema: JsonObject) => {
    const check = compiler((convert) => convert(schema));
    byNode.set(schema, check);
    return check;
  };
  return {
    validate(schema, body) {
      const check = byNode.get(schema) ?? compile(schema);
      if (check(body)) return [];
      // oneOf/anyOf failures repeat per branch; one line per path and message is enough to read.
      const seen = new Set<string>();
      return (check.errors ?? [])
        .map((error) => describe(error, body))
        .filter((e) => !seen.has(`${e.path} ${e.message}`) && !!seen.add(`${e.path} ${e.message}`));
    },
  };
}
