// The curl sample of an operation: the same request as its TypeScript sample, for a shell, with
// the app and the credentials taken from the same environment variables.

// The server URL's variables, and the environment variables that fill them.
const SERVER_VARIABLES = { appId: "$CHAT_APP_ID", region: "$CHAT_REGION" };
const CREDENTIALS = {
  chat: ["apikey: $CHAT_API_KEY"],
  calls: ["apikey: $CHAT_API_KEY"],
  management: ["key: $CHAT_MGMT_KEY", "secret: $CHAT_MGMT_SECRET"],
};

/** In single quotes: the shell takes it as it is. */
const single = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;
/** In double quotes, for text whose only `$` are the environment variables the shell is to expand. */
const double = (text) => `"${String(text).replace(/[\\"`]/g, "\\$&")}"`;
/** Percent-encoded, `!'()*` included, so that the URL needs no quoting of its own. */
const encode = (value) => encodeURIComponent(String(value)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
// The spec's query arrays are `style: form, explode: false`: one parameter, items joined by commas.
const queryValue = (value) => (Array.isArray(value) ? value.map(encode).join(",") : encode(value));

function url(op) {
  const base = op.serverUrl.replace(/\{(\w+)\}/g, (_, name) => SERVER_VARIABLES[name] ?? `{${name}}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name) => encode(op.pathParams[name]));
  const query = Object.entries(op.query).map(([name, value]) => `${encode(name)}=${queryValue(value)}`);
  // `$` is the one character double quotes leave to the shell: the variables above use it, encode() never leaves one.
  return `"${base}${path}${query.length ? `?${query.join("&")}` : ""}"`;
}

function bodyArguments(op) {
  if (op.body === undefined) return [];
  if (op.kind !== "upload") return ["--header 'Content-Type: application/json'", `--data ${single(JSON.stringify(op.body, null, 2))}`];
  return Object.entries(op.body)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([field, value]) =>
      field in op.files ? `--form ${single(`${field}=@${op.files[field]}`)}` : `--form-string ${single(`${field}=${value}`)}`,
    );
}

/**
 * The curl sample of one operation, as `x-codeSamples` holds it.
 * @param {import("./sample-operations.mjs").SampleOperation} op
 * @returns {string}
 */
export function curlSample(op) {
  const headers = [
    ...CREDENTIALS[op.api].map((header) => `--header ${double(header)}`),
    ...(op.onBehalfOf === undefined ? [] : [`--header ${single(`onBehalfOf: ${op.onBehalfOf}`)}`]),
    ...Object.entries(op.headers).map(([name, value]) => `--header ${single(`${name}: ${value}`)}`),
  ];
  const lines = [`curl --request ${op.method} ${url(op)}`, ...headers, ...bodyArguments(op)];
  return `${lines.join(" \\\n  ")}\n`;
}
