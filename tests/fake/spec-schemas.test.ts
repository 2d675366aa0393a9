// Every Schema Object of the bundled spec, as the fake (its request checks) and the contract
// harness (its answer checks) convert it for Ajv, is valid JSON Schema. Both compile the bundled
// spec's schemas without checking them against the meta-schema again (Ajv's `validateSchema`),
// which cost each test file that starts a fake or builds a validator a compile of the meta-schema:
// this test is where that check is made, once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { loadFakeSpec } from "../../src/testing/fake/spec/fake-spec";
import { toJsonSchema } from "../../src/testing/fake/spec/oas-schema";
import { type Json, type JsonObject, loadSpec, operationsOf } from "../harness/spec";

const spec = loadSpec();
const REF_BASE = "https://chat-rest-sdk.local/components.json#/$defs/";

/** Each Schema Object of the document, by where it is: the components' schemas, and each `schema` of a parameter, a body, a response or a header. */
function schemaObjects(): [string, Json][] {
  const found: [string, Json][] = Object.entries(spec.components.schemas as JsonObject).map(([name, schema]) => [
    `#/components/schemas/${name}`,
    schema,
  ]);
  const walk = (node: Json, where: string) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${where}/${key}`;
      // An example's value is data, not part of the document's structure.
      if (key === "example" || key === "examples" || at === "#/components/schemas") continue;
      if (key === "schema" && value && typeof value === "object" && !Array.isArray(value)) found.push([at, value]);
      else walk(value, at);
    }
  };
  walk(spec, "#");
  return found;
}

test("every Schema Object of the bundled spec, converted for Ajv, is valid JSON Schema", () => {
  const ajv = new Ajv({ strict: false });
  const schemas = schemaObjects();
  const invalid = schemas.flatMap(([where, schema]) =>
    ajv.validateSchema(toJsonSchema(schema, REF_BASE) as JsonObject) ? [] : [`${where}: ${ajv.errorsText(ajv.errors)}`],
  );
  expect(invalid).toEqual([]);
  // The components' schemas, and the parameters, bodies and answers of the operations.
  expect(schemas.length).toBeGreaterThan(Object.keys(spec.components.schemas as JsonObject).length + operationsOf(spec).length);
});

test("the fake checks the schemas of a spec it was not bundled with against the meta-schema", () => {
  const dir = mkdtempSync(join(tmpdir(), "fake-spec-"));
  try {
    const file = join(dir, "openapi.json");
    const parameters = [{ name: "q", in: "query", schema: { type: "string", minLength: -1 } }];
    const paths = { "/things": { get: { operationId: "list-things", parameters, responses: { 200: { description: "ok" } } } } };
    writeFileSync(file, JSON.stringify({ openapi: "3.0.3", paths, components: { schemas: {} } }));
    const request = { path: {}, search: new URLSearchParams("q=a"), headers: {}, body: undefined };
    // The operation's schemas are compiled, and checked, at its first request.
    const checked = loadFakeSpec(file);
    expect(() => checked.check(checked.byId("list-things")!, request)).toThrow(/schema is invalid.*minLength/);
    // Unchecked, the same schema compiles: what refuses it is the meta-schema, not the compile.
    const unchecked = loadFakeSpec(file, false);
    expect(unchecked.check(unchecked.byId("list-things")!, request).errors).toEqual([]);
    // A component schema is checked as the first operation that reaches it, through another component, is compiled.
    const components = { schemas: { Query: { $ref: "#/components/schemas/Text" }, Text: { type: "string", minLength: -1, maxLength: 3 } } };
    const viaComponents = [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/Query" } }];
    const referring = { "/things": { get: { ...paths["/things"].get, parameters: viaComponents } } };
    writeFileSync(file, JSON.stringify({ openapi: "3.0.3", paths: referring, components }));
    const reached = loadFakeSpec(file);
    expect(() => reached.check(reached.byId("list-things")!, request)).toThrow(/schema is invalid.*minLength/);
    const unreached = loadFakeSpec(file, false);
    // Unchecked, the reference resolves through both components to the schema that checks the parameter.
    expect(unreached.check(unreached.byId("list-things")!, request).errors).toEqual([]);
    const tooLong = unreached.check(unreached.byId("list-things")!, { ...request, search: new URLSearchParams("q=abcd") });
    expect(tooLong.errors).toEqual([expect.objectContaining({ instancePath: "/query/q", keyword: "maxLength" })]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
