import { ChatConfigError, ChatTimeoutError, createChatClient, createManagementClient, type Logger } from "../../../src/index";

interface Seen {
  url: string;
  headers: Record<string, string>;
  ext: unknown;
  via: string;
}

function headersOf(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** A fetch that records what each request carried, and answers with `answer` (200 by default). */
function recorder(seen: Seen[], via = "parent", answer: () => Response = () => Response.json({ data: [] })) {
  return async (request: Request, ext?: RequestInit) => {
    seen.push({ url: request.url, headers: headersOf(request), ext, via });
    return answer();
  };
}

const appOptions = { appId: "derive", apiKey: "k-derive-secret", baseUrl: "http://127.0.0.1:9" };

describe("withOptions", () => {
  test("a derived client sends with its own headers, fetch and fetch options; its parent keeps its own", async () => {
    const seen: Seen[] = [];
    const chat = createChatClient({ ...appOptions, headers: { "x-team": "core" }, fetch: recorder(seen) });
    const child = chat.withOptions({
      headers: { "x-request-source": "nightly", "x-team": null },
      fetch: recorder(seen, "child"),
      requestInitExt: { priority: "low" },
      userAgent: "nightly-export/1.0",
    });
    await child.GET("/users");
    await chat.GET("/users");
    expect(seen[0]).toMatchObject({ via: "child", ext: { priority: "low" } });
    expect(seen[0]!.headers).toMatchObject({
      "x-request-source": "nightly",
      apikey: "k-derive-secret",
      "user-agent": "nightly-export/1.0",
    });
    expect(seen[0]!.headers["x-team"]).toBeUndefined();
    expect(seen[1]).toMatchObject({ via: "parent", ext: undefined });
    expect(seen[1]!.headers).toMatchObject({ "x-team": "core" });
    expect(seen[1]!.headers["x-request-source"]).toBeUndefined();
    expect(seen[1]!.headers["user-agent"]).toMatch(/^chat-rest-sdk\//);
  });

  test("a derived client retries as its maxRetries says, its parent as its own", async () => {
    const seen: Seen[] = [];
    const tooMany = () => Response.json({}, { status: 429, headers: { "retry-after": "0" } });
    const chat = createChatClient({ ...appOptions, maxRetries: 0, fetch: recorder(seen, "parent", tooMany) });
    const child = chat.withOptions({ maxRetries: 3 });
    expect((await chat.GET("/users")).response.status).toBe(429);
    expect(seen).toHaveLength(1);
    expect((await child.GET("/users")).response.status).toBe(429);
    expect(seen).toHaveLength(1 + 4);
  });

  test("a derived client's timeoutMs bounds its attempts where its parent has none", async () => {
    const hangs = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
    const chat = createChatClient({ ...appOptions, timeoutMs: 0, maxRetries: 0, fetch: hangs });
    const outcome = await chat
      .withOptions({ timeoutMs: 5 })
      .GET("/users")
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(ChatTimeoutError);
    expect((outcome as Error).message).toContain("no response within 5 ms");
  });

  test("a derived client's deadlineMs ends its call before a wait that would pass it", async () => {
    const seen: Seen[] = [];
    const later = () => Response.json({}, { status: 429, headers: { "retry-after": "30" } });
    const chat = createChatClient({ ...appOptions, fetch: recorder(seen, "parent", later) });
    // Without the deadline, the call would wait the 30 s out and ask again.
    const { response } = await chat.withOptions({ deadlineMs: 1_000 }).GET("/users");
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  test("a derived client logs to its own logger; the parent's gets none of its lines", async () => {
    const lines = (into: string[]): Logger => ({
      debug: (m) => into.push(`debug ${m}`),
      info: (m) => into.push(`info ${m}`),
      warn: (m) => into.push(`warn ${m}`),
      error: (m) => into.push(`error ${m}`),
    });
    const parentLines: string[] = [];
    const childLines: string[] = [];
    const chat = createChatClient({ ...appOptions, fetch: recorder([]), logger: lines(parentLines) });
    await chat.withOptions({ logger: lines(childLines) }).GET("/users");
    expect(childLines).toEqual(["debug chat-rest-sdk attempt"]);
    expect(parentLines).toEqual([]);
    // A level alone keeps the parent's logger.
    await chat.withOptions({ logLevel: "info" }).GET("/users");
    expect(parentLines).toEqual([]);
    await chat.GET("/users");
    expect(parentLines).toEqual(["debug chat-rest-sdk attempt"]);
  });

  test("the user a derived client acts as: its onBehalfOf, else one its headers name, else its parent's", async () => {
    const seen: Seen[] = [];
    const chat = createChatClient({ ...appOptions, fetch: recorder(seen) });
    const ana = chat.as("ana");
    await ana.withOptions({ timeoutMs: 1_000 }).GET("/users");
    await ana.withOptions({ onBehalfOf: "ben" }).GET("/users");
    await ana.withOptions({ headers: { onBehalfOf: "cy" } }).GET("/users");
    await chat.withOptions({ onBehalfOf: "dee" }).as("eve").GET("/users");
    await chat.withOptions({ timeoutMs: 1_000 }).GET("/users");
    expect(seen.map((s) => s.headers.onbehalfof)).toEqual(["ana", "ben", "cy", "eve", undefined]);
  });

  test("a derived client runs its parent's middleware, including middleware registered after deriving", async () => {
    const seen: Seen[] = [];
    const chat = createChatClient({ ...appOptions, fetch: recorder(seen) });
    const child = chat.withOptions({ maxRetries: 0 });
    chat.use({
      onRequest({ request }) {
        request.headers.set("x-middleware", "parent");
        return request;
      },
    });
    await child.GET("/users");
    expect(seen[0]!.headers["x-middleware"]).toBe("parent");
  });

  test("a Management client derives one with its credentials and the overrides", async () => {
    const seen: Seen[] = [];
    const mgmt = createManagementClient({ key: "mk", secret: "ms-secret", baseUrl: "http://127.0.0.1:9", fetch: recorder(seen) });
    await mgmt.withOptions({ headers: { "x-request-source": "audit" } }).GET("/apps");
    expect(seen[0]!.headers).toMatchObject({ key: "mk", secret: "ms-secret", "x-request-source": "audit" });
  });

  test("overrides are checked as a client's options are: a credential header or a bad number throws a ChatConfigError", () => {
    const chat = createChatClient({ ...appOptions, fetch: recorder([]) });
    expect(() => chat.withOptions({ headers: { APIKEY: "other" } })).toThrow(ChatConfigError);
    expect(() => chat.withOptions({ timeoutMs: -1 })).toThrow(ChatConfigError);
    expect(() => chat.withOptions({ onBehalfOf: "a\nb" })).toThrow(ChatConfigError);
    expect(() => chat.withOptions({ logLevel: "loud" as "info" })).toThrow(ChatConfigError);
    expect(() => chat.withOptions(undefined as never)).toThrow(ChatConfigError);
  });
});
