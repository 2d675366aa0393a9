import { ChatConfigError, createChatClient, formDataBody } from "../../../src/index";
import { json, withServer, type FaultServer } from "../../harness/fault-server";

const ok = (_req: unknown, res: Parameters<typeof json>[0]) => json(res, 200, { data: [] });
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const client = (server: FaultServer, extra: Record<string, unknown> = {}) =>
  createChatClient({ appId: "app", apiKey: "k-input", baseUrl: server.url, ...extra });

describe("header values fetch cannot send", () => {
  const controls = [0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f, 0x85];
  test.each(controls.map((code) => [`U+${code.toString(16).padStart(4, "0")}`, String.fromCharCode(code)]))(
    "a value with %s is refused with a ChatConfigError at once: no request, no retry",
    async (_name, char) => {
      await withServer(ok, async (server) => {
        const chat = client(server);
        const inHeaders = await refused(chat.GET("/users", { headers: { "x-trace": `a${char}b` } }));
        expect(inHeaders).toBeInstanceOf(ChatConfigError);
        expect((inHeaders as Error).message).toContain('"x-trace"');
        const inHeadersObject = await refused(
          chat.GET("/users", { headers: new Headers([["x-trace", `a${char === "\x85" ? "\x01" : char}b`]]) }),
        );
        expect(inHeadersObject).toBeInstanceOf(ChatConfigError);
        expect(() => client(server, { headers: { "x-trace": `a${char}b` } })).toThrow(ChatConfigError);
        expect(server.requests).toHaveLength(0);
      });
    },
  );

  test("a tab inside a value is still sent", async () => {
    await withServer(ok, async (server) => {
      await client(server).GET("/users", { headers: { "x-trace": "a\tb" } });
      expect(server.requests[0]!.headers["x-trace"]).toBe("a\tb");
    });
  });
});

describe("onBehalfOf from every source", () => {
  test("on a bound client, a per-call headers value wins over the bound user", async () => {
    await withServer(ok, async (server) => {
      await client(server)
        .as("alice")
        .GET("/users", { headers: { onBehalfOf: "bob" } });
      await client(server)
        .as("alice")
        .GET("/users", { params: { header: { onBehalfOf: "carol" } } } as never);
      await client(server).as("alice").GET("/users");
      expect(server.requests.map((r) => r.headers.onbehalfof)).toEqual(["bob", "carol", "alice"]);
    });
  });

  test("different values in headers and params.header are refused; equal ones are sent once", async () => {
    await withServer(ok, async (server) => {
      const chat = client(server);
      const init = { headers: { onBehalfOf: "bob" }, params: { header: { onBehalfOf: "carol" } } } as never;
      const error = await refused(chat.GET("/users", init));
      expect(error).toBeInstanceOf(ChatConfigError);
      expect((error as Error).message).toMatch(/different onBehalfOf/);
      expect(await refused(chat.as("alice").GET("/users", init))).toBeInstanceOf(ChatConfigError);
      expect(server.requests).toHaveLength(0);
      await chat.GET("/users", { headers: { onBehalfOf: "bob" }, params: { header: { onBehalfOf: "bob" } } } as never);
      expect(server.requests.map((r) => r.headers.onbehalfof)).toEqual(["bob"]);
    });
  });

  test.each([[""], [" x"], ["é"], ["a\nb"]])(
    "the client-level headers option's onBehalfOf %j is refused when the client is built",
    (uid) => {
      expect(() => createChatClient({ appId: "app", apiKey: "k", headers: { onBehalfOf: uid } })).toThrow(ChatConfigError);
    },
  );

  test("a valid client-level onBehalfOf is sent, and a per-call one wins over it", async () => {
    await withServer(ok, async (server) => {
      const chat = client(server, { headers: { onBehalfOf: "dora" } });
      await chat.GET("/users");
      await chat.GET("/users", { headers: { onBehalfOf: "erin" } });
      expect(server.requests.map((r) => r.headers.onbehalfof)).toEqual(["dora", "erin"]);
    });
  });
});

describe("formDataBody", () => {
  test("refuses a FormData passed as the body, which would go out as an empty form", async () => {
    const form = new FormData();
    form.append("id", "banned");
    expect(() => formDataBody(form)).toThrow(ChatConfigError);
    await withServer(ok, async (server) => {
      const error = await refused(
        client(server).POST("/moderation/keywords", { body: form as never, bodySerializer: formDataBody } as never),
      );
      expect(error).toBeInstanceOf(ChatConfigError);
      expect(server.requests).toHaveLength(0);
    });
  });
});
