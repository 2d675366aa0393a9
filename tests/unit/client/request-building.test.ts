import type { Middleware } from "openapi-fetch";
import { ChatInvalidResponseError, createChatClient } from "../../../src/index";
import { withServer } from "../../harness/fault-server";

// Every call is built once, by one builder; only middleware or a custom Request class makes it a
// Request object. With or without one, a call must send the same request and give the same result.

const reply = { data: { id: "10", parentId: "9" } };
const body = { type: "text" as const, data: { text: "hi" } };
const noop: Middleware = { onRequest: () => undefined };

/** A fetch that records what it was sent, as plain data, and answers with `answer`. */
function capture(answer: () => Response = () => new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } })) {
  const sent: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const fetch = async (request: Request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    sent.push({ url: request.url, method: request.method, headers, body: await request.text() });
    return answer();
  };
  return { fetch, sent };
}

function withAndWithoutMiddleware(fetch: (request: Request) => Promise<Response>) {
  const plain = createChatClient({ appId: "rp", apiKey: "k-rp", fetch, headers: { "X-Team": "a" } });
  const withMiddleware = createChatClient({ appId: "rp", apiKey: "k-rp", fetch, headers: { "X-Team": "a" } });
  withMiddleware.use(noop);
  return [plain, withMiddleware] as const;
}

describe("with and without middleware, a call sends and returns the same", () => {
  test("they send the same URL, method, headers and body, and return the same data", async () => {
    const { fetch, sent } = capture();
    const results = [];
    for (const client of withAndWithoutMiddleware(fetch)) {
      const { data } = await client.as("u1").POST("/messages/{id}/thread", {
        params: { path: { id: "a b" } },
        body,
        headers: { "x-trace": ["t1", "t2"], "X-Team": null },
      });
      results.push(data);
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(sent[1]);
    expect(sent[0]!.url).toBe("https://rp.api-us.cometchat.io/v3/messages/a%20b/thread");
    expect(sent[0]!.headers).toMatchObject({ apikey: "k-rp", onbehalfof: "u1", "content-type": "application/json", "x-trace": "t1, t2" });
    expect(sent[0]!.headers["x-team"]).toBeUndefined();
    expect(results).toEqual([reply, reply]);
  });

  test("query parameters are written the same way, arrays comma-separated", async () => {
    const { fetch, sent } = capture(
      () => new Response(JSON.stringify({ data: [], meta: {} }), { headers: { "content-type": "application/json" } }),
    );
    for (const client of withAndWithoutMiddleware(fetch)) {
      await client.GET("/users", { params: { query: { perPage: 2, tags: ["a", "b c"], searchKey: "x&y" } } });
    }
    expect(sent[0]!.url).toBe("https://rp.api-us.cometchat.io/v3/users?perPage=2&tags=a,b%20c&searchKey=x%26y");
    expect(sent[1]!.url).toBe(sent[0]!.url);
  });

  test("a 2xx whose Content-Length is 0 is refused with and without middleware, whatever body a mock holds", async () => {
    const answer = () => new Response(JSON.stringify(reply), { headers: { "content-type": "application/json", "content-length": "0" } });
    for (const client of withAndWithoutMiddleware(capture(answer).fetch)) {
      const error = await client
        .as("u1")
        .POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ChatInvalidResponseError);
    }
  });

  test("an error answer gives the same error value with and without middleware", async () => {
    const envelope = { error: { code: "ERR_UID_NOT_FOUND", message: "no such user" } };
    const answer = () => new Response(JSON.stringify(envelope), { status: 404, headers: { "content-type": "application/json" } });
    for (const client of withAndWithoutMiddleware(capture(answer).fetch)) {
      const { error, response } = await client.GET("/users");
      expect(error).toEqual(envelope);
      expect(response.status).toBe(404);
    }
  });

  test("a caller's signal is honoured with and without middleware", async () => {
    const { fetch } = capture();
    for (const client of withAndWithoutMiddleware(fetch)) {
      const error = await client.GET("/users", { signal: AbortSignal.abort(new Error("stop")) }).catch((e) => e);
      expect(error.message).toBe("stop");
    }
  });
});

describe("per-call serializers, parseAs and answering middleware behave as openapi-fetch documents", () => {
  test("a per-call querySerializer writes the query", async () => {
    const { fetch, sent } = capture();
    await createChatClient({ appId: "rp", apiKey: "k", fetch }).GET("/users", {
      params: { query: { perPage: 5 } },
      querySerializer: (query) => `size=${query.perPage}`,
    });
    expect(sent[0]!.url).toBe("https://rp.api-us.cometchat.io/v3/users?size=5");
  });

  test("a per-call bodySerializer writes the body, and Content-Type stays JSON unless the caller sets it", async () => {
    const { fetch, sent } = capture();
    await createChatClient({ appId: "rp", apiKey: "k", fetch })
      .as("u1")
      .POST("/messages/{id}/thread", {
        params: { path: { id: "9" } },
        body,
        bodySerializer: (value) => `wrapped:${JSON.stringify(value)}`,
      });
    expect(sent[0]!.body).toBe(`wrapped:${JSON.stringify(body)}`);
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
  });

  test.each([
    ["text", (data: unknown) => expect(data).toBe("plain words")],
    ["arrayBuffer", (data: unknown) => expect(new TextDecoder().decode(data as ArrayBuffer)).toBe("plain words")],
    ["blob", async (data: unknown) => expect(await (data as Blob).text()).toBe("plain words")],
    ["stream", async (data: unknown) => expect(await new Response(data as ReadableStream).text()).toBe("plain words")],
  ] as const)("parseAs %s returns a non-JSON 2xx body instead of refusing it", async (parseAs, check) => {
    await withServer(
      (_q, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("plain words");
      },
      async (server) => {
        const { data, response } = await createChatClient({ appId: "rp", apiKey: "k", baseUrl: server.url }).GET("/users", { parseAs });
        expect(response.status).toBe(200);
        await check(data);
      },
    );
  });

  test("parseAs json still refuses a non-JSON 2xx body", async () => {
    await withServer(
      (_q, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("plain words");
      },
      async (server) => {
        const client = createChatClient({ appId: "rp", apiKey: "k", baseUrl: server.url });
        await expect(client.GET("/users", { parseAs: "json" })).rejects.toBeInstanceOf(ChatInvalidResponseError);
      },
    );
  });

  test("middleware that answers by itself is not sent, and its Response is the result", async () => {
    const { fetch, sent } = capture();
    const chat = createChatClient({ appId: "rp", apiKey: "k", fetch });
    chat.use({ onRequest: () => new Response(JSON.stringify({ data: [], meta: { cached: true } }), { status: 200 }) });
    const { data } = await chat.GET("/users");
    expect(data).toEqual({ data: [], meta: { cached: true } });
    expect(sent).toHaveLength(0);
  });
});

describe("per-call fetch options reach fetch", () => {
  const options = { cache: "no-store", keepalive: true, credentials: "omit" } as const;

  test("cache, keepalive and credentials, with and without middleware", async () => {
    const requests: Request[] = [];
    const fetch = async (request: Request) => {
      requests.push(request);
      return json200();
    };
    for (const client of withAndWithoutMiddleware(fetch)) await client.GET("/users", options);
    for (const request of requests) expect([request.cache, request.keepalive, request.credentials]).toEqual(["no-store", true, "omit"]);
  });

  test("redirect: manual returns a same-origin redirect instead of following it", async () => {
    await withServer(
      (_q, res) => {
        res.writeHead(307, { location: "/users-moved" });
        res.end();
      },
      async (server) => {
        const { response } = await createChatClient({ appId: "rp", apiKey: "k", baseUrl: server.url }).GET("/users", {
          redirect: "manual",
        });
        expect(response.status).toBe(307);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("a dispatcher is used for the call, with and without middleware", async () => {
    // An undici dispatcher that answers by itself: nothing listens at the base URL.
    const dispatcher = {
      dispatch(options: { path: string }, handler: Record<string, (...args: unknown[]) => void>) {
        const answer = Buffer.from(JSON.stringify({ data: [], meta: { path: options.path } }));
        handler.onConnect!(() => {});
        handler.onHeaders!(200, [Buffer.from("content-type"), Buffer.from("application/json")], () => {}, "OK");
        handler.onData!(answer);
        handler.onComplete!([]);
        return true;
      },
    };
    const baseUrl = "http://127.0.0.1:1234";
    const plain = createChatClient({ appId: "rp", apiKey: "k", baseUrl, maxRetries: 0 });
    const withMiddleware = createChatClient({ appId: "rp", apiKey: "k", baseUrl, maxRetries: 0 });
    withMiddleware.use(noop);
    for (const client of [plain, withMiddleware]) {
      const { data } = await client.GET("/users", { dispatcher } as never);
      expect(data).toEqual({ data: [], meta: { path: "/users" } });
    }
  });
});

function json200() {
  return new Response(JSON.stringify({ data: [], meta: {} }), { headers: { "content-type": "application/json" } });
}
