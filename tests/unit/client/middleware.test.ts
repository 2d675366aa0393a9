import type { Middleware } from "openapi-fetch";
import { NotFoundError, createChatClient, formDataBody, unwrap } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";
import { recordingFetch } from "../../harness/recording-fetch";

// The hot path: with no middleware, the SDK builds the request itself and the transport sends
// fetch(url, init), handing over the JSON it parsed. These tests pin what callers can observe.

const reply = { data: { id: "10", parentId: "9" } };
const body = { type: "text" as const, data: { text: "hi" } };

describe("calls without middleware", () => {
  test("an injected fetch still receives a real Request, with every header and the body", async () => {
    const rec = recordingFetch(200, reply);
    const { data } = await createChatClient({ appId: "hp", apiKey: "k-hp", fetch: rec.fetch })
      .as("u1")
      .POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body });
    expect(rec.last()).toBeInstanceOf(Request);
    expect(rec.last().headers.get("apikey")).toBe("k-hp");
    expect(rec.last().headers.get("onBehalfOf")).toBe("u1");
    expect(rec.last().headers.get("content-type")).toBe("application/json");
    expect(await rec.last().json()).toEqual(body);
    expect(data).toEqual(reply);
  });

  test("data is the parsed body, and the response is the service's answer", async () => {
    await withServer(
      (_q, res) => json(res, 200, reply, { "x-request-id": "r-1" }),
      async (server) => {
        const { data, response } = await createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url })
          .as("u1")
          .POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body });
        expect(data).toEqual(reply);
        expect(response.status).toBe(200);
        expect(response.url).toBe(`${server.url}/messages/9/thread`);
        expect(response.headers.get("x-request-id")).toBe("r-1");
      },
    );
  });

  test("parseAs other than json still gets a readable body", async () => {
    await withServer(
      (_q, res) => json(res, 200, { data: [], meta: {} }),
      async (server) => {
        const { data } = await createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url }).GET("/users", { parseAs: "text" });
        expect(data).toBe(JSON.stringify({ data: [], meta: {} }));
      },
    );
  });

  test("a body that is a stream (from a custom bodySerializer) is read once and sent again on a retry", async () => {
    await withServer(
      (_q, res, hit) => (hit === 1 ? json(res, 429, {}, { "retry-after": "0" }) : json(res, 200, reply)),
      async (server) => {
        const asStream = (value: unknown) => new Blob([JSON.stringify(value)]).stream();
        const { response } = await createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url })
          .as("u1")
          .POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body, bodySerializer: asStream as never });
        expect(response.status).toBe(200);
        expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([body, body]);
      },
    );
  });

  test("a GET with a body is refused before anything is sent, as a real Request would", async () => {
    const rec = recordingFetch();
    const error = await createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch })
      .GET("/users", { body: { a: 1 } } as never)
      .catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(rec.requests).toHaveLength(0);
  });

  test("request() takes the method in any case, and a lowercase get is retried like GET", async () => {
    await withServer(
      (_q, res, hit) => (hit === 1 ? json(res, 500, {}) : json(res, 200, { data: [], meta: {} })),
      async (server) => {
        const client = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
        const { response } = await client.request("get", "/users");
        expect(response.status).toBe(200);
        expect(server.requests).toHaveLength(2);
      },
    );
  });
});

describe("calls with middleware", () => {
  test("middleware gets real Requests it can change, and reads the response body", async () => {
    const rec = recordingFetch(200, reply);
    const seen: unknown[] = [];
    const middleware: Middleware = {
      onRequest({ request }) {
        expect(request).toBeInstanceOf(Request);
        request.headers.set("x-trace", "t-1");
        return request;
      },
      async onResponse({ response }) {
        seen.push(await response.clone().json());
      },
    };
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    chat.use(middleware);
    const { data } = await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body });
    expect(rec.last().headers.get("x-trace")).toBe("t-1");
    expect(seen).toEqual([reply]);
    expect(data).toEqual(reply);
  });

  test("per-call middleware gets real Requests too", async () => {
    const rec = recordingFetch(200, reply);
    let request: unknown;
    await createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch })
      .as("u1")
      .POST("/messages/{id}/thread", {
        params: { path: { id: "9" } },
        body,
        middleware: [{ onRequest: (p) => void (request = p.request) }],
      });
    expect(request).toBeInstanceOf(Request);
  });

  test("after eject, calls work as before and the middleware no longer runs", async () => {
    const rec = recordingFetch(200, { data: [], meta: {} });
    let calls = 0;
    const middleware: Middleware = { onRequest: () => void calls++ };
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    chat.use(middleware);
    await chat.GET("/users");
    chat.eject(middleware);
    const { data } = await chat.GET("/users");
    expect(calls).toBe(1);
    expect(data).toEqual({ data: [], meta: {} });
  });

  test("middleware that ejects itself during a call does not make the next one skipped", async () => {
    const rec = recordingFetch(200, { data: [], meta: {} });
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    const ran: string[] = [];
    const once: Middleware = {
      onRequest: () => {
        ran.push("once");
        chat.eject(once);
      },
    };
    chat.use(once, { onRequest: () => void ran.push("always") });
    await chat.GET("/users");
    await chat.GET("/users");
    expect(ran).toEqual(["once", "always", "always"]);
  });

  test("a middleware that openapi-fetch refuses leaves the client working", async () => {
    const rec = recordingFetch(200, { data: [], meta: {} });
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    expect(() => chat.use({} as Middleware)).toThrow(/Middleware must be an object/);
    const { data } = await chat.GET("/users");
    expect(data).toEqual({ data: [], meta: {} });
  });
});

// With middleware, the SDK makes a Request for a hook only when the hook reads one, and sends the
// call's own request as it does without middleware: these pin what a hook and the service see.
describe("middleware on the wire", () => {
  const thread = { params: { path: { id: "9" } }, body };
  const ok = (_q: unknown, res: Parameters<typeof json>[0]) => json(res, 200, reply);

  test("a header a hook sets in place is sent, whether the hook returns nothing or the same Request", async () => {
    await withServer(ok, async (server) => {
      const chat = createChatClient({ appId: "hp", apiKey: "k-wire", baseUrl: server.url });
      chat.use(
        { onRequest: ({ request }) => void request.headers.set("x-span", "s-1") },
        {
          onRequest({ request }) {
            request.headers.set("x-trace", "t-1");
            return request;
          },
        },
      );
      const { data } = await chat.as("u1").POST("/messages/{id}/thread", thread);
      expect(data).toEqual(reply);
      const [sent] = server.requests;
      expect([sent!.headers["x-span"], sent!.headers["x-trace"], sent!.headers.apikey, sent!.headers.onbehalfof]).toEqual([
        "s-1",
        "t-1",
        "k-wire",
        "u1",
      ]);
      expect(sent!.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(sent!.body)).toEqual(body);
    });
  });

  test("a hook that reads the request only once it was sent gets it whole, body included, a stream body too", async () => {
    await withServer(ok, async (server) => {
      const seen: unknown[] = [];
      const chat = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
      chat.use({
        async onResponse({ request }) {
          seen.push([request.method, new URL(request.url).pathname, request.headers.get("onbehalfof"), await request.text()]);
        },
      });
      const asStream = (value: unknown) => new Blob([JSON.stringify(value)]).stream();
      await chat.as("u1").POST("/messages/{id}/thread", thread);
      await chat.as("u1").POST("/messages/{id}/thread", { ...thread, bodySerializer: asStream as never });
      const expected = ["POST", "/messages/9/thread", "u1", JSON.stringify(body)];
      expect(seen).toEqual([expected, expected]);
      expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([body, body]);
    });
  });

  test("a form read by a hook is sent with the boundary its parts carry", async () => {
    await withServer(
      (_q, res) => json(res, 200, { data: { id: "banned" } }),
      async (server) => {
        const chat = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
        chat.use({ onRequest: ({ request }) => void request.headers.set("x-trace", "t-1") });
        await chat.POST("/moderation/keywords", {
          body: { id: "banned", name: "Banned", category: "word", searchTerms: "darn" },
          bodySerializer: formDataBody,
        });
        const [sent] = server.requests;
        const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(String(sent!.headers["content-type"]))?.[1];
        expect(sent!.body.startsWith(`--${boundary}\r\n`)).toBe(true);
        expect(sent!.headers["x-trace"]).toBe("t-1");
      },
    );
  });

  test("an onResponse hook that looks gets a readable copy, which the result then holds, with the body parsed", async () => {
    await withServer(
      (_q, res) => json(res, 200, reply, { "x-request-id": "r-1" }),
      async (server) => {
        const chat = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
        let given: Response | undefined;
        const seen: unknown[] = [];
        chat.use({
          async onResponse({ response }) {
            given = response;
            seen.push(await response.clone().json());
            response.headers.set("x-seen", "yes");
          },
        });
        const { data, response } = await chat.as("u1").POST("/messages/{id}/thread", thread);
        expect([data, seen]).toEqual([reply, [reply]]);
        expect(response).toBe(given);
        expect([response.url, response.headers.get("x-request-id"), response.headers.get("x-seen")]).toEqual([
          `${server.url}/messages/9/thread`,
          "r-1",
          "yes",
        ]);
      },
    );
  });

  test("an onResponse hook that reads the body without a clone leaves nothing to read, as in openapi-fetch", async () => {
    await withServer(ok, async (server) => {
      const chat = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
      chat.use({ onResponse: async ({ response }) => void (await response.json()) });
      await expect(chat.as("u1").POST("/messages/{id}/thread", thread)).rejects.toMatchObject({ name: "TypeError" });
    });
  });

  test("an error answer passes hooks that only look, and unwrap still names its call", async () => {
    const notFound = { error: { code: "ERR_UID_NOT_FOUND", message: "no such user" } };
    await withServer(
      (_q, res) => json(res, 404, notFound),
      async (server) => {
        const chat = createChatClient({ appId: "hp", apiKey: "k", baseUrl: server.url });
        const statuses: number[] = [];
        chat.use({ onRequest: () => undefined }, { onResponse: ({ response }) => void statuses.push(response.status) });
        const pending = chat.GET("/users/{uid}", { params: { path: { uid: "nobody" } } });
        const { error, response } = await pending;
        expect([error, response.status, statuses]).toEqual([notFound, 404, [404]]);
        const thrown = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "nobody" } } })).catch((e: unknown) => e);
        expect(thrown).toBeInstanceOf(NotFoundError);
        expect((thrown as NotFoundError).message).toContain("GET /users/{uid}");
      },
    );
  });

  test("an injected fetch gets a Request with what a hook set on the call's own Request, headers and properties", async () => {
    const rec = recordingFetch(200, reply);
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    chat.use({
      onRequest({ request }) {
        request.headers.set("x-trace", "t-2");
        Object.assign(request, { traceId: "t-2" });
      },
    });
    await chat.as("u1").POST("/messages/{id}/thread", thread);
    expect(rec.last().headers.get("x-trace")).toBe("t-2");
    expect((rec.last() as unknown as { traceId: string }).traceId).toBe("t-2");
    expect(await rec.last().json()).toEqual(body);
  });

  test("a hook's argument is a plain object: spread, it holds the request; set, it keeps the value", async () => {
    const rec = recordingFetch(200, reply);
    const chat = createChatClient({ appId: "hp", apiKey: "k", fetch: rec.fetch });
    const other = new Request("https://example.org/");
    let copied: unknown;
    let kept: unknown;
    chat.use({
      onRequest(params) {
        copied = { ...params }.request;
        params.request = other;
        kept = params.request;
      },
    });
    await chat.as("u1").POST("/messages/{id}/thread", thread);
    expect(copied).toBeInstanceOf(Request);
    expect(kept).toBe(other);
    expect(rec.last().url).toBe("https://hp.api-us.cometchat.io/v3/messages/9/thread");
  });
});
