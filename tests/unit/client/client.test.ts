import { createChatClient, createManagementClient } from "../../../src/client/client";
import { ChatConfigError } from "../../../src/errors/chat-config-error";
import { recordingFetch } from "../../harness/recording-fetch";

const appId = "abc123";
const apiKey = "test-api-key";
const body = { receiver: "cometchat-uid-2", receiverType: "user" as const, type: "text" as const, data: { text: "hi" } };

describe("chat client requests", () => {
  test("requests go to the regional URL of the app", async () => {
    for (const region of ["us", "eu", "in"] as const) {
      const rec = recordingFetch(200, { data: [], meta: {} });
      await createChatClient({ appId, region, apiKey, fetch: rec.fetch }).GET("/users");
      expect(rec.last().url).toBe(`https://${appId}.api-${region}.cometchat.io/v3/users`);
    }
  });

  test("every request carries the apikey header", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch }).GET("/users");
    expect(rec.last().headers.get("apikey")).toBe(apiKey);
  });

  test("custom headers are sent along with the apikey", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch, headers: { "x-trace": "t1" } }).GET("/users");
    expect(rec.last().headers.get("apikey")).toBe(apiKey);
    expect(rec.last().headers.get("x-trace")).toBe("t1");
  });

  test("a client header named like a credential is refused, in any case", () => {
    for (const name of ["apikey", "ApiKey"]) {
      expect(() => createChatClient({ appId, apiKey, headers: { [name]: "other" } })).toThrow(
        new ChatConfigError("headers must not set apikey: the client sends its own credentials."),
      );
    }
    expect(() => createManagementClient({ key: "k", secret: "s", headers: { Secret: "other" } })).toThrow(/^headers must not set secret:/);
  });

  test("a call whose headers name a credential is refused before anything is sent, whatever form the headers take", async () => {
    const rec = recordingFetch();
    const chat = createChatClient({ appId, apiKey, fetch: rec.fetch });
    const forms: HeadersInit[] = [
      { APIKEY: "other" },
      new Headers({ apikey: "other" }),
      [
        ["x-trace", "t1"],
        ["apikey", "other"],
      ],
    ];
    for (const headers of forms) {
      await expect(chat.GET("/users", { headers })).rejects.toThrow(/^headers must not set apikey:/);
    }
    // params.header is merged last by openapi-fetch, so it is checked too (JavaScript callers are not stopped by the types).
    await expect(chat.GET("/users", { params: { header: { apikey: "other" } } } as never)).rejects.toThrow(
      /^params\.header must not set apikey:/,
    );
    const mgmt = createManagementClient({ key: "k", secret: "s", fetch: rec.fetch });
    await expect(mgmt.GET("/apps", { headers: { key: "other" } })).rejects.toThrow(ChatConfigError);
    expect(rec.requests).toHaveLength(0);
    // Other per-call headers still go through.
    await chat.GET("/users", { headers: { "x-trace": "t2" } });
    expect(rec.last().headers.get("x-trace")).toBe("t2");
    expect(rec.last().headers.get("apikey")).toBe(apiKey);
  });

  test("onBehalfOf passed per call is sent as a header", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch }).POST("/messages/{id}/thread", {
      params: { path: { id: "42" }, header: { onBehalfOf: "cometchat-uid-1" } },
      body,
    });
    expect(rec.last().headers.get("onBehalfOf")).toBe("cometchat-uid-1");
    expect(rec.last().method).toBe("POST");
    expect(await rec.last().json()).toEqual(body);
  });

  test("as(uid) sends onBehalfOf on every request, including ones that do not need it", async () => {
    const rec = recordingFetch();
    const asUser = createChatClient({ appId, apiKey, fetch: rec.fetch }).as("cometchat-uid-7");
    await asUser.POST("/messages/{id}/thread", { params: { path: { id: "42" } }, body });
    expect(rec.last().headers.get("onBehalfOf")).toBe("cometchat-uid-7");
    await asUser.GET("/users");
    expect(rec.last().headers.get("onBehalfOf")).toBe("cometchat-uid-7");
  });

  test("the onBehalfOf option binds the client like as(uid)", async () => {
    const rec = recordingFetch();
    const client = createChatClient({ appId, apiKey, fetch: rec.fetch, onBehalfOf: "cometchat-uid-3" });
    await client.POST("/messages/{id}/thread", { params: { path: { id: "42" } }, body });
    expect(rec.last().headers.get("onBehalfOf")).toBe("cometchat-uid-3");
  });

  test("a per-call onBehalfOf wins over the bound user", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch })
      .as("cometchat-uid-1")
      .POST("/messages/{id}/thread", { params: { path: { id: "42" }, header: { onBehalfOf: "cometchat-uid-9" } }, body });
    expect(rec.last().headers.get("onBehalfOf")).toBe("cometchat-uid-9");
  });

  test("a path id stays one path segment, whatever it contains", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch }).POST("/users/{uid}/auth_tokens", {
      params: { path: { uid: "a/b?c#d" } },
    });
    const url = new URL(rec.last().url);
    expect(url.pathname).toBe("/v3/users/a%2Fb%3Fc%23d/auth_tokens");
    expect(url.search).toBe("");
    expect(url.hash).toBe("");
  });

  test("query parameters are serialised", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId, apiKey, fetch: rec.fetch }).GET("/users", {
      params: { query: { perPage: 10, page: 2, status: "available" } },
    });
    const url = new URL(rec.last().url);
    expect(url.searchParams.get("perPage")).toBe("10");
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.get("status")).toBe("available");
  });
});

describe("input that would build a wrong request is refused before sending", () => {
  const rec = recordingFetch();
  const client = createChatClient({ appId, apiKey, fetch: rec.fetch });

  test.each(["", "a\r\nx-admin: 1", "a\nb", " padded", "x\u0000"])("onBehalfOf %j is rejected in as()", (uid) => {
    expect(() => client.as(uid)).toThrow(ChatConfigError);
  });

  test("an empty onBehalfOf option is rejected", () => {
    expect(() => createChatClient({ appId, apiKey, onBehalfOf: "" })).toThrow(/onBehalfOf must be a non-empty UID/);
  });

  test("an onBehalfOf with CR/LF passed per call is rejected and nothing is sent", async () => {
    const before = rec.requests.length;
    await expect(
      client.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { onBehalfOf: "u\r\nx: y" } }, body }),
    ).rejects.toThrow(/control character/);
    expect(rec.requests.length).toBe(before);
  });

  test.each([undefined, "", ".", ".."])("path id %j is rejected", async (id) => {
    const before = rec.requests.length;
    await expect(
      client.POST("/messages/{id}/thread", { params: { path: { id: id as string }, header: { onBehalfOf: "u1" } }, body }),
    ).rejects.toThrow(ChatConfigError);
    expect(rec.requests.length).toBe(before);
  });
});

describe("construction errors", () => {
  test("a missing apiKey is a clear error", () => {
    expect(() => createChatClient({ appId } as never)).toThrow(/apiKey is required/);
    expect(() => createChatClient({ appId, apiKey: " " })).toThrow(/apiKey is required/);
  });

  test("an app id that would change the host is rejected", () => {
    expect(() => createChatClient({ appId: "evil.com/x", apiKey })).toThrow(/single host-name label/);
  });

  test("an unknown region is rejected", () => {
    expect(() => createChatClient({ appId, apiKey, region: "mars" as "us" })).toThrow(/region must be one of/);
  });

  test("a plain-http base URL to another machine is rejected", () => {
    expect(() => createChatClient({ appId, apiKey, baseUrl: "http://example.com" })).toThrow(/baseUrl must use https/);
  });

  test("a missing options object is a clear error", () => {
    expect(() => createChatClient(undefined as never)).toThrow(ChatConfigError);
  });
});

describe("management client", () => {
  test("sends key and secret, and no apikey, to the management host", async () => {
    const rec = recordingFetch(200, { data: [], meta: {} });
    await createManagementClient({ key: "mk", secret: "ms", fetch: rec.fetch }).GET("/apps");
    expect(rec.last().url).toBe("https://apimgmt.cometchat.io/apps");
    expect(rec.last().headers.get("key")).toBe("mk");
    expect(rec.last().headers.get("secret")).toBe("ms");
    expect(rec.last().headers.get("apikey")).toBeNull();
  });

  test("a missing key or secret is a clear error", () => {
    expect(() => createManagementClient({ key: "", secret: "s" })).toThrow(/key is required/);
    expect(() => createManagementClient({ key: "k" } as never)).toThrow(/secret is required/);
  });
});

describe("query serialisation follows the spec", () => {
  test("array query parameters are sent comma-separated, as the spec's form/explode:false says", async () => {
    const rec = recordingFetch(200, { data: [], meta: {} });
    await createChatClient({ appId, apiKey, fetch: rec.fetch }).GET("/users", {
      params: { query: { searchIn: ["name", "uid"], tags: ["vip", "beta"] } },
    });
    const url = new URL(rec.last().url);
    expect(url.searchParams.getAll("searchIn")).toEqual(["name,uid"]);
    expect(url.searchParams.getAll("tags")).toEqual(["vip,beta"]);
  });
});
