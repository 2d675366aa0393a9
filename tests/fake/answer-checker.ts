// Checks every answer of the fake against the spec: the status must be one its operation
// documents, and the body must match that status's schema (Ajv, through the contract harness's
// response validator), so the fake cannot drift from the types users compile against. The
// resources users read most (Message, User, Group) are checked closed: a field the fake sends
// that the spec does not declare is refused, so it cannot be missing from the types.
import { createCallsClient, createChatClient, createManagementClient } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { bundledSpec } from "../../src/testing/prism-process";
import { answerTextOf } from "../../src/testing/fake/fronts/in-process";
import { fakeSpec } from "../../src/testing/fake/spec/fake-spec";
import { responseValidator } from "../harness/response-validator";
import { type Json, type JsonObject, loadSpec, type OpenApiDocument, resolve } from "../harness/spec";

/** The schemas whose answers may carry no property they do not declare. */
export const CLOSED_SCHEMAS = ["Message", "User", "Group"] as const;

const refTo = (name: string) => `#/components/schemas/${name}`;

/**
 * A copy of `spec` in which the {@link CLOSED_SCHEMAS} refuse undeclared properties. A schema that
 * extends one of them with `allOf` (ThreadMessage, GroupMember, CreatedGroup, ...) is merged into
 * one closed object: `additionalProperties: false` on a branch of an `allOf` would refuse the
 * properties of its siblings.
 */
export function strictSpec(source?: OpenApiDocument): OpenApiDocument {
  // A spec read afresh is a copy already.
  const copy = source ? structuredClone(source) : loadSpec();
  const schemas = copy.components.schemas as JsonObject;
  const closed = new Set(CLOSED_SCHEMAS.map(refTo));
  const merge = (node: JsonObject): JsonObject => {
    const branches = (node.allOf as JsonObject[]).map((branch) => resolve<JsonObject>(copy, branch));
    const { allOf: _allOf, ...rest } = node;
    return {
      ...rest,
      type: "object",
      properties: Object.assign({}, ...branches.map((branch) => branch.properties ?? {})),
      required: [...new Set(branches.flatMap((branch) => (branch.required as string[] | undefined) ?? []))],
      additionalProperties: false,
    };
  };
  // A node with nothing to close inside is kept as it is (the copy is this function's own): only
  // the nodes on the way to a merged allOf are copied.
  const walk = (node: Json): Json => {
    if (!node || typeof node !== "object") return node;
    if (Array.isArray(node)) {
      const items = node.map(walk);
      return items.some((item, i) => item !== node[i]) ? items : node;
    }
    let out: JsonObject | undefined;
    for (const key in node) {
      const value = node[key]!;
      const walked = walk(value);
      if (walked !== value) (out ??= { ...node })[key] = walked;
    }
    const result = out ?? node;
    const allOf = result.allOf as JsonObject[] | undefined;
    return allOf?.some((branch) => closed.has(branch.$ref as string)) ? merge(result) : result;
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = walk(schema);
  copy.paths = walk(copy.paths) as JsonObject;
  for (const name of CLOSED_SCHEMAS) (schemas[name] as JsonObject).additionalProperties = false;
  return copy;
}

/** The spec with the closed schemas, and its validator: built once per test file, for the answers and the events. */
export const closedSpec = strictSpec();
export const closedValidator = responseValidator(closedSpec);
const spec = closedSpec;
const validator = closedValidator;
const ERROR_ENVELOPE = { $ref: "#/components/schemas/ErrorEnvelope" } as JsonObject;

/** The schema of the answers of `method` `path` with `status`, looked up once; null when the operation does not document the status. */
const schemas = new Map<string, { schema: JsonObject } | null>();
function schemaOf(path: string, method: string, status: number): { schema: JsonObject } | null {
  const key = `${method} ${path} ${status}`;
  let found = schemas.get(key);
  if (found === undefined) {
    const operation = resolve(spec, (spec.paths[path] as JsonObject)[method.toLowerCase()]);
    const response = (operation.responses as JsonObject)[String(status)];
    if (!response) found = null;
    else {
      const content = resolve(spec, response).content as JsonObject | undefined;
      found = { schema: resolve<JsonObject>(spec, content?.["application/json"]).schema as JsonObject };
    }
    schemas.set(key, found);
  }
  return found;
}

const decoder = new TextDecoder();

/** The body's JSON value, or its text when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * `response` again, its body read already as `bytes`: the same status, headers, URL and bytes. A
 * clone would tee the body into two streams, which cost more than the whole check of the answer.
 */
function again(response: Response, bytes: ArrayBuffer): Response {
  const { status, statusText, headers, url } = response;
  const copy = new Response(NULL_BODY_STATUS.has(status) ? null : bytes, { status, statusText, headers });
  return Object.defineProperty(copy, "url", { value: url });
}

export interface AnswerChecker {
  /** A fetch for the SDK's `fetch` option that checks each answer it passes on. */
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  /** Checks one answer to `method` `url`; the problems found are kept. */
  check(method: string, url: string, status: number, body: unknown): Promise<void>;
  /** Every problem found so far, one line each; and how many answers were checked. */
  problems(): string[];
  checked(): number;
}

/**
 * `send` answers each request: the global `fetch` at the time of the request by default (MSW
 * replaces it once its server listens), or a fake's `handle` in process.
 */
export function answerChecker(
  send: (input: Request, init?: RequestInit) => Promise<Response> = (input, init) => fetch(input, init),
): AnswerChecker {
  const problems: string[] = [];
  let checked = 0;
  const check = (method: string, url: string, status: number, body: unknown) => {
    checked++;
    const { hostname, pathname: full } = new URL(url);
    // Through MSW the clients call the service's own hosts, where the Chat and Calls paths start with /v3.
    const pathname = hostname.endsWith(".cometchat.io") && full.startsWith("/v3/") ? full.slice(3) : full;
    const found = fakeSpec(bundledSpec).route(method, pathname);
    const where = `${method} ${pathname} ${status}`;
    let schema = ERROR_ENVELOPE;
    if (found) {
      const documented = schemaOf(found.operation.path, method, status);
      if (!documented) {
        problems.push(`${where}: ${found.operation.operationId} does not document ${status}`);
        return;
      }
      schema = documented.schema;
    } else if (status !== 404) problems.push(`${where}: no operation, yet not 404`);
    for (const error of validator.validate(schema, body)) problems.push(`${where}: ${error.path} ${error.message}`);
  };
  return {
    async fetch(input, init) {
      const response = await send(input, init);
      // An answer of the fake's handle() (in process, or through MSW) comes with the text of its
      // body: checked as it is, and handed on unread.
      const known = response.bodyUsed ? undefined : answerTextOf(response);
      if (known !== undefined) {
        check(input.method, input.url, response.status, parsed(known));
        return response;
      }
      const bytes = await response.arrayBuffer();
      check(input.method, input.url, response.status, parsed(decoder.decode(bytes)));
      return again(response, bytes);
    },
    check: async (...args) => check(...args),
    problems: () => problems,
    checked: () => checked,
  };
}

/** The three clients on the fake (over HTTP, or through MSW), with its credentials, every answer checked by `checker`. */
export function clientsOf(fake: FakeServer, checker: AnswerChecker, via: "http" | "msw" = "http") {
  // Through MSW the clients keep the service's URLs; MSW, set up by the test, hands each request to the fake.
  const common = via === "http" ? { baseUrl: fake.url, fetch: checker.fetch } : { fetch: checker.fetch };
  return {
    chat: createChatClient({ appId: fake.appId, apiKey: fake.apiKey, ...common }),
    calls: createCallsClient({ appId: fake.appId, apiKey: fake.apiKey, ...common }),
    management: createManagementClient({ key: fake.key, secret: fake.secret, ...common }),
  };
}
