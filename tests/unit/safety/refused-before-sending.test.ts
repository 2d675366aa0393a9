// Input that fetch or Headers would throw on, or that would move the request off the base URL,
// is refused with a ChatConfigError and nothing is sent: it is not a connection failure, and
// no retry could fix it.
import fc from "fast-check";
import type { Middleware } from "openapi-fetch";
import { ChatConfigError, createChatClient, createManagementClient } from "../../../src/index";
import { recordingFetch } from "../../harness/recording-fetch";

const passThrough: Middleware = { onRequest: ({ request }) => request };

/** A Chat client recording what it sends, on the direct path or (with middleware) openapi-fetch's. */
function chatClient(withMiddleware: boolean, options: Record<string, unknown> = {}) {
  const rec = recordingFetch(200, { data: [], meta: {} });
  const chat = createChatClient({ appId: "rb", apiKey: "k", fetch: rec.fetch, ...options });
  if (withMiddleware) chat.use(passThrough);
  return { chat, rec };
}

const paths = [
  ["without middleware", false],
  ["with middleware", true],
] as const;

describe.each(paths)("methods fetch cannot send (%s)", (_path, withMiddleware) => {
  test.each(["FOO BAR", "GET\r\nX-Injected: 1", "", "CONNECT", "TRACK", "trace", "GÉT", undefined, 42])(
    "request(%p) is refused",
    async (method) => {
      const { chat, rec } = chatClient(withMiddleware);
      await expect(chat.request(method as "get", "/users")).rejects.toThrow(ChatConfigError);
      expect(rec.requests).toHaveLength(0);
    },
  );

  test("TRACE is refused", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    await expect((chat as unknown as { TRACE: typeof chat.GET }).TRACE("/users")).rejects.toThrow(/"TRACE" is not a method fetch can send/);
    expect(rec.requests).toHaveLength(0);
  });

  test("a method that is a token, such as PATCH in any case, is sent", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    await chat.request("patch" as "get", "/users");
    expect(rec.last().method).toBe("PATCH");
  });
});

describe.each(paths)("headers fetch cannot send (%s)", (_path, withMiddleware) => {
  const bad: Array<[string, Record<string, string>]> = [
    ["a CR LF in a value", { "x-trace": "a\r\nx-injected: 1" }],
    ["a NUL in a value", { "x-trace": "a\0b" }],
    ["a character above U+00FF in a value", { "x-trace": "用户" }],
    ["a name that is not a token", { "x trace": "a" }],
  ];

  test.each(bad)("per-call headers with %s", async (_case, headers) => {
    const { chat, rec } = chatClient(withMiddleware);
    const error = await chat.GET("/users", { headers }).catch((e) => e);
    expect(error).toBeInstanceOf(ChatConfigError);
    expect(error.message).toMatch(/^headers: fetch cannot send header "/);
    expect(rec.requests).toHaveLength(0);
  });

  test.each(bad)("params.header with %s", async (_case, header) => {
    const { chat, rec } = chatClient(withMiddleware);
    const error = await chat.GET("/users", { params: { header } } as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChatConfigError);
    expect(error.message).toMatch(/^params\.header: fetch cannot send header "/);
    expect(rec.requests).toHaveLength(0);
  });

  test("headers as pairs are checked too", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    await expect(chat.GET("/users", { headers: [["x-trace", "a\nb"]] } as never)).rejects.toThrow(ChatConfigError);
    expect(rec.requests).toHaveLength(0);
  });

  test("a per-call userAgent with a line break", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    await expect(chat.GET("/users", { userAgent: "bot/1\r\nx-injected: 1" })).rejects.toThrow(
      /^userAgent: fetch cannot send header "user-agent"/,
    );
    expect(rec.requests).toHaveLength(0);
  });

  test("the message names the header, not its value", async () => {
    const { chat } = chatClient(withMiddleware);
    const error = await chat.GET("/users", { headers: { "x-token": "tok-secret\r\n" } }).catch((e) => e);
    expect(error.message).toBe('headers: fetch cannot send header "x-token".');
  });

  test("Latin-1 text, which fetch sends as bytes, is sent", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    await chat.GET("/users", { headers: { "x-note": "café" } });
    expect(rec.last().headers.get("x-note")).toBe("café");
  });

  test("an onBehalfOf in per-call headers, under any casing, is checked like params.header", async () => {
    const { chat, rec } = chatClient(withMiddleware);
    for (const headers of [{ onbehalfof: " admin" }, { ONBEHALFOF: "" }, { onBehalfOf: "admin\r\n" }, { OnBehalfOf: "josé" }])
      await expect(chat.GET("/users", { headers })).rejects.toThrow(/onBehalfOf/);
    expect(rec.requests).toHaveLength(0);
  });
});

describe("client headers fetch cannot send are refused when the client is built", () => {
  test.each([
    ["a CR LF in a value", { "x-trace": "a\r\nb" }],
    ["a character above U+00FF", { "x-trace": "\u20ac" }],
    ["a name that is not a token", { "x:trace": "a" }],
  ])("%s is refused, naming the header", (_case, headers) => {
    expect(() => createChatClient({ appId: "rb", apiKey: "k", headers })).toThrow(/^headers: fetch cannot send header "/);
    expect(() => createManagementClient({ key: "mk", secret: "ms", headers })).toThrow(ChatConfigError);
  });

  test("so is a userAgent with a line break", () => {
    expect(() => createChatClient({ appId: "rb", apiKey: "k", userAgent: "bot\n" })).toThrow(ChatConfigError);
  });
});

describe.each(paths)("paths that would leave the base URL (%s path)", (_path, withMiddleware) => {
  test.each([".evil.com/apps", "//evil.com/x", "/\\evil.com/x", "/../x", "/.\t./x", "/users\n/x", "/%2e%2e/x"])(
    "the management client refuses %p",
    async (path) => {
      const rec = recordingFetch();
      const mgmt = createManagementClient({ key: "mk", secret: "ms", fetch: rec.fetch });
      if (withMiddleware) mgmt.use(passThrough);
      await expect(mgmt.GET(path as "/apps")).rejects.toThrow(ChatConfigError);
      expect(rec.requests).toHaveLength(0);
    },
  );

  test("a path built from any characters is refused, or sent under the base URL", async () => {
    const pieces = fc.constantFrom("/", "\\", ".", "..", "%2e", "%2E", "\t", "\n", "\r", "?", "#", "@", ":", "a", "{", "}");
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 8 }), async (parts) => {
        const path = `/${parts.join("")}`;
        const { chat, rec } = chatClient(withMiddleware, { baseUrl: "https://api.example.test/v3" });
        try {
          await chat.GET(path as "/users");
        } catch (error) {
          if (!(error instanceof ChatConfigError)) throw error;
          expect(rec.requests).toHaveLength(0);
          return;
        }
        expect(rec.last().url.startsWith("https://api.example.test/v3/")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
