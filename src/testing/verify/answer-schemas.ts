// Internal: the spec's answers, as the verifier checks a recorded answer against them. The same
// conversion and validator as the fake's request checks (../fake/spec/), for answers: Ajv with
// every component schema, each answer schema compiled once, on its first use.
import { readFileSync } from "node:fs";
import type { ValidateFunction } from "ajv";
import { derefIn } from "../fake/spec/deref-in";
import { toJsonSchema } from "../fake/spec/oas-schema";
import { peerModules } from "../fake/spec/peer-modules";

type JsonObject = Record<string, unknown>;

const COMPONENTS_ID = "https://chat-rest-sdk.local/verify-components.json";
const REF_BASE = `${COMPONENTS_ID}#/$defs/`;

/** What the spec says of one answer. */
export type AnswerCheck = { documented: false; statuses: string[] } | { documented: true; problems: { path: string; message: string }[] };

export interface AnswerSchemas {
  /** Checks `body`, answered with `status` to `method path`, against the spec; undefined for an operation the spec lacks. */
  check(method: string, path: string, status: number, body: unknown): AnswerCheck | undefined;
}

/** `/data/0/uid` as `$.data[0].uid`. */
export function jsonPath(pointer: string): string {
  return `$${pointer
    .split("/")
    .slice(1)
    .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((key) => (/^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`))
    .join("")}`;
}

/** Loads the answer schemas of the spec in `file`. */
export function answerSchemas(file: string): AnswerSchemas {
  const { Ajv, addFormats } = peerModules();
  const document = JSON.parse(readFileSync(file, "utf8")) as { paths: JsonObject; components: Record<string, JsonObject> };
  const deref = derefIn(document) as (node: unknown) => JsonObject | undefined;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({
    $id: COMPONENTS_ID,
    $defs: Object.fromEntries(Object.entries(document.components.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s, REF_BASE)])),
  });
  const compiled = new Map<string, ValidateFunction | null>();
  return {
    check(method, path, status, body) {
      const operation = (document.paths[path] as JsonObject | undefined)?.[method.toLowerCase()] as JsonObject | undefined;
      if (!operation) return undefined;
      const responses = (operation.responses ?? {}) as JsonObject;
      const key = `${status}` in responses ? `${status}` : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : "default";
      if (!(key in responses)) return { documented: false, statuses: Object.keys(responses) };
      const id = `${method} ${path} ${key}`;
      let validate = compiled.get(id);
      if (validate === undefined) {
        const content = (deref(responses[key])?.content ?? {}) as JsonObject;
        const schema = (deref(content["application/json"]) ?? deref(Object.values(content)[0]))?.schema;
        validate = schema ? ajv.compile(toJsonSchema(schema, REF_BASE) as JsonObject) : null;
        compiled.set(id, validate);
      }
      if (!validate || validate(body)) return { documented: true, problems: [] };
      const seen = new Set<string>();
      const problems = (validate.errors ?? []).map((error) => {
        const missing = error.keyword === "required" ? `/${(error.params as { missingProperty: string }).missingProperty}` : "";
        const extra =
          error.keyword === "additionalProperties" ? `/${(error.params as { additionalProperty: string }).additionalProperty}` : "";
        return { path: jsonPath(error.instancePath + missing + extra), message: error.message ?? error.keyword };
      });
      // A oneOf or anyOf repeats its failures per branch: one line per path and message.
      return {
        documented: true,
        problems: problems.filter((p) => !seen.has(`${p.path} ${p.message}`) && !!seen.add(`${p.path} ${p.message}`)),
      };
    },
  };
}
