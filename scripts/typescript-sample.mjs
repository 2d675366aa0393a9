// The TypeScript sample of an operation: a whole program a user can paste, which makes the client
// from environment variables, makes the call with the spec's examples and prints what it read.
// One template per kind of operation: a call (`unwrap`), a list (`paginate`), an upload (`formDataBody`).
import { code, tsLiteral } from "./ts-literal.mjs";

// Past this many characters a statement breaks onto several lines.
const WIDTH = 100;
const BASE_URL = "baseUrl: process.env.CHAT_BASE_URL, // unset: the service; or a mock's URL, e.g. from `npx chat-rest-mock`";
const APP = ["appId: process.env.CHAT_APP_ID!", "region: process.env.CHAT_REGION as Region", "apiKey: process.env.CHAT_API_KEY!"];
const CLIENTS = {
  chat: { factory: "createChatClient", variable: "chat", options: APP },
  calls: { factory: "createCallsClient", variable: "calls", options: APP },
  management: {
    factory: "createManagementClient",
    variable: "mgmt",
    options: ["key: process.env.CHAT_MGMT_KEY!", "secret: process.env.CHAT_MGMT_SECRET!"],
  },
};

/** Drops the keys whose value is an empty object, and returns undefined when none is left. */
function compact(object) {
  const kept = Object.entries(object).filter(
    ([, value]) => value !== undefined && !(typeof value === "object" && Object.keys(value).length === 0),
  );
  return kept.length ? Object.fromEntries(kept) : undefined;
}

function imports(op, helpers) {
  const client = CLIENTS[op.api];
  const named = [client.factory, ...helpers.sort()];
  if (op.api !== "management") named.push("type Region");
  const lines = [];
  if (op.kind === "upload" && Object.keys(op.files).length) lines.push('import { readFile } from "node:fs/promises";');
  lines.push(`import { ${named.join(", ")} } from "chat-rest-sdk";`);
  return lines;
}

function clientLines(op) {
  const client = CLIENTS[op.api];
  return [`const ${client.variable} = ${client.factory}({`, ...client.options.map((option) => `  ${option},`), `  ${BASE_URL}`, "});"];
}

/** `chat` or `chat.as("<uid>")`: the client the call goes through. */
function receiver(op) {
  const client = CLIENTS[op.api].variable;
  return op.onBehalfOf === undefined ? client : `${client}.as(${JSON.stringify(op.onBehalfOf)})`;
}

// A field whose name is not an identifier (`core.conversations`) is read with brackets.
const member = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

function readLines(answer, variable) {
  if (!answer) return ['console.log("done");'];
  if (answer.array) return [`console.log(${variable}.length);`];
  return [`console.log(${variable}${answer.field ? member(answer.field) : ""});`];
}

/** `const { data: user } = await unwrap(<call>);`, on one line when it fits. */
function unwrapStatement(op, init) {
  const { answer } = op;
  const variable = answer?.name ?? "result";
  const target = !answer
    ? ""
    : !answer.envelope
      ? `const ${variable} = `
      : variable === "data"
        ? "const { data } = "
        : `const { data: ${variable} } = `;
  const head = `${receiver(op)}.${op.method}(${JSON.stringify(op.path)}`;
  const oneLine = `${target}await unwrap(${head}${init ? `, ${tsLiteral(init)}` : ""}));`;
  if (oneLine.length <= WIDTH && !oneLine.includes("\n")) return { lines: [oneLine], variable };
  const call = init ? `  ${head}, ${tsLiteral(init, 2, 2 + head.length + 2)}),` : `  ${head}),`;
  return { lines: [`${target}await unwrap(`, call, ");"], variable };
}

function callInit(op, body, extra = {}) {
  const params = compact({ path: op.pathParams, query: op.query, header: op.headers });
  // A body is sent as the spec shows it, even `{}`: an empty one is still a body.
  const init = { ...(params && { params }), ...(body !== undefined && { body }), ...extra };
  return Object.keys(init).length ? init : undefined;
}

const TEMPLATES = {
  /** A call whose answer `unwrap` returns, or throws for. */
  call(op) {
    const { lines, variable } = unwrapStatement(op, callInit(op, op.body));
    return { helpers: ["unwrap"], lines: [...lines, ...readLines(op.answer, variable)] };
  },

  /** A list, walked to its end with `paginate`, one item at a time. */
  list(op) {
    const options = compact({ params: compact({ path: op.pathParams, header: op.headers }), query: op.query });
    const item = op.answer.name;
    const head = `for await (const ${item} of paginate(${receiver(op)}, ${JSON.stringify(op.path)}`;
    const loop = options ? `${head}, ${tsLiteral(options, 0, head.length + 2)})) {` : `${head})) {`;
    return { helpers: ["paginate"], lines: [loop, ...readLines(op.answer, item).map((line) => `  ${line}`), "}"] };
  },

  /** A multipart body: files read from disk become `File`s, and `formDataBody` encodes the form. */
  upload(op) {
    const files = Object.entries(op.files).map(
      ([field, name]) => `const ${field} = new File([await readFile(${JSON.stringify(name)})], ${JSON.stringify(name)});`,
    );
    const body = { ...op.body };
    for (const field of Object.keys(op.files)) body[field] = code(field);
    const { lines, variable } = unwrapStatement(op, callInit(op, body, { bodySerializer: code("formDataBody") }));
    return { helpers: ["formDataBody", "unwrap"], lines: [...files, ...lines, ...readLines(op.answer, variable)] };
  },
};

/**
 * The TypeScript sample of one operation, as `x-codeSamples` holds it.
 * @param {import("./sample-operations.mjs").SampleOperation} op
 * @returns {string}
 */
export function typescriptSample(op) {
  const { helpers, lines } = TEMPLATES[op.kind](op);
  const deprecated = op.replacedBy === undefined ? [] : [`// Deprecated${op.replacedBy ? `: use ${op.replacedBy} instead` : ""}.`];
  return [...imports(op, helpers), "", ...clientLines(op), "", ...deprecated, ...lines, ""].join("\n");
}
