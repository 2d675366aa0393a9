import type { Middleware } from "openapi-fetch";
import { createChatClient } from "../../../src/index";
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
