import { ChatConfigError, createAuthOnlyClient, PermissionDeniedError, unwrap } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const created = { uid: "cometchat-uid-9", name: "Amara Okafor", createdAt: 1_718_445_612, authToken: "cometchat-uid-9_1718445612abc" };
const echo: Handler = (req, res) =>
  req.url === "/users"
    ? json(res, 200, { data: created })
    : json(res, 200, { data: { uid: "cometchat-uid-9", authToken: "cometchat-uid-9_1718445700def", createdAt: 1_718_445_700 } });

const authClient = (baseUrl: string) => createAuthOnlyClient({ appId: "auth", apiKey: "k-auth-only", baseUrl });

describe("createAuthOnlyClient()", () => {
  test("creates a user with its auth token: POST /users with the key and the body", async () => {
    await withServer(echo, async (server) => {
      const body = { uid: "cometchat-uid-9", name: "Amara Okafor", withAuthToken: true };
      const { data } = await unwrap(authClient(server.url).POST("/users", { body }));
      expect(data.authToken).toBe(created.authToken);
      const [sent] = server.requests;
      expect([sent!.method, sent!.url, sent!.headers.apikey]).toEqual(["POST", "/users", "k-auth-only"]);
      expect(JSON.parse(sent!.body)).toEqual(body);
    });
  });

  test("creates an auth token: POST /users/{uid}/auth_tokens, also through request()", async () => {
    await withServer(echo, async (server) => {
      const auth = authClient(server.url);
      await unwrap(auth.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-9" } }, body: { force: true } }));
      await unwrap(auth.request("post", "/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-9" } } }));
      expect(server.requests.map((r) => [r.method, r.url, r.headers.apikey])).toEqual([
        ["POST", "/users/cometchat-uid-9/auth_tokens", "k-auth-only"],
        ["POST", "/users/cometchat-uid-9/auth_tokens", "k-auth-only"],
      ]);
      expect(JSON.parse(server.requests[0]!.body)).toEqual({ force: true });
    });
  });

  test.each([
    ["get", "/users"],
    ["delete", "/users/{uid}"],
    ["post", "/apikeys"],
    ["post", "/messages"],
  ])("refuses %s %s from untyped code with a ChatConfigError, sending nothing", async (method, path) => {
    await withServer(echo, async (server) => {
      const auth = authClient(server.url) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const error = await auth.request!(method, path, { params: { path: { uid: "cometchat-uid-9" } } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChatConfigError);
      expect((error as Error).message).toContain(`${method.toUpperCase()} ${path}`);
      expect(server.requests).toHaveLength(0);
    });
  });

  test("offers no method but POST, and no as()", () => {
    const auth = authClient("http://127.0.0.1:9");
    expect(Object.keys(auth).sort()).toEqual(["POST", "eject", "request", "use"]);
  });

  test("a 403 from the service is the usual typed error", async () => {
    await withServer(
      (_q, res) => json(res, 403, { error: { code: "AUTH_ERR_NO_ACCESS", message: "no access" } }),
      async (server) => {
        const call = authClient(server.url).POST("/users", { body: { uid: "cometchat-uid-9", name: "Amara Okafor" } });
        await expect(unwrap(call)).rejects.toBeInstanceOf(PermissionDeniedError);
      },
    );
  });

  test("checks its options as createChatClient does", () => {
    expect(() => createAuthOnlyClient({ appId: "auth", apiKey: "" })).toThrow(ChatConfigError);
    expect(() => createAuthOnlyClient({ appId: "a.b", apiKey: "k" })).toThrow(ChatConfigError);
  });
});
