// Internal: the spec as the fake serves it. find-my-way routes a method and path to its
// operation; Ajv checks the request's parameters and body against the operation's schemas,
// each operation compiled on its first request so that the fake starts fast. Why these two and
// not openapi-backend or Prism's own packages: see README.md beside this file.
import { readFileSync } from "node:fs";
import type { ErrorObject, ValidateFunction } from "ajv";
import { derefIn } from "./deref-in";
import { compileCache } from "./compile-cache";
import { peerModules, peerRequire, routerModule } from "./peer-modules";
import { schemaCompilers } from "./schema-compiler";
import { bundledSpec } from "../../prism-process";
import { cloneValue } from "../state/clone";

type JsonObject = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonObject;
}

/** One operation of the spec, with what the fake needs to answer it. */
export interface FakeOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/users/{uid}`. */
  path: string;
  /** `apikey` for the Chat and Calls APIs, `management` for the Management API (`key` and `secret`). */
  credentials: "apikey" | "management";
  /** The API whose host serves the operation, by the spec's `servers`; undefined when the spec names none. */
  api: ServedApi | undefined;
  /** Whether the operation takes `onBehalfOf`, and whether it must. */
  onBehalfOf: "none" | "optional" | "required";
  /** The documented statuses, as strings ("200", "404"). */
  statuses: ReadonlySet<string>;
  /** The spec's name of each header parameter, by its lower-case name. */
  headerNames: ReadonlyMap<string, string>;
  parameters: Parameter[];
  /** The JSON body's schema; undefined when the operation takes none, or a multipart body, which the fake does not check. */
  body: { schema: JsonObject; required: boolean } | undefined;
  responses: JsonObject;
}

/** The three APIs, each served from hosts of its own. */
export type ServedApi = "chat" | "calls" | "management";

/** The API of a server URL of the spec: the Calls host (`{appId}.call-{region}`), the Management host, or the Chat host. */
function apiOf(servers: unknown): ServedApi | undefined {
  const url = Array.isArray(servers) ? (servers[0] as { url?: unknown } | undefined)?.url : undefined;
  if (typeof url !== "string") return undefined;
  if (/^https:\/\/apimgmt\./i.test(url)) return "management";
  return /\.call-/i.test(url) ? "calls" : "chat";
}

/** A request, split as the checks read it. */
export interface RequestParts {
  path: Record<string, string>;
  search: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** What the checks found: the problems, and the parameters typed by their schemas. */
export interface Checked {
  errors: ErrorObject[];
  query: Record<string, unknown>;
}

export interface FakeSpec {
  /** The operation serving `method` and `path`, and the path parameters, or undefined. */
  route(method: string, path: string): { operation: FakeOperation; params: Record<string, string> } | undefined;
  /** The operation with this id, or undefined. */
  byId(operationId: string): FakeOperation | undefined;
  /** Checks the request against the operation's parameters and body. */
  check(operation: FakeOperation, request: RequestParts): Checked;
  /** The body of the operation's first documented example for `status`, or undefined. */
  example(operation: FakeOperation, status: string): unknown;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
/** Each component schema is a schema of its own to Ajv, with this id and its name. */
const COMPONENT_ID = "https://chat-rest-sdk.local/fake-components/";

/**
 * Loads and indexes the spec in `file`. The result is read-only and shared by every fake serving that file.
 * `checkSchemas`: whether Ajv checks each schema against the JSON Schema meta-schema before it
 * compiles it; by default, for every spec but the bundled one, whose schemas are checked once in
 * this package's tests (tests/fake/spec-schemas.test.ts) rather than at every start of a fake.
 */
export function loadFakeSpec(file: string, checkSchemas = file !== bundledSpec): FakeSpec {
  const FindMyWay = routerModule();
  const document = JSON.parse(readFileSync(file, "utf8")) as {
    paths: JsonObject;
    servers?: unknown;
    components: Record<string, JsonObject>;
    security?: unknown;
  };
  const deref = derefIn(document);
  const compiler = schemaCompilers({
    components: (document.components?.schemas ?? {}) as JsonObject,
    idBase: COMPONENT_ID,
    makeAjv(options) {
      const { Ajv, addFormats } = peerModules();
      const made = new Ajv(options);
      addFormats(made);
      return made;
    },
    cache: compileCache(peerRequire),
  });
  // Parameters arrive as text and are coerced to their types; a body is JSON and must match as sent.
  // Ajv's optimizing pass over the code it generates costs a third of each compile, and the fake
  // compiles far more than it validates; the checks it makes are the same without it.
  const options = { allErrors: true, strict: false, validateSchema: checkSchemas, code: { optimize: false } };
  const paramsAjv = compiler({ ...options, coerceTypes: "array" });
  const bodyAjv = compiler({ ...options, coerceTypes: false });

  const router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 2000 });
  const byId = new Map<string, FakeOperation>();
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = rawItem as JsonObject;
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation?.operationId) continue;
      // Path-level parameters apply to every method of the path.
      const parameters = [...((operation.parameters as unknown[]) ?? []), ...((item.parameters as unknown[]) ?? [])].map((p) =>
        deref<Parameter>(p),
      );
      const onBehalfOf = parameters.find((parameter) => parameter.in === "header" && parameter.name === "onBehalfOf");
      const security = (operation.security ?? document.security ?? []) as JsonObject[];
      const requestBody = deref<{ content?: JsonObject; required?: boolean } | undefined>(operation.requestBody);
      const json = requestBody?.content?.["application/json"] as { schema?: JsonObject } | undefined;
      const described: FakeOperation = {
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        credentials: security.some((requirement) => "key" in requirement) ? "management" : "apikey",
        api: apiOf(operation.servers ?? item.servers ?? document.servers),
        onBehalfOf: !onBehalfOf ? "none" : onBehalfOf.required ? "required" : "optional",
        statuses: new Set(Object.keys((operation.responses as JsonObject) ?? {})),
        headerNames: new Map(parameters.filter((p) => p.in === "header").map((p) => [p.name.toLowerCase(), p.name])),
        parameters,
        body: json?.schema ? { schema: json.schema, required: requestBody?.required === true } : undefined,
        responses: (operation.responses as JsonObject) ?? {},
      };
      byId.set(described.operationId, described);
      router.on(described.method as "GET", path.replace(/\{([^}]+)\}/g, ":$1"), () => described);
    }
  }

  const validators = new Map<string, { params: ValidateFunction; body?: ValidateFunction }>();
  const compile = (operation: FakeOperation) => {
    const params = paramsAjv((convert) => {
      const part = (where: Parameter["in"], name: (p: Parameter) => string) => {
        const listed = operation.parameters.filter((p) => p.in === where);
        return {
          type: "object",
          properties: Object.fromEntries(listed.map((p) => [name(p), convert(p.schema ?? {})])),
          required: listed.filter((p) => p.required || where === "path").map(name),
        };
      };
      return {
        type: "object",
        properties: {
          path: part("path", (p) => p.name),
          query: part("query", (p) => p.name),
          header: part("header", (p) => p.name.toLowerCase()),
        },
      };
    });
    const { body: json } = operation;
    const body = json && bodyAjv((convert) => convert(json.schema));
    const compiled = { params, body };
    validators.set(operation.operationId, compiled);
    return compiled;
  };

  const examples = new Map<string, unknown>();
  return {
    route(method, path) {
      const found = router.find(method as "GET", path);
      if (!found) return undefined;
      const operation = (found.handler as unknown as () => FakeOperation)();
      return { operation, params: { ...(found.params as Record<string, string>) } };
    },
    byId: (operationId) => byId.get(operationId),
    check(operation, request) {
      const validator = validators.get(operation.operationId) ?? compile(operation);
      const query: Record<string, unknown> = {};
      const header: Record<string, unknown> = {};
      for (const parameter of operation.parameters) {
        if (parameter.in === "query") {
          const values = request.search.getAll(parameter.name);
          if (!values.length) continue;
          // Arrays are form style without explode (`tags=a,b`), as the spec declares them.
          query[parameter.name] =
            parameter.schema?.type === "array" ? values.flatMap((value) => value.split(",")) : values[values.length - 1];
        } else if (parameter.in === "header") {
          const value = request.headers[parameter.name.toLowerCase()];
          if (value !== undefined) header[parameter.name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
        }
      }
      const params = { path: { ...request.path }, query, header };
      const errors: ErrorObject[] = validator.params(params) ? [] : [...(validator.params.errors ?? [])];
      errors.push(...unboundedNumbers(params));
      if (operation.body) {
        if (request.body === undefined) {
          if (operation.body.required)
            errors.push({ instancePath: "", keyword: "required", params: { missingProperty: "body" }, schemaPath: "#" });
        } else if (validator.body && !validator.body(request.body))
          errors.push(...(validator.body.errors ?? []).map((error) => ({ ...error, instancePath: `/body${error.instancePath}` })));
      }
      return { errors, query };
    },
    example(operation, status) {
      const key = `${operation.operationId} ${status}`;
      if (!examples.has(key)) {
        const content = deref<{ content?: JsonObject } | undefined>(operation.responses[status])?.content ?? {};
        const media = deref<{ examples?: JsonObject; example?: unknown } | undefined>(
          content["application/json"] ?? Object.values(content)[0],
        );
        const named = Object.values(media?.examples ?? {}).map((example) => deref<{ value?: unknown }>(example)?.value);
        examples.set(key, named.find((value) => value !== undefined) ?? media?.example);
      }
      return cloneValue(examples.get(key));
    },
  };
}

/**
 * The parameters Ajv coerced to a number JSON cannot write: `1e999` is an integer to Ajv (its
 * `% 1` is not truthy), so a `limit` with no `maximum` would reach the model as Infinity and be
 * answered back as `null`. Refused as the schema's type, as any other value that is not a number.
 */
function unboundedNumbers(params: Record<string, Record<string, unknown>>): ErrorObject[] {
  const errors: ErrorObject[] = [];
  // Every request passes here: plain loops, no arrays made for the values that are not lists.
  for (const part in params) {
    const values = params[part]!;
    for (const name in values) {
      const value = values[name];
      const unbounded = Array.isArray(value) ? value.some(infinite) : infinite(value);
      if (unbounded)
        errors.push({ instancePath: `/${part}/${name}`, keyword: "type", params: {}, schemaPath: "#", message: "must be a finite number" });
    }
  }
  return errors;
}

const infinite = (value: unknown) => typeof value === "number" && !Number.isFinite(value);

const loaded = new Map<string, FakeSpec>();

/** The spec in `file`, loaded on first use and then shared: a second fake starts without reading it again. */
export function fakeSpec(file: string): FakeSpec {
  let spec = loaded.get(file);
  if (!spec) loaded.set(file, (spec = loadFakeSpec(file)));
  return spec;
}
