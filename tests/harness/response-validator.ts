// Validates response bodies against the spec's response schemas with Ajv, independently of
// Prism, and reports each error with the JSON path of the offending value.
import type Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import { compileCache, digestOf } from "../../src/testing/fake/spec/compile-cache";
import { toJsonSchema } from "./oas30-to-json-schema";
import { toJsonPath } from "./json-path";
import type { Json, JsonObject, OpenApiDocument } from "./spec";

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
  const cache = compileCache(require);
  const options = { allErrors: true, strict: true, strictTypes: false, validateSchema: false, code: { optimize: false, ...cache.code } };
  // Made at the first schema to compile: none when every validator is read back from the cache.
  let made: Ajv | undefined;
  const ajv = () => {
    if (made) return made;
    const { default: AjvClass } = require("ajv") as { default: typeof Ajv };
    const { default: addFormats } = require("ajv-formats") as { default: (ajv: Ajv) => Ajv };
    made = new AjvClass(options);
    addFormats(made);
    return made;
  };
  const schemas = (spec.components.schemas ?? {}) as JsonObject;
  // Each component schema is a schema of its own to Ajv, converted and added when the first schema
  // that reaches it is compiled: a test file checks the answers of a few operations, and converting
  // and adding every component up front cost each file that builds a validator about 30 ms.
  // The same name gives the same id in every process: kept code (src/testing/fake/spec/compile-cache.ts) refers to components by it.
  const idOf = (name: string) => `${COMPONENTS_ID}${encodeURIComponent(name)}`;
  const convert = (schema: Json, refs: string[]) =>
    toJsonSchema(schema, (name) => {
      refs.push(name);
      return idOf(name);
    }) as JsonObject;
  const added = new Set<string>();
  const add = (names: string[]) => {
    for (const name of names) {
      if (added.has(name)) continue;
      // The name as a JSON pointer writes it; a component the spec lacks is left to Ajv, which refuses the reference.
      const schema = schemas[decodeURIComponent(name).replace(/~1/g, "/").replace(/~0/g, "~")];
      const refs: string[] = [];
      if (schema !== undefined) ajv().addSchema(convert(schema, refs), idOf(name));
      added.add(name);
      add(refs);
    }
  };
  // Compiling costs far more than validating, and many operations share a schema: the same node,
  // or (in a spec parsed from disk) an equal copy of it. Each distinct schema is compiled once.
  const byNode = new WeakMap<JsonObject, ValidateFunction>();
  const byContent = new Map<string, ValidateFunction>();
  let kind: string | undefined;
  const compile = (schema: JsonObject) => {
    const key = JSON.stringify(schema);
    let check = byContent.get(key);
    if (!check) {
      const refs: string[] = [];
      const converted = convert(schema, refs);
      // What the code depends on besides the schema itself: the options above and every component schema.
      kind ??= `answer check ${JSON.stringify(options)} ${digestOf(JSON.stringify(schemas))}`;
      check = cache.compile(ajv, converted, kind, () => add(refs));
      byContent.set(key, check);
    }
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
