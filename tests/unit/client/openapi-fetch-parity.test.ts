import type { Middleware } from "openapi-fetch";
import { ChatConfigError, ChatConnectionError, ChatInvalidResponseError, createChatClient } from "../../../src/index";
import { recordingFetch } from "../../harness/recording-fetch";

// The SDK accepts what openapi-fetch's createClient and its calls accept, and behaves the same,
// except for the differences the README lists under "Differences from openapi-fetch".

const users = { data: [], meta: {} };
const thread = { params: { path: { id: "9" } }, body: { type: "text" as const, data: { text: "hi" } } };

describe("client-level serializers, as createClient takes them", () => {
  test("querySerializer options are merged over the spec's comma-separated arrays", async () => {
    const rec = recordingFetch(200, users);
    const chat = createChatClient({
      appId: "p",
      apiKey: "k",
      fetch: rec.fetch,
      querySerializer: { array: { style: "form", explode: true } },
    });
    await chat.GET("/users", { params: { query: { tags: ["a", "b"] } } });
    expect(new URL(rec.last().url).search).toBe("?tags=a&tags=b");
  });

  test("a querySerializer function writes the whole query", async () => {
    const rec = recordingFetch(200, users);
    const chat = createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch, querySerializer: (q) => `q=${Object.keys(q).join("+")}` });
    await chat.GET("/users", { params: { query: { perPage: 1, page: 2 } } });
    expect(new URL(rec.last().url).search).toBe("?q=perPage+page");
  });

  test("a pathSerializer writes the path", async () => {
    const rec = recordingFetch();
    const chat = createChatClient({
      appId: "p",
      apiKey: "k",
      fetch: rec.fetch,
      pathSerializer: (path, params) => path.replace("{id}", `id-${params.id}`),
    });
    await chat.as("u1").POST("/messages/{id}/thread", thread);
    expect(new URL(rec.last().url).pathname).toBe("/v3/messages/id-9/thread");
  });

  test("a bodySerializer writes the body", async () => {
    const rec = recordingFetch();
    const chat = createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch, bodySerializer: (body) => `<${JSON.stringify(body)}>` });
    await chat.as("u1").POST("/messages/{id}/thread", thread);
    expect(await rec.last().text()).toBe(`<${JSON.stringify(thread.body)}>`);
  });
});

describe("a custom Request class reaches fetch", () => {
  class TracedRequest extends Request {}

  test("given per client, fetch receives an instance of it", async () => {
    const rec = recordingFetch(200, users);
    await createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch, Request: TracedRequest }).GET("/users");
    expect(rec.last()).toBeInstanceOf(TracedRequest);
    expect(rec.last().headers.get("apikey")).toBe("k");
  });

  test("given per call, with the properties openapi-fetch attaches from the call's options", async () => {
    const rec = recordingFetch(200, users);
    // A key of no option (here a property for the Request) is refused in an object literal; a variable passes it.
    const init = { Request: TracedRequest, traceId: "t-7" };
    await createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch }).GET("/users", init);
    expect(rec.last()).toBeInstanceOf(TracedRequest);
    expect((rec.last() as unknown as { traceId: string }).traceId).toBe("t-7");
  });

  test("each retry sends a fresh instance with the same body", async () => {
    const sent: Request[] = [];
    let calls = 0;
    const fetch = async (request: Request) => {
      sent.push(request);
      return ++calls === 1
        ? new Response("{}", { status: 429, headers: { "retry-after": "0" } })
        : new Response(JSON.stringify({ data: {} }), { headers: { "content-type": "application/json" } });
    };
    await createChatClient({ appId: "p", apiKey: "k", fetch, Request: TracedRequest }).as("u1").POST("/messages/{id}/thread", thread);
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r instanceof TracedRequest)).toBe(true);
    expect(await Promise.all(sent.map((r) => r.text()))).toEqual([JSON.stringify(thread.body), JSON.stringify(thread.body)]);
  });
});

describe("openapi-fetch's path styles and fetch extensions", () => {
  test.each([
    ["/users/{.uid}", "/v3/users/.a"],
    ["/users/{;uid}", "/v3/users/;uid=a"],
    ["/users/{uid*}", "/v3/users/a"],
  ])("a template with an operator, %s, is filled in rather than refused", async (template, pathname) => {
    const rec = recordingFetch(200, users);
    await createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch }).request(
      "get",
      template as "/users",
      {
        params: { path: { uid: "a" } },
      } as never,
    );
    expect(new URL(rec.last().url).pathname).toBe(pathname);
  });

  test("a template with an operator still refuses a missing parameter", async () => {
    const chat = createChatClient({ appId: "p", apiKey: "k", fetch: recordingFetch().fetch });
    await expect(chat.request("get", "/users/{.uid}" as "/users", { params: { path: {} } } as never)).rejects.toBeInstanceOf(
      ChatConfigError,
    );
  });

  test("requestInitExt is passed to fetch as its second argument, on either path", async () => {
    const seen: unknown[] = [];
    const requestInitExt = { dispatcher: "pool-1" };
    const fetch = async (_request: Request, init?: RequestInit) => {
      seen.push(init);
      return new Response(JSON.stringify(users), { headers: { "content-type": "application/json" } });
    };
    const chat = createChatClient({ appId: "p", apiKey: "k", fetch, requestInitExt });
    await chat.GET("/users");
    chat.use({ onRequest: () => undefined });
    await chat.GET("/users");
    expect(seen).toEqual([requestInitExt, requestInitExt]);
  });
});

describe("differences from openapi-fetch, on purpose", () => {
  test("every request carries the apikey and the SDK's User-Agent", async () => {
    const rec = recordingFetch(200, users);
    await createChatClient({ appId: "p", apiKey: "k-1", fetch: rec.fetch }).GET("/users");
    expect(rec.last().headers.get("apikey")).toBe("k-1");
    expect(rec.last().headers.get("user-agent")).toMatch(/^chat-rest-sdk\/\d+\.\d+\.\d+ node\//);
  });

  test("a missing path parameter is refused rather than sent as {id}", async () => {
    const rec = recordingFetch();
    const chat = createChatClient({ appId: "p", apiKey: "k", fetch: rec.fetch });
    await expect(chat.as("u1").POST("/messages/{id}/thread", { ...thread, params: { path: {} } } as never)).rejects.toBeInstanceOf(
      ChatConfigError,
    );
    expect(rec.requests).toHaveLength(0);
  });

  test("an empty 2xx body where JSON is expected is refused rather than returned as undefined", async () => {
    const fetch = async () => new Response("", { status: 200, headers: { "content-type": "application/json" } });
    await expect(createChatClient({ appId: "p", apiKey: "k", fetch }).GET("/users")).rejects.toBeInstanceOf(ChatInvalidResponseError);
  });

  test("onError middleware receives the SDK's typed error, with the original as its cause", async () => {
    const original = new TypeError("fetch failed", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
    const fetch = async () => {
      throw original;
    };
    const errors: unknown[] = [];
    const middleware: Middleware = { onError: ({ error }) => void errors.push(error) };
    const chat = createChatClient({ appId: "p", apiKey: "k-on-error", fetch, maxRetries: 0 });
    chat.use(middleware);
    await expect(chat.GET("/users")).rejects.toBeInstanceOf(ChatConnectionError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ChatConnectionError);
    expect((errors[0] as Error).cause).toBe(original);
  });
});
