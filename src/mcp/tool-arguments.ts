import type { ErrorObject, ValidateFunction } from "ajv";
import { loadAjv } from "./mcp-peers.js";
import type { JsonSchema } from "./operation-tool.js";

/** Checks a tool's arguments against its input schema: `undefined` when they pass, else what is wrong. */
export type ArgumentCheck = (args: unknown) => string[] | undefined;

/** One Ajv error as a line a model can act on: where, and what is wrong. */
function describe(error: ErrorObject): string {
  const at = error.instancePath ? error.instancePath.slice(1).replaceAll("/", ".") : "arguments";
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties") return `${at} has an unknown field ${String(params.additionalProperty)}`;
  if (error.keyword === "enum")
    return `${at} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  return `${at} ${error.message}`;
}

/**
 * A checker of tool arguments, compiling each schema once, on its first use (the server lists
 * hundreds of tools, and a session calls a few). The same Ajv settings serve the server and the
 * tests that compile every tool's schema.
 */
export async function argumentChecker(): Promise<(schema: JsonSchema) => ArgumentCheck> {
  const { Ajv, addFormats } = await loadAjv();
  // strict: false because the schemas come from the spec, which may carry annotations Ajv does not know.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  return (schema) => (args) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    if (validate(args)) return undefined;
    // allErrors reports one line per failing branch of a oneOf; the same line twice says nothing more.
    return [...new Set((validate.errors ?? []).map(describe))].slice(0, 10);
  };
}
