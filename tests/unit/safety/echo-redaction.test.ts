import type { IncomingMessage, ServerResponse } from "node:http";
import { inspect } from "node:util";
import type { Middleware } from "openapi-fetch";
import { ChatInvalidResponseError, createChatClient, createManagementClient } from "../../../src/index";
import { withServer } from "../../harness/fault-server";

// A service (or a proxy in front of it) that echoes the request's credentials into its answer.

// Everything an error can expose: message, stack, own fields, and the cause chain.
function dump(value: unknown, depth = 0): string {
  if (!(value instanceof Error) || depth > 6) return inspect(value, { depth: 6 });
  return [value.message, value.stack, inspect(value, { depth: 6 }), dump(value.cause, depth + 1)].join("\n");
}

const echoed = (req: IncomingMessage) => String(req.headers.apikey ?? `${req.headers.key} ${req.headers.secret}`);
const passThrough: Middleware = { onRequest: ({ request }) => request };

describe("a 2xx that is not JSON does not show an echoed key", () => {
  test("in the content-type quoted by the message", async () => {
    const key = "sk_ct_1234";
    await withServer(
      (req, res) => {
        res.writeHead(200, { "content-type": `text/plain; echo=${echoed(req)}` });
        res.end("ok");
      },
      async (server) => {
        const error = await createChatClient({ appId: "e", apiKey: key, baseUrl: server.url })
          .GET("/users")
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect(error.message).toBe("GET /users answered 200 with a text/plain; echo=[REDACTED] body; expected a JSON body.");
      },
    );
  });

  test.each([
    ["a short key, quoted whole by the JSON parser", "k3y", (key: string) => key],
    ["a long key, of which the parser quotes the start", "sk_live_0123456789abcdef", (key: string) => `${key} was not accepted`],
  ])("in the cause of malformed JSON: %s", async (_case, key, body) => {
    await withServer(
      (_q, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body(key));
      },
      async (server) => {
        const error = await createChatClient({ appId: "e", apiKey: key, baseUrl: server.url })
          .GET("/users")
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect(error.message).toMatch(/malformed JSON \(\d+ bytes\)/);
        expect(dump(error)).not.toContain(key.slice(0, 8));
      },
    );
  });
});

describe("the error of a result taken without unwrap is redacted", () => {
  const jsonEcho = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "AUTH", message: `bad key ${echoed(req)}`, details: { [echoed(req)]: [echoed(req)] } } }));
  };
  const textEcho = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(502, { "content-type": "text/html" });
    res.end(`<p>upstream refused ${echoed(req)}</p>`);
  };

  test.each([
    ["a JSON body", jsonEcho, false],
    ["a JSON body, with middleware", jsonEcho, true],
    ["a text body", textEcho, false],
    ["a text body, with middleware", textEcho, true],
  ])("%s: the echoed key is masked in the error value", async (_case, handler, withMiddleware) => {
    const key = "apikey-echo-5e6f";
    await withServer(handler, async (server) => {
      const chat = createChatClient({ appId: "e", apiKey: key, baseUrl: server.url, maxRetries: 0 });
      if (withMiddleware) chat.use(passThrough);
      const { error, response } = await chat.GET("/users");
      expect(response.ok).toBe(false);
      expect(inspect(error, { depth: 10 })).toContain("[REDACTED]");
      expect(inspect(error, { depth: 10 })).not.toContain(key);
    });
  });

  test("a management client's key and secret", async () => {
    await withServer(jsonEcho, async (server) => {
      const mgmt = createManagementClient({ key: "mk-echo-77", secret: "ms-echo-88", baseUrl: server.url });
      const { error } = await mgmt.GET("/apps");
      const text = inspect(error, { depth: 10 });
      expect(text).not.toContain("mk-echo-77");
      expect(text).not.toContain("ms-echo-88");
      expect(text).toContain("bad key [REDACTED] [REDACTED]");
    });
  });

  test("an error without any echo is the body as sent", async () => {
    const body = { error: { code: "ERR_UID_NOT_FOUND", message: "no such user" } };
    await withServer(
      (_q, res) => {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      },
      async (server) => {
        const { error } = await createChatClient({ appId: "e", apiKey: "k-quiet", baseUrl: server.url }).GET("/users");
        expect(error).toEqual(body);
      },
    );
  });
});
