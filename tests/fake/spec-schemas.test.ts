// Every Schema Object of the bundled spec, as the fake (its request checks) and the contract
// harness (its answer checks) convert it for Ajv, is valid JSON Schema. Both compile the bundled
// spec's schemas without checking them against the meta-schema again (Ajv's `validateSchema`),
// which cost each test file that starts a fake or builds a validator a compile of the meta-schema:
// this test is where that check is made, once.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { COMPILE_CACHE_VARIABLE } from "../../src/testing/fake/spec/compile-cache";
import { loadFakeSpec } from "../../src/testing/fake/spec/fake-spec";
import { peerModules } from "../../src/testing/fake/spec/peer-modules";
import { bundledSpec } from "../../src/testing/prism-process";
import { responseValidator } from "../harness/response-validator";
import { toJsonSchema } from "../../src/testing/fake/spec/oas-schema";
import { type Json, type JsonObject, loadSpec, operationsOf, resolve } from "../harness/spec";

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

/**
 * Runs `run` with the compile cache in a fresh directory (`cache`, inside the temporary `dir`) and
 * Ajv's compile watched; then puts back the variable and the compile, and removes the directory.
 */
function withCompileCache(run: (made: { dir: string; cache: string; compile: jest.SpyInstance }) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "fake-compiled-"));
  const cache = join(dir, "cache");
  const before = process.env[COMPILE_CACHE_VARIABLE];
  process.env[COMPILE_CACHE_VARIABLE] = cache;
  const compile = jest.spyOn(peerModules().Ajv.prototype, "compile");
  try {
    run({ dir, cache, compile });
  } finally {
    compile.mockRestore();
    if (before === undefined) delete process.env[COMPILE_CACHE_VARIABLE];
    else process.env[COMPILE_CACHE_VARIABLE] = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a validator read back from the compile cache checks as the one Ajv compiled, for the fake and for the answers", () => {
  withCompileCache(({ cache, compile }) => {
    const request =
      (search: string, body: unknown, headers: Record<string, string> = {}) =>
      () => ({
        path: {},
        search: new URLSearchParams(search),
        headers,
        body,
      });
    const requests = [
      ["send-message", request("", { receiver: "ben", receiverType: "user", data: { text: "Hi" } }, { onbehalfof: "ana" })],
      ["send-message", request("", { receiver: 7, receiverType: "nobody", data: { text: "" }, extra: true })],
      ["list-users", request("perPage=10&page=2&status=available", undefined)],
      ["list-users", request("perPage=ten&page=-1&status=away", undefined)],
      ["create-user", request("", { uid: "a b/c", name: "", metadata: "no", tags: [1] })],
    ] as const;
    // The first compiles and keeps each validator; the second, a spec loaded anew, reads them back.
    const compiled = loadFakeSpec(bundledSpec);
    const expected = requests.map(([id, made]) => compiled.check(compiled.byId(id)!, made()));
    expect(expected.filter((checked) => checked.errors.length)).toHaveLength(3);
    expect(readdirSync(cache).length).toBeGreaterThan(0);
    compile.mockClear();
    // In the other order: what each kept validator refers to must not depend on the order they were compiled in.
    const read = loadFakeSpec(bundledSpec);
    const reread = [...requests].reverse().map(([id, made]) => read.check(read.byId(id)!, made()));
    expect(reread.reverse()).toEqual(expected);
    expect(compile).not.toHaveBeenCalled();
    // The answers' validator, likewise.
    const responses = resolve(spec, (spec.paths["/users/{uid}"] as JsonObject).get).responses as JsonObject;
    const content = resolve<JsonObject>(spec, responses["200"]).content as JsonObject;
    const schema = (content["application/json"] as JsonObject).schema as JsonObject;
    const bodies = [
      { data: { uid: "ana", name: "Ana", createdAt: 1_700_000_000 } },
      { data: { uid: 7, name: null, createdAt: "yesterday" } },
      {},
    ];
    const answers = bodies.map((body) => responseValidator(spec).validate(schema, body));
    expect(answers.filter((problems) => problems.length)).toHaveLength(2);
    compile.mockClear();
    const readAnswers = responseValidator(spec);
    expect(bodies.map((body) => readAnswers.validate(schema, body))).toEqual(answers);
    expect(compile).not.toHaveBeenCalled();
  });
});

test("kept code is not read back once a component the schema reaches has changed", () => {
  withCompileCache(({ dir, cache }) => {
    const file = join(dir, "openapi.json");
    // The operation's own schema is only a reference: what checks the parameter is two components away.
    const parameters = [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/Query" } }];
    const paths = { "/things": { get: { operationId: "list-things", parameters, responses: { 200: { description: "ok" } } } } };
    const write = (maxLength: number) =>
      writeFileSync(
        file,
        JSON.stringify({
          openapi: "3.0.3",
          paths,
          components: { schemas: { Query: { $ref: "#/components/schemas/Text" }, Text: { type: "string", maxLength } } },
        }),
      );
    const errorsFor = (q: string) => {
      const loaded = loadFakeSpec(file, false);
      return loaded.check(loaded.byId("list-things")!, { path: {}, search: new URLSearchParams({ q }), headers: {}, body: undefined })
        .errors;
    };
    write(3);
    expect(errorsFor("abcd")).toEqual([expect.objectContaining({ instancePath: "/query/q", keyword: "maxLength" })]);
    expect(readdirSync(cache).length).toBeGreaterThan(0);
    write(5);
    expect(errorsFor("abcd")).toEqual([]);
    expect(errorsFor("abcdef")).toEqual([expect.objectContaining({ instancePath: "/query/q", keyword: "maxLength" })]);
  });
});

test("a kept file that is damaged, or a cache that cannot be written, costs a compile and checks the same", () => {
  withCompileCache(({ cache, compile }) => {
    const bad = { path: {}, search: new URLSearchParams("perPage=ten"), headers: {}, body: undefined };
    const errorsOf = () => {
      const loaded = loadFakeSpec(bundledSpec);
      return loaded.check(loaded.byId("list-users")!, bad).errors.map((error) => [error.instancePath, error.keyword]);
    };
    const expected = errorsOf();
    expect(expected).toContainEqual(["/query/perPage", "type"]);
    // Cut short, as a process killed mid-write without the rename would never leave it, or garbled by hand.
    const kept = readdirSync(cache);
    expect(kept.length).toBeGreaterThan(0);
    for (const file of kept) writeFileSync(join(cache, file), "module.exports = function validate(");
    compile.mockClear();
    expect(errorsOf()).toEqual(expected);
    expect(compile).toHaveBeenCalled();
    // Compiled again, and kept again whole: the next fake reads it back.
    compile.mockClear();
    expect(errorsOf()).toEqual(expected);
    expect(compile).not.toHaveBeenCalled();
    // A directory that cannot be made (a file stands in its place): the fake compiles each time, and checks the same.
    rmSync(cache, { recursive: true, force: true });
    writeFileSync(cache, "not a directory");
    compile.mockClear();
    expect(errorsOf()).toEqual(expected);
    expect(compile).toHaveBeenCalled();
  });
});
