import { ChatConnectionError, ChatTimeoutError, createChatClient, createManagementClient } from "../../../src/index";
import { withServer } from "../../harness/fault-server";

const dnsFailure = async () => {
  throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }) });
};

describe("a connection error names where the call went", () => {
  test("the method, the host and the path, the failure and its code, without the query or a credential", async () => {
    const chat = createChatClient({ appId: "demo", apiKey: "sk-never-shown", fetch: dnsFailure, maxRetries: 0 });
    const error = await chat.GET("/users", { params: { query: { searchKey: "secret-search" } } }).catch((e) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect(error.message).toBe("GET https://demo.api-us.cometchat.io/v3/users: connection failed (dns, ENOTFOUND) after 1 attempt");
    expect(error.path).toBe("/users");
  });

  test("the path as sent, with its parameters, after every attempt", async () => {
    const chat = createChatClient({ appId: "demo", region: "eu", apiKey: "k", fetch: dnsFailure, maxRetries: 1 });
    const error = await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u 1" } } }).catch((e) => e);
    expect(error.message).toBe(
      "POST https://demo.api-eu.cometchat.io/v3/users/u%201/auth_tokens: connection failed (dns, ENOTFOUND) after 2 attempts",
    );
    expect(error.path).toBe("/users/{uid}/auth_tokens");
  });

  test("a management client's host", async () => {
    const mgmt = createManagementClient({ key: "mk", secret: "ms", fetch: dnsFailure, maxRetries: 0 });
    const error = await mgmt.GET("/apps").catch((e) => e);
    expect(error.message).toBe("GET https://apimgmt.cometchat.io/apps: connection failed (dns, ENOTFOUND) after 1 attempt");
  });

  test("a timeout names the host too", async () => {
    await withServer(
      () => {}, // never answers
      async (server) => {
        const error = await createChatClient({ appId: "demo", apiKey: "k", baseUrl: server.url, timeoutMs: 50, maxRetries: 0 })
          .GET("/users", { params: { query: { perPage: 5 } } })
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatTimeoutError);
        expect(error.message).toBe(`GET ${server.url}/users: no response within 50 ms (attempt 1)`);
      },
    );
  });

  test("a failure without a code says only its kind", async () => {
    const reset = async () => {
      throw new TypeError("fetch failed");
    };
    const error = await createChatClient({ appId: "demo", apiKey: "k", fetch: reset })
      .POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } } })
      .catch((e) => e);
    expect(error.message).toBe(
      "POST https://demo.api-us.cometchat.io/v3/users/u1/auth_tokens: connection failed (network) after 1 attempt; it may have reached the service, so it was not repeated",
    );
  });
});
