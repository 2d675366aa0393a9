import { loadSpec, resolve, type Json, type JsonObject } from "../harness/spec";
import { responseValidator } from "../harness/response-validator";

// Every example in the spec, checked against its own schema with Ajv: request bodies,
// parameters, responses and schema-level examples. Prism serves these examples to users'
// tests, so a wrong one would teach them the wrong shape.
const spec = loadSpec();
const validator = responseValidator(spec);
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

interface ExampleCase {
  where: string;
  schema: JsonObject;
  value: unknown;
}

function examplesOf(where: string, holder: JsonObject, schema: JsonObject): ExampleCase[] {
  const cases: ExampleCase[] = [];
  if ("example" in holder) cases.push({ where: `${where} example`, schema, value: holder.example });
  for (const [name, example] of Object.entries((holder.examples ?? {}) as JsonObject)) {
    cases.push({ where: `${where} example "${name}"`, schema, value: resolve<JsonObject>(spec, example).value });
  }
  return cases;
}

function mediaExamples(where: string, content: Json | undefined): ExampleCase[] {
  return Object.entries((content ?? {}) as JsonObject).flatMap(([type, media]) =>
    examplesOf(`${where} ${type}`, media as JsonObject, (media as JsonObject).schema as JsonObject),
  );
}

function collect(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [path, item] of Object.entries(spec.paths as JsonObject)) {
    for (const method of METHODS) {
      const op = (item as JsonObject)[method] as JsonObject | undefined;
      if (!op) continue;
      const at = `${op.operationId}`;
      for (const raw of [...(((item as JsonObject).parameters ?? []) as Json[]), ...((op.parameters ?? []) as Json[])]) {
        const param = resolve<JsonObject>(spec, raw);
        cases.push(...examplesOf(`${at} ${param.in} parameter ${param.name}`, param, param.schema as JsonObject));
      }
      if (op.requestBody) cases.push(...mediaExamples(`${at} request body`, resolve<JsonObject>(spec, op.requestBody).content));
      for (const [status, response] of Object.entries(op.responses as JsonObject)) {
        cases.push(...mediaExamples(`${at} ${status} response`, resolve<JsonObject>(spec, response).content));
      }
      void path;
    }
  }
  for (const [name, schema] of Object.entries((spec.components.schemas ?? {}) as JsonObject)) {
    cases.push(...examplesOf(`schema ${name}`, schema as JsonObject, schema as JsonObject));
  }
  return cases;
}

const cases = collect();

test("the spec has request, parameter and response examples to check", () => {
  expect(cases.some((c) => c.where.includes("request body"))).toBe(true);
  expect(cases.some((c) => c.where.includes("parameter"))).toBe(true);
  expect(cases.some((c) => c.where.includes("200 response"))).toBe(true);
});

test("every example in the spec validates against its schema", () => {
  const failures = cases.flatMap((c) => validator.validate(c.schema, c.value).map((e) => `${c.where}: ${e.path} ${e.message}`));
  expect(failures).toEqual([]);
  expect(cases.length).toBeGreaterThan(30);
});
