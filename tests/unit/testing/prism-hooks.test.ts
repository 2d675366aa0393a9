// The hooks the kit's Prism starts behind (PRISM_HOOKS in prism-process.ts) take hold in the
// Prism this repository installs: each leaves Prism as it is when it cannot find what it wraps,
// so a Prism whose insides moved would lose them without a word. A child process runs them, then
// loads Prism's HTTP package and tries each.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PRISM_HOOKS } from "../../../src/testing/prism-process";

const manifest = require.resolve("@stoplight/prism-cli/package.json");
const prismBin = join(dirname(manifest), (JSON.parse(readFileSync(manifest, "utf8")) as { bin: { prism: string } }).bin.prism);

const PROBE = `
const { dirname, join } = require("node:path");
const http = dirname(require.resolve("@stoplight/prism-http/package.json", { paths: [dirname(process.argv[1])] }));
require(http);
const loaded = (pattern) => Object.keys(require.cache).some((file) => pattern.test(file));
const fakerAtLoad = loaded(/@faker-js.faker.dist/);
const postmanAtLoad = loaded(/postman-collection/);
const Ajv = require(require.resolve("ajv", { paths: [http] })).default;
const ajv = new Ajv({ strict: false });
const schema = (id) => ({ type: "object", required: ["a"], "x-stoplight": { id } });
const [first, second] = [ajv.compile(schema("one")), ajv.compile(schema("two"))];
const other = ajv.compile({ type: "object", required: ["b"], "x-stoplight": { id: "three" } });
const route = require(join(http, "dist", "router")).default;
const resources = [{ id: "1", method: "get", path: "/users/{uid}", servers: [], request: {}, responses: [] }];
const request = (path) => ({ resources, input: { method: "get", url: { path } } });
const routed = [route(request("/users/u1")), route(request("/users/u1")), route(request("/nowhere")), route(request("/nowhere"))];
const { generate } = require(join(http, "dist", "mocker", "generator", "JSONSchema"));
const made = generate({}, undefined, { type: "string", "x-faker": "internet.email" });
// A spec whose only reference cannot be resolved: Prism's own reading of Faker's options fails on it.
const spec = require("node:path").join(require("node:os").tmpdir(), "prism-hooks-" + process.pid + ".json");
require("node:fs").writeFileSync(spec, JSON.stringify({ "x-json-schema-faker": { "min-items": 3 }, paths: { $ref: "missing.json" } }));
const extensions = require(join(dirname(process.argv[1]), "extensions"));
const { JSONSchemaFaker } = require(require.resolve("json-schema-faker", { paths: [http] }));
const fakerOptions = extensions.configureExtensionsUserProvided(spec, {}).then(
  () => JSONSchemaFaker.option("minItems"),
  (error) => error.message,
).finally(() => require("node:fs").rmSync(spec));
// A schema that holds itself, used twice: the copy without cycles refers back to each use, and
// the hook works out a pointer (through the package's pathToPointer, which it calls and decycle
// itself does not) for those two places alone.
const json = require(require.resolve("@stoplight/json", { paths: [http] }));
const pathToPointer = json.pathToPointer;
let pointers = 0;
json.pathToPointer = (path) => (pointers++, pathToPointer(path));
const selfHolding = { type: "object", properties: { name: { type: "string" } } };
selfHolding.properties.child = selfHolding;
const decycled = json.decycle({ paths: { "/a": selfHolding, "/b": [selfHolding] } });
json.pathToPointer = pathToPointer;
// A Postman collection, which Prism reads with the reader the hook loads on first use.
const { getHttpOperationsFromSpec } = require(join(http, "dist", "utils", "operations"));
const collection = { info: { name: "c" }, item: [{ name: "users", request: { method: "GET", url: "http://localhost/users" } }] };
const postman = getHttpOperationsFromSpec(collection).then((operations) => operations.map((op) => [op.method, op.path]));
Promise.all([fakerOptions, postman]).then(([fakerOptions, postmanOperations]) => report(fakerOptions, postmanOperations));
const report = (fakerOptions, postmanOperations) => console.log(JSON.stringify({
  fakerOptions,
  decycled,
  pointers,
  postmanAtLoad,
  postmanOperations,
  postmanInUse: loaded(/postman-collection/),
  fakerAtLoad,
  sameValidator: first === second,
  validates: [first({}), first({ a: 1 }), other({ a: 1 })],
  routes: [routed[0]._tag, routed[0] === routed[1], routed[2]._tag, routed[2] === routed[3]],
  fakerInUse: loaded(/@faker-js.faker.dist/),
  made: made._tag === "Right" && /@/.test(made.right),
}));
`;

const copy = (pointer: string) => ({ type: "object", properties: { name: { type: "string" }, child: { $ref: pointer } } });

test("the preamble compiles a schema once per content, keeps routes, loads Faker and the Postman reader on first use, reads only the spec's Faker options, and points at cycles alone", () => {
  const output = execFileSync(process.execPath, ["-e", `${PRISM_HOOKS}\n${PROBE}`, prismBin], { encoding: "utf8" });
  expect(JSON.parse(output)).toEqual({
    decycled: { paths: { "/a": copy("#/paths/~1a"), "/b": [copy("#/paths/~1b/0")] } },
    pointers: 2,
    postmanAtLoad: false,
    postmanOperations: [["get", "/users"]],
    postmanInUse: true,
    fakerAtLoad: false,
    sameValidator: true,
    validates: [false, true, false],
    routes: ["Right", true, "Left", false],
    fakerInUse: true,
    made: true,
    fakerOptions: 3,
  });
});
