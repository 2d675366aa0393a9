// Internal: Ajv validators for the schemas of an OpenAPI 3.0 document, whose component schemas are
// each a schema of their own to Ajv. The fake checks requests with it, and the contract harness
// checks answers with it.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type Ajv from "ajv";
import type { Options, ValidateFunction } from "ajv";
import type { CompileCache } from "./compile-cache";
import { toJsonSchema } from "./oas-schema";

type JsonObject = Record<string, unknown>;

/** Compiles the schema `build` makes, converting its OpenAPI parts with the `convert` it is given. */
export type SchemaCompiler = (build: (convert: (schema: unknown) => JsonObject) => JsonObject) => ValidateFunction;

export interface SchemaCompilersOptions {
  /** The document's `components.schemas`, as OpenAPI writes them. */
  components: JsonObject;
  /** The id each component has in Ajv: this, then its name. */
  idBase: string;
  /** A new Ajv instance with these options and the formats: called at the first schema compiled, never when all are read back. */
  makeAjv(options: Options): Ajv;
  cache: CompileCache;
}

/**
 * Compilers of validators over one document's components, one for each set of Ajv's options (its
 * `code` options aside, which the cache sets); they share the conversion of the components. A
 * component schema is converted, and given to Ajv, when the first compiled schema reaches it: a
 * test file uses a few operations of the spec's hundreds, and converting and adding all 441 up
 * front cost about a third of a fake's start. Each distinct schema is compiled once, and kept by
 * the cache under the schema, the options, and every component it reaches as converted: code read
 * back means what a compile would mean, whatever changed in the spec or in the conversion since.
 */
export function schemaCompilers({ components, idBase, makeAjv, cache }: SchemaCompilersOptions): (options: Options) => SchemaCompiler {
  // The same name gives the same id in every process: kept code refers to components by it.
  const idOf = (name: string) => `${idBase}${encodeURIComponent(name)}`;
  const convert = (schema: unknown, refs: string[]) =>
    toJsonSchema(schema, (name) => {
      refs.push(name);
      return idOf(name);
    }) as JsonObject;
  const converted = new Map<string, { schema: JsonObject; text: string; refs: string[] } | null>();
  const component = (name: string) => {
    let found = converted.get(name);
    if (found === undefined) {
      // The name as a JSON pointer writes it; a component the document lacks is left to Ajv, which refuses the reference.
      const schema = components[decodeURIComponent(name).replace(/~1/g, "/").replace(/~0/g, "~")];
      const refs: string[] = [];
      const json = schema === undefined ? undefined : convert(schema, refs);
      found = json === undefined ? null : { schema: json, text: JSON.stringify(json), refs };
      converted.set(name, found);
    }
    return found;
  };
  /** The names `refs` reach, directly or through other components, each once. */
  const reached = (refs: string[]) => {
    const names = new Set<string>();
    const visit = (list: string[]) => {
      for (const name of list) {
        if (names.has(name)) continue;
        names.add(name);
        const found = component(name);
        if (found) visit(found.refs);
      }
    };
    visit(refs);
    return [...names].sort();
  };

  return (options) => {
    const all = { ...options, code: { ...options.code, ...cache.code } };
    const optionsText = JSON.stringify(all);
    let made: Ajv | undefined;
    const instance = () => (made ??= makeAjv(all));
    const added = new Set<string>();
    const compiled = new Map<string, ValidateFunction>();
    return (build) => {
      const refs: string[] = [];
      const schema = build((part) => convert(part, refs));
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (validate) return validate;
      const names = reached(refs);
      const dependencies = () => [optionsText, ...names.map((name) => `${name} ${component(name)?.text ?? "absent"}`)];
      validate = cache.compile(instance, schema, dependencies, () => {
        for (const name of names) {
          if (added.has(name)) continue;
          const found = component(name);
          // Marked once added: a schema Ajv refused (checked against the meta-schema) is refused again at the next compile.
          if (found) instance().addSchema(found.schema, idOf(name));
          added.add(name);
        }
      });
      compiled.set(key, validate);
      return validate;
    };
  };
}
