import type { Middleware } from "openapi-fetch";
import { ChatConfigError, createAuthOnlyClient, createChatClient, createManagementClient } from "../../../src/index";
import { json, withServer, type FaultServer } from "../../harness/fault-server";

const ok = (_req: unknown, res: Parameters<typeof json>[0]) => json(res, 200, { data: [] });

/** Runs `body` with two loopback servers: the client's own, and another origin that must receive nothing. */
const withTwoServers = (body: (own: FaultServer, other: FaultServer) => Promise<void>) =>
  withServer(ok, (own) => withServer(ok, (other) => body(own, other)));

/** Middleware that sends the request to `url` + the original path, as a careless or hostile one might. */
const redirectTo = (url: string): Middleware => ({
  onRequest: ({ request }) => new Request(url + new URL(request.url).pathname, request),
});

/** Middleware that turns every request into `method url`. */
const rewriteTo = (method: string, url: string): Middleware => ({
  onRequest: ({ request }) => new Request(url, { method, headers: request.headers }),
});

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("a per-call baseUrl", () => {
  test("is refused on a Chat API call with a ChatConfigError, and nothing is sent anywhere", async () => {
    await withTwoServers(async (own, other) => {
      const chat = createChatClient({ appId: "app", apiKey: "k-per-call", baseUrl: own.url });
      const init = { baseUrl: `${other.url}/steal` } as never;
      const error = await refused(chat.GET("/users", init));
      expect(error).toBeInstanceOf(ChatConfigError);
      expect((error as Error).message).toMatch(/baseUrl is a client option/);
      const bound = chat.as("cometchat-uid-1");
      expect(await refused(bound.GET("/users", init))).toBeInstanceOf(ChatConfigError);
      expect(await refused(chat.request("get", "/users", init))).toBeInstanceOf(ChatConfigError);
      expect([own.requests.length, other.requests.length]).toEqual([0, 0]);
    });
  });

  test("is refused on a Management API call, so key and secret stay home", async () => {
    await withTwoServers(async (own, other) => {
      const mgmt = createManagementClient({ key: "mk-1", secret: "ms-1", baseUrl: own.url });
      const error = await refused(mgmt.GET("/apps", { baseUrl: other.url } as never));
      expect(error).toBeInstanceOf(ChatConfigError);
      expect([own.requests.length, other.requests.length]).toEqual([0, 0]);
    });
  });

  test("cannot widen an auth-only client: POST /users with baseUrl ending in /apikeys# is refused", async () => {
    await withServer(ok, async (own) => {
      const auth = createAuthOnlyClient({ appId: "app", apiKey: "k-auth", baseUrl: own.url });
      const body = { uid: "cometchat-uid-9", name: "Amara Okafor" };
      const error = await refused(auth.POST("/users", { body, baseUrl: `${own.url}/apikeys#` } as never));
      expect(error).toBeInstanceOf(ChatConfigError);
      expect(own.requests).toHaveLength(0);
    });
  });
});

describe("middleware that changes the request", () => {
  test("cannot send the key to another origin: ChatConfigError, and the other origin gets nothing", async () => {
    await withTwoServers(async (own, other) => {
      const chat = createChatClient({ appId: "app", apiKey: "k-mw-origin", baseUrl: own.url, maxRetries: 0 });
      const error = await refused(chat.GET("/users", { middleware: [redirectTo(other.url)] }));
      expect(error).toBeInstanceOf(ChatConfigError);
      expect((error as Error).message).toContain(new URL(other.url).origin);
      expect((error as Error).message).not.toContain("k-mw-origin");
      chat.use(redirectTo(other.url));
      expect(await refused(chat.GET("/users"))).toBeInstanceOf(ChatConfigError);
      expect(await refused(chat.as("cometchat-uid-1").GET("/users"))).toBeInstanceOf(ChatConfigError);
      expect([own.requests.length, other.requests.length]).toEqual([0, 0]);
    });
  });

  test("the Management client's key and secret stay with its origin too", async () => {
    await withTwoServers(async (own, other) => {
      const mgmt = createManagementClient({ key: "mk-2", secret: "ms-2", baseUrl: own.url });
      mgmt.use(redirectTo(other.url));
      expect(await refused(mgmt.GET("/apps"))).toBeInstanceOf(ChatConfigError);
      expect(other.requests).toHaveLength(0);
    });
  });

  test("may still change the path on the client's own origin", async () => {
    await withServer(ok, async (own) => {
      const chat = createChatClient({ appId: "app", apiKey: "k-same", baseUrl: own.url });
      const toGroups: Middleware = { onRequest: ({ request }) => new Request(request.url.replace("/users", "/groups"), request) };
      const { response } = await chat.GET("/users", { middleware: [toGroups] });
      expect(response.status).toBe(200);
      expect(own.requests.map((r) => [r.url, r.headers.apikey])).toEqual([["/groups", "k-same"]]);
    });
  });
});

describe("an auth-only client with middleware", () => {
  test.each([
    ["GET", "/apikeys"],
    ["DELETE", "/users/u1"],
    ["POST", "/apikeys"],
    ["POST", "/users/u1/auth_tokens/extra"],
  ])("refuses middleware that turns POST /users into %s %s, sending nothing", async (method, path) => {
    await withServer(ok, async (own) => {
      const auth = createAuthOnlyClient({ appId: "app", apiKey: "k-auth-mw", baseUrl: own.url });
      const body = { uid: "cometchat-uid-9", name: "Amara Okafor" };
      const perCall = await refused(auth.POST("/users", { body, middleware: [rewriteTo(method, own.url + path)] }));
      expect(perCall).toBeInstanceOf(ChatConfigError);
      expect((perCall as Error).message).toContain(`${method} ${path}`);
      auth.use(rewriteTo(method, own.url + path));
      expect(await refused(auth.POST("/users", { body }))).toBeInstanceOf(ChatConfigError);
      expect(own.requests).toHaveLength(0);
    });
  });

  test("lets middleware that keeps one of its two operations through", async () => {
    await withServer(ok, async (own) => {
      const auth = createAuthOnlyClient({ appId: "app", apiKey: "k-auth-ok", baseUrl: own.url });
      const tagged: Middleware = {
        onRequest: ({ request }) => {
          request.headers.set("x-request-source", "signup");
          return request;
        },
      };
      auth.use(tagged);
      const { response } = await auth.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-9" } } });
      expect(response.status).toBe(200);
      expect(own.requests.map((r) => [r.method, r.url, r.headers["x-request-source"]])).toEqual([
        ["POST", "/users/cometchat-uid-9/auth_tokens", "signup"],
      ]);
    });
  });
});
