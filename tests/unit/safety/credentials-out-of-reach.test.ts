import { inspect } from "node:util";
import { ChatConnectionError, ChatTimeoutError, createChatClient, createManagementClient, unwrap } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const KEY = "sk_live_9f8e7d6c5b4a";
const SECRET = "mgmt-secret-4c3b2a";

/** Everything an error could show a log: message, stack, fields and the whole cause chain. */
const shown = (value: unknown) => `${inspect(value, { showHidden: true, depth: 10 })} ${String((value as Error)?.stack ?? "")}`;

describe("credentials in a path parameter", () => {
  test("a connection error quotes the URL with the API key in the path masked", async () => {
    const refused = async () => {
      throw Object.assign(new TypeError("fetch failed"), {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      });
    };
    const chat = createChatClient({ appId: "app", apiKey: KEY, baseUrl: "http://127.0.0.1:9", fetch: refused, maxRetries: 0 });
    const error = await chat.DELETE("/apikeys/{apiKey}", { params: { path: { apiKey: KEY } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect((error as Error).message).toContain("/apikeys/[REDACTED]");
    expect(shown(error)).not.toContain(KEY);
  });

  test("a timeout names the URL with the management secret in an appId masked", async () => {
    await withServer(
      () => {},
      async (server) => {
        const mgmt = createManagementClient({ key: "mk-1", secret: SECRET, baseUrl: server.url, timeoutMs: 50, maxRetries: 0 });
        const error = await mgmt.DELETE("/apps/{appId}", { params: { path: { appId: SECRET } } }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ChatTimeoutError);
        expect((error as Error).message).toContain("/apps/[REDACTED]");
        expect(shown(error)).not.toContain(SECRET);
      },
    );
  });
});

describe("a failed result", () => {
  test("holds nothing from which the key can be read, even with hidden fields shown", async () => {
    await withServer(
      (_req, res) => json(res, 404, { error: { code: "ERR_UID_NOT_FOUND", message: "no such user" } }),
      async (server) => {
        const chat = createChatClient({ appId: "app", apiKey: KEY, baseUrl: server.url });
        const result = await chat.GET("/users/{uid}", { params: { path: { uid: "nobody" } } });
        expect(result.error).toBeDefined();
        expect(inspect(result, { showHidden: true, depth: 10 })).not.toContain(KEY);
        expect(Object.getOwnPropertySymbols(result)).toEqual([]);
        // unwrap still names the operation of the result it is given.
        const error = await unwrap(Promise.resolve(result)).catch((e: unknown) => e);
        expect((error as Error).message).toContain("GET /users/{uid}");
      },
    );
  });
});

describe("what a custom fetch rejects with", () => {
  const rejectingWith = (reason: (request: Request) => unknown) => async (request: Request) => {
    throw reason(request);
  };

  test.each([
    ["a string quoting the key", () => `upstream refused key ${KEY}`],
    ["a plain object holding the key", () => ({ reason: "refused", apikey: KEY, nested: { header: `apikey=${KEY}` } })],
    ["an Error carrying the Request", (request: Request) => Object.assign(new Error("refused"), { request })],
    ["an Error whose cause is a string with the key", () => new Error("refused", { cause: `key ${KEY}` })],
  ])("is masked in the connection error's cause when it is %s", async (_shape, reason) => {
    const chat = createChatClient({
      appId: "app",
      apiKey: KEY,
      baseUrl: "http://127.0.0.1:9",
      fetch: rejectingWith(reason),
      maxRetries: 0,
    });
    const error = await chat.GET("/users").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect((error as Error).cause).toBeDefined();
    expect(shown(error)).not.toContain(KEY);
    expect(shown((error as Error).cause)).toContain("[REDACTED]");
  });
});
