import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";
import { ChatConnectionError, createChatClient } from "../../../src/index";

// openapi-fetch 0.17's own middleware cases (its test/middleware/middleware.test.ts), run against
// the SDK with an injected fetch. Where the SDK differs on purpose the case says how: it sends
// nothing to another origin, wraps a failed fetch in a typed error, and takes no per-call baseUrl.

const BASE = "https://app.api-us.cometchat.io/v3";
type Fetch = (request: Request) => Promise<Response>;

/** A client whose fetch is `answer`; the default answers every request with `{}` as JSON. */
const observed = (answer: Fetch = async () => Response.json({}), headers?: Record<string, string>) =>
  createChatClient({ appId: "app", apiKey: "k-mw", maxRetries: 0, fetch: answer, ...(headers && { headers }) });
const getUser = { params: { path: { uid: "cometchat-uid-1" } } };

test("receives an id per request, the same in onRequest and onResponse", async () => {
  const chat = observed();
  const requestIds: string[] = [];
  const responseIds: string[] = [];
  chat.use({
    async onRequest({ id }) {
      requestIds.push(id);
    },
    async onResponse({ id }) {
      responseIds.push(id);
    },
  });
  for (let i = 0; i < 4; i++) await chat.GET("/users/{uid}", getUser);
  expect(responseIds).toEqual(requestIds);
  expect(new Set(requestIds).size).toBe(4);
});

test("can replace the request, on the client's own origin (another origin is refused on purpose)", async () => {
  let sent: Request | undefined;
  const chat = observed(async (request) => {
    sent = new Request(request);
    return Response.json({});
  });
  chat.use({
    async onRequest({ request }) {
      return new Request(`${BASE}/users/other`, { ...request, method: "OPTIONS", headers: { foo: "bar" } });
    },
  });
  await chat.GET("/users/{uid}", getUser);
  expect([sent?.url, sent?.method, sent?.headers.get("foo")]).toEqual([`${BASE}/users/other`, "OPTIONS", "bar"]);
});

test("can replace the response", async () => {
  const toUnix = (date: string) => new Date(date).getTime();
  const raw = { email: "user123@gmail.com", created_at: "2024-01-01T00:00:00Z", updated_at: "2024-01-20T00:00:00Z" };
  const chat = observed(async () => Response.json(raw, { headers: { foo: "bar" } }));
  chat.use({
    async onResponse({ response }) {
      const body = await response.json();
      body.created_at = toUnix(body.created_at);
      body.updated_at = toUnix(body.updated_at);
      const headers = new Headers(response.headers);
      headers.set("middleware", "value");
      return new Response(JSON.stringify(body), { status: 201, headers });
    },
  });
  const { data, response } = await chat.GET("/users/{uid}", getUser);
  expect(data).toEqual({ email: raw.email, created_at: toUnix(raw.created_at), updated_at: toUnix(raw.updated_at) });
  expect([response.status, response.headers.get("foo"), response.headers.get("middleware")]).toEqual([201, "bar", "value"]);
});

test("throws the error when onError returns nothing: the SDK's typed error, with fetch's as its cause", async () => {
  const original = new Error("down");
  const seen: unknown[] = [];
  const chat = observed(async () => {
    throw original;
  });
  chat.use({ onError: ({ error }) => void seen.push(error) });
  const thrown = await chat.GET("/users/{uid}", getUser).catch((e: unknown) => e);
  expect(thrown).toBeInstanceOf(ChatConnectionError);
  expect(seen).toEqual([thrown]);
  expect((thrown as Error).cause).toBe(original);
});

test("onError can replace the error", async () => {
  const replaced = new Error("replaced");
  const chat = observed(async () => {
    throw new Error("down");
  });
  chat.use({ onError: () => replaced });
  await expect(chat.GET("/users/{uid}", getUser)).rejects.toBe(replaced);
});

test("onError can answer with a Response instead", async () => {
  const custom = Response.json({});
  const chat = observed(async () => {
    throw new Error("down");
  });
  chat.use({ onError: () => custom });
  const { response } = await chat.GET("/users/{uid}", getUser);
  expect(response).toBe(custom);
});

test("runs onRequest in order and onResponse in reverse, per-call middleware last", async () => {
  let sent: Request | undefined;
  const chat = observed(async (request) => {
    sent = new Request(request);
    return Response.json({});
  });
  const step = (name: string, previous: string): Middleware => ({
    async onRequest({ request }) {
      request.headers.set("step", name);
      return request;
    },
    async onResponse({ response }) {
      if (response.headers.get("step") !== previous) return undefined;
      const headers = new Headers(response.headers);
      headers.set("step", name);
      return new Response(response.body, { ...response, headers });
    },
  });
  chat.use(step("A", "B"), step("B", "C"), step("C", "D"));
  const { response } = await chat.GET("/users/{uid}", {
    ...getUser,
    middleware: [
      {
        onRequest({ request }) {
          request.headers.set("step", "D");
          return request;
        },
        onResponse({ response }) {
          response.headers.set("step", "D");
          return response;
        },
      },
    ],
  });
  expect(sent?.headers.get("step")).toBe("D");
  expect(response.headers.get("step")).toBe("A");
});

test("runs onError in reverse order", async () => {
  const replaced = new Error("replaced");
  const custom = Response.json({});
  const chat = observed(async () => {
    throw new Error("down");
  });
  chat.use({
    onError({ error }) {
      expect(error).toBe(replaced);
      return custom;
    },
  });
  chat.use({ onError: () => replaced });
  const { response } = await chat.GET("/users/{uid}", getUser);
  expect(response).toBe(custom);
});

test("receives the client's options, its base URL without a trailing slash", async () => {
  let baseUrl = "";
  const chat = createChatClient({ appId: "app", apiKey: "k", baseUrl: "https://api.foo.bar/v1/", fetch: async () => Response.json({}) });
  chat.use({
    onRequest({ options }) {
      baseUrl = options.baseUrl;
      return undefined;
    },
  });
  await chat.GET("/users/{uid}", getUser);
  expect(baseUrl).toBe("https://api.foo.bar/v1");
});

test("onResponse receives the request as a Request", async () => {
  let request: unknown;
  const chat = observed();
  chat.use({ onResponse: (params) => void (request = params.request) });
  await chat.GET("/users/{uid}", getUser);
  expect(request).toBeInstanceOf(Request);
});

test("receives the schema path and the params", async () => {
  let received: Pick<MiddlewareCallbackParams, "schemaPath" | "params"> | undefined;
  const chat = observed();
  chat.use({ onRequest: ({ schemaPath, params }) => void (received = { schemaPath, params }) });
  const params = { path: { uid: "cometchat-uid-1" } };
  await chat.PUT("/users/{uid}", { params, body: { name: "New Name" } });
  expect(received).toEqual({ schemaPath: "/users/{uid}", params });
});

test("a hook that returns nothing leaves the request as it was", async () => {
  const chat = observed(async (request) => (request ? Response.json({ id: 123 }) : Response.json(null, { status: 500 })));
  chat.use({ onRequest: () => undefined });
  const { data } = await chat.GET("/users/{uid}", getUser);
  expect(data).toEqual({ id: 123 });
});

test("ejected middleware does not run", async () => {
  let called = false;
  const failing = {
    onRequest() {
      called = true;
      throw new Error("oops");
    },
  };
  const chat = observed(async () => Response.json({ id: 123 }));
  chat.use(failing);
  chat.eject(failing);
  const { data } = await chat.GET("/users/{uid}", getUser);
  expect([called, data]).toEqual([false, { id: 123 }]);
});

test("keeps the client's and the call's headers, and sends a header a hook adds", async () => {
  let sent: Request | undefined;
  const chat = observed(
    async (request) => {
      sent = new Request(request);
      return Response.json({ id: 123 });
    },
    { createClient: "exists" },
  );
  const seen: (string | null)[][] = [];
  const look = (request: Request) => seen.push(["createclient", "onfetch", "onrequest"].map((name) => request.headers.get(name)));
  chat.use(
    {
      onRequest({ request }) {
        look(request);
        request.headers.set("onRequest", "exists");
        return request;
      },
      onResponse: ({ request }) => void look(request),
    },
    { onRequest: ({ request }) => void look(request) },
  );
  await chat.GET("/users/{uid}", { ...getUser, headers: { onFetch: "exists" } });
  expect(seen).toEqual([
    ["exists", "exists", null],
    ["exists", "exists", "exists"],
    ["exists", "exists", "exists"],
  ]);
  expect(["createClient", "onFetch", "onRequest"].map((name) => sent?.headers.get(name))).toEqual(["exists", "exists", "exists"]);
});

test("an auth middleware adds its header once it has a token", async () => {
  let token: string | undefined;
  let headers = new Headers();
  const chat = observed(async (request) => {
    headers = request.headers;
    return Response.json({});
  });
  chat.use({
    async onRequest({ request }) {
      if (!token) return undefined;
      request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  });
  await chat.GET("/users/{uid}", getUser);
  expect(headers.get("authorization")).toBeNull();
  token = "real_token";
  await chat.GET("/users/{uid}", getUser);
  expect(headers.get("authorization")).toBe("Bearer real_token");
});

test("onRequest can answer with a Response, and nothing is fetched", async () => {
  const custom = Response.json({});
  const chat = observed(async () => {
    throw new Error("unexpected call to fetch");
  });
  chat.use({ onRequest: async () => custom });
  const { response } = await chat.GET("/users/{uid}", getUser);
  expect(response).toBe(custom);
});

test("a Response from onRequest skips the later onRequest hooks and every onResponse", async () => {
  const ran: string[] = [];
  const chat = observed();
  chat.use(
    { onRequest: async () => Response.json({}), onResponse: () => void ran.push("onResponse") },
    { onRequest: () => void ran.push("onRequest") },
  );
  await chat.GET("/users/{uid}", getUser);
  expect(ran).toEqual([]);
});

test("per-call middleware can answer with a Response", async () => {
  const custom = Response.json({});
  const chat = observed(async () => {
    throw new Error("unexpected call to fetch");
  });
  const { response } = await chat.GET("/users/{uid}", { ...getUser, middleware: [{ onRequest: async () => custom }] });
  expect(response).toBe(custom);
});
