import { inspect } from "node:util";
import { createChatClient, createManagementClient, unwrap, type Logger } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const API_KEY = "apikey-9f8e7d6c5b4a";
const MGMT_KEY = "mgmtkey-1a2b3c4d5e";
const MGMT_SECRET = "mgmtsecret-6f7a8b9c0d";
const SECRETS = [API_KEY, MGMT_KEY, MGMT_SECRET];

function recordingLogger() {
  const lines: string[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${JSON.stringify(fields)}`);
  const logger: Logger = { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
  return { logger, lines };
}

// Everything an error can expose: message, stack, own fields, and the cause chain.
function dump(value: unknown, depth = 0): string {
  if (!(value instanceof Error) || depth > 6) return inspect(value, { depth: 6 });
  return [value.message, value.stack, inspect(value, { depth: 6 }), JSON.stringify(value), dump(value.cause, depth + 1)].join("\n");
}

const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

describe("credentials never leak", () => {
  test("util.inspect and JSON.stringify of clients show no credential", () => {
    const chat = createChatClient({ appId: "leak", apiKey: API_KEY });
    const mgmt = createManagementClient({ key: MGMT_KEY, secret: MGMT_SECRET });
    for (const client of [chat, chat.as("u1"), mgmt]) {
      expectNoSecret(inspect(client, { depth: 10, showHidden: true }));
      expectNoSecret(JSON.stringify(client) ?? "");
    }
  });

  test("every error path and every log line is free of the key and the secret", async () => {
    const { logger, lines } = recordingLogger();
    const leakyFetch = async () => {
      throw new TypeError(`fetch failed for apikey=${API_KEY}`, {
        cause: Object.assign(new Error(`socket ${API_KEY}`), { code: "ECONNRESET", key: API_KEY }),
      });
    };
    const failures = await withServer(
      (req, res) => {
        // A hostile or buggy service echoing the credentials back in its error body.
        if (req.url?.startsWith("/echo"))
          return json(res, 400, {
            error: {
              code: "ERR",
              message: `bad key ${req.headers.apikey ?? req.headers.secret}`,
              details: { key: [String(req.headers.key)] },
            },
          });
        if (req.url?.startsWith("/users")) return json(res, 500, { error: { code: "ERR", message: "boom" } });
        if (req.url?.startsWith("/apps"))
          return json(res, 401, { error: { code: "AUTH_ERR", message: `secret ${req.headers.secret} rejected` } });
        req.socket.destroy();
      },
      async (server) => {
        const chat = createChatClient({ appId: "leak", apiKey: API_KEY, baseUrl: server.url, logger, maxRetries: 1 });
        const mgmt = createManagementClient({ key: MGMT_KEY, secret: MGMT_SECRET, baseUrl: server.url, logger, maxRetries: 0 });
        return Promise.all([
          unwrap(chat.GET("/users")).catch((e) => e),
          unwrap(chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: {} })).catch((e) => e),
          unwrap(chat.request("get", "/echo" as "/users")).catch((e) => e),
          unwrap(mgmt.GET("/apps")).catch((e) => e),
          unwrap(mgmt.request("get", "/echo" as "/apps")).catch((e) => e),
          unwrap(createChatClient({ appId: "leak", apiKey: API_KEY, fetch: leakyFetch, maxRetries: 0 }).GET("/users")).catch((e) => e),
          Promise.resolve()
            .then(() => createChatClient({ appId: "bad.host", apiKey: API_KEY }))
            .catch((e) => e),
        ]);
      },
    );
    expect(failures.every((f) => f instanceof Error)).toBe(true);
    expect(failures.map((f) => f.name)).toEqual([
      "InternalServerError",
      "ChatConnectionError",
      "BadRequestError",
      "AuthenticationError",
      "BadRequestError",
      "ChatConnectionError",
      "ChatConfigError",
    ]);
    expect(failures[2].message).toContain("[REDACTED]");
    for (const failure of failures) expectNoSecret(dump(failure));
    expect(lines.length).toBeGreaterThan(0);
    expectNoSecret(lines.join("\n"));
  });
});
