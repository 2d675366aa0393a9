// What a code sample needs to know of each operation of a bundled spec, read from the spec alone:
// which client calls it, its kind (a call, a list walked with `paginate`, an upload), the
// parameters and body it is shown with (the spec's own examples) and what to read from its answer.
// The templates (typescript-sample.mjs, curl-sample.mjs) only print what this finds.

const METHODS = ["get", "put", "post", "delete", "patch"];
// The query parameters that `paginate` sends itself; a list's sample leaves them to it.
const PAGING = new Set(["page", "perPage", "limit", "affix", "id", "sentAt", "logId"]);
// Optional query parameters shown per sample, in the spec's order: enough to show how filters
// are passed, few enough that the call stays readable (the message lists take thirty).
const OPTIONAL_QUERY_SHOWN = 3;
// The field printed from an answer: the first of these it has, else its first required field.
const READ_FIRST = ["uid", "guid", "id", "sessionId", "name", "success"];
// A binary field's example names its file, as "(the bytes of <file name>)".
const FILE_EXAMPLE = /^\(the bytes of (.+)\)$/;

/**
 * @typedef {object} SampleOperation
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path the template, e.g. `/users/{uid}`
 * @property {"chat" | "calls" | "management"} api which client calls it
 * @property {string} serverUrl the server URL template, e.g. `https://{appId}.api-{region}.cometchat.io/v3`
 * @property {"call" | "list" | "upload"} kind
 * @property {string | undefined} onBehalfOf the UID to act as, when the operation requires one
 * @property {Record<string, unknown>} pathParams
 * @property {Record<string, unknown>} query
 * @property {Record<string, unknown>} headers every header parameter shown but `onBehalfOf`
 * @property {unknown} body the first named example of the body, if the sample sends one
 * @property {Record<string, string>} files for an upload, the file name of each binary field
 * @property {Answer | undefined} answer what the 2xx body holds, if it is JSON
 * @property {string | undefined} replacedBy for a deprecated operation, what replaces it
 *
 * @typedef {object} Answer
 * @property {boolean} envelope the resource is under `data`
 * @property {string} name a variable name for the resource (or, for a list, for one item)
 * @property {boolean} array the resource is an array (read its length)
 * @property {string | undefined} field the field to print
 */

/** Resolves local `$ref`s of the bundled document. */
const resolver = (spec) => (node) => {
  let at = node;
  while (at?.$ref) {
    at = at.$ref
      .slice(2)
      .split("/")
      .reduce((parent, part) => parent[part.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
  }
  return at;
};

const refName = (node) => node?.$ref?.split("/").pop();
const camel = (name) => name.charAt(0).toLowerCase() + name.slice(1);
// Names a resource variable may not take: JavaScript's reserved words and the sample's own names.
const TAKEN = new Set(["chat", "calls", "mgmt", "default", "delete", "function", "new", "class", "import", "export", "this", "await"]);

function variableName(schemaNode, fallback) {
  const name = refName(schemaNode);
  const variable = name ? camel(name) : fallback;
  return TAKEN.has(variable) ? `${variable}Result` : variable;
}

/** The fields every shape of `schema` has (all of allOf, the common ones of oneOf and anyOf), with whether each is required. */
function fieldsOf(schema, resolve) {
  const node = resolve(schema);
  if (!node) return [];
  if (node.allOf) return node.allOf.flatMap((part) => fieldsOf(part, resolve));
  const branches = node.oneOf ?? node.anyOf;
  if (branches) {
    const [first, ...rest] = branches.map((branch) => fieldsOf(branch, resolve));
    return (first ?? []).filter((field) => rest.every((other) => other.some((o) => o.name === field.name)));
  }
  const required = new Set(node.required ?? []);
  return Object.keys(node.properties ?? {}).map((name) => ({ name, required: required.has(name) }));
}

// A sample never prints a credential the answer carries (a provider's API key or auth token).
const CREDENTIAL = /(secret|password|token|apikey|privatekey|sid)$/i;

function fieldToRead(schema, resolve) {
  const fields = fieldsOf(schema, resolve).filter((field) => !CREDENTIAL.test(field.name));
  const names = new Set(fields.map((field) => field.name));
  return READ_FIRST.find((name) => names.has(name)) ?? fields.find((field) => field.required)?.name ?? fields[0]?.name;
}

function exampleOf(param, operationId) {
  const example = param.example ?? param.schema?.example;
  if (example === undefined)
    throw new Error(`${operationId}: ${param.in} parameter "${param.name}" has no example to show in its code sample.`);
  return example;
}

/** The first named example of a body, or its single `example`. */
function bodyExample(content) {
  const named = Object.values(content.examples ?? {})[0];
  return named ? named.value : content.example;
}

function answerOf(op, kind, resolve) {
  const status = Object.keys(op.responses ?? {}).find((code) => code.startsWith("2"));
  const schemaNode = resolve(op.responses[status])?.content?.["application/json"]?.schema;
  if (!schemaNode) return undefined;
  const body = resolve(schemaNode);
  const dataNode = body.properties?.data;
  if (!dataNode) return { envelope: false, name: variableName(schemaNode, "result"), array: false, field: fieldToRead(body, resolve) };
  const data = resolve(dataNode);
  if (data.type === "array") {
    const item = variableName(data.items, "item");
    if (kind === "list") return { envelope: true, name: item, array: false, field: fieldToRead(data.items, resolve) };
    return { envelope: true, name: item.endsWith("s") ? `${item}List` : `${item}s`, array: true, field: undefined };
  }
  return { envelope: true, name: variableName(dataNode, "result"), array: false, field: fieldToRead(data, resolve) };
}

/**
 * A GET whose answer always has `data[]` and a `meta` with page numbers (`meta.pagination`) or a
 * cursor (`meta.current`, `meta.next`): what `paginate`'s types accept (PagedPath, CursorPath).
 */
function isList(method, op, resolve) {
  if (method !== "get") return false;
  const schema = resolve(resolve(op.responses?.["200"])?.content?.["application/json"]?.schema);
  const required = new Set(schema?.required ?? []);
  const data = resolve(schema?.properties?.data);
  const meta = resolve(schema?.properties?.meta)?.properties ?? {};
  const paged = "pagination" in meta || "current" in meta || "next" in meta;
  return data?.type === "array" && required.has("data") && required.has("meta") && paged;
}

function apiOf(servers) {
  const urls = servers.map((server) => server.url);
  if (urls.some((url) => url.includes("apimgmt."))) return "management";
  if (urls.some((url) => url.includes(".call-{region}."))) return "calls";
  return "chat";
}

function shownParameters(params, kind, operationId) {
  const pathParams = {};
  const query = {};
  const headers = {};
  let onBehalfOf;
  let optionalQuery = 0;
  for (const param of params) {
    if (param.in === "path") pathParams[param.name] = exampleOf(param, operationId);
    else if (param.in === "header" && param.name === "onBehalfOf") {
      if (param.required) onBehalfOf = exampleOf(param, operationId);
    } else if (param.in === "header") {
      if (param.required || param.example !== undefined || param.schema?.example !== undefined)
        headers[param.name] = exampleOf(param, operationId);
    } else if (param.in === "query") {
      if (param.required) query[param.name] = exampleOf(param, operationId);
      else if (kind === "list" && PAGING.has(param.name)) continue;
      else if (optionalQuery < OPTIONAL_QUERY_SHOWN && (param.example ?? param.schema?.example) !== undefined) {
        query[param.name] = exampleOf(param, operationId);
        optionalQuery += 1;
      }
    }
  }
  return { pathParams, query, headers, onBehalfOf };
}

function bodyOf(op, resolve, operationId) {
  const requestBody = resolve(op.requestBody);
  if (!requestBody) return { body: undefined, files: {}, multipart: false };
  const json = requestBody.content?.["application/json"];
  const form = requestBody.content?.["multipart/form-data"];
  const content = json ?? form;
  const body = content ? bodyExample(content) : undefined;
  if (body === undefined && requestBody.required)
    throw new Error(`${operationId}: the request body has no example to show in its code sample.`);
  if (!form || json) return { body, files: {}, multipart: false };
  const files = {};
  for (const field of fieldsOf(form.schema, resolve)) {
    const schema = resolve(resolve(form.schema).properties?.[field.name]);
    if (schema?.format !== "binary" || body?.[field.name] === undefined) continue;
    files[field.name] = FILE_EXAMPLE.exec(String(body[field.name]))?.[1] ?? field.name;
  }
  return { body, files, multipart: true };
}

/**
 * Every operation of a bundled spec, with what its code samples show, in the spec's order.
 * @param {Record<string, any>} spec
 * @returns {Array<SampleOperation & { target: Record<string, unknown> }>} `target` is the operation object of the spec itself
 */
export function sampleOperations(spec) {
  const resolve = resolver(spec);
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const servers = item.servers ?? spec.servers ?? [];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operationId = op.operationId;
      // An operation's own parameter replaces the path item's of the same name and place.
      const byKey = new Map();
      for (const param of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve))
        byKey.set(`${param.in} ${param.name}`, param);
      const { body, files, multipart } = bodyOf(op, resolve, operationId);
      const kind = isList(method, op, resolve) ? "list" : multipart ? "upload" : "call";
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        api: apiOf(servers),
        serverUrl: servers[0]?.url ?? "",
        kind,
        ...shownParameters([...byKey.values()], kind, operationId),
        body,
        files,
        answer: answerOf(op, kind, resolve),
        replacedBy: op.deprecated ? (op["x-replaced-by"] ?? "") : undefined,
        target: op,
      });
    }
  }
  return operations;
}
