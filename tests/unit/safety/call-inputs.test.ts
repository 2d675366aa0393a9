// Input that would send a request somewhere else, or as someone else, is refused with a
// ChatConfigError before anything is sent.
import { ChatConfigError, createChatClient, createManagementClient } from "../../../src/index";
import { onBehalfOfIn } from "../../../src/safety/input-checks";
import { recordingFetch } from "../../harness/recording-fetch";

const body = { receiver: "cometchat-uid-2", receiverType: "user" as const, type: "text" as const, data: { text: "hi" } };

function setup() {
  const rec = recordingFetch();
  const chat = createChatClient({ appId: "inputs", apiKey: "k", fetch: rec.fetch });
  return { rec, chat };
}

async function refused(call: Promise<unknown>, message: RegExp, sent: () => number) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(message);
  expect(sent()).toBe(0);
}

describe("path parameters", () => {
  test.each([
    [[".."], /must be a string or a finite number, got an array/],
    [["a", "b"], /must be a string or a finite number, got an array/],
    [{ uid: "x" }, /must be a string or a finite number, got object/],
    [true, /must be a string or a finite number, got boolean/],
    [Number.NaN, /must be a string or a finite number, got NaN/],
    [Number.POSITIVE_INFINITY, /must be a string or a finite number, got Infinity/],
  ])("the value %p is refused", async (uid, message) => {
    const { rec, chat } = setup();
    await refused(chat.GET("/users/{uid}" as "/users", { params: { path: { uid } } } as never), message, () => rec.requests.length);
  });

  test("an unpaired surrogate is refused with a ChatConfigError, not a URIError", async () => {
    const { rec, chat } = setup();
    const call = chat.POST("/messages/{id}/thread", { params: { path: { id: "a\ud800" }, header: { onBehalfOf: "u1" } }, body });
    await refused(call, /path parameter "id" contains an unpaired surrogate/, () => rec.requests.length);
  });

  test("a surrogate pair (an emoji) is a valid value and is sent percent-encoded", async () => {
    const { rec, chat } = setup();
    await chat.POST("/messages/{id}/thread", { params: { path: { id: "a😀" }, header: { onBehalfOf: "u1" } }, body });
    expect(new URL(rec.last().url).pathname).toBe("/v3/messages/a%F0%9F%98%80/thread");
  });

  test("a number, and a string with the dollar patterns of String.replace, are sent as they are", async () => {
    const { rec, chat } = setup();
    await chat.POST("/messages/{id}/thread", { params: { path: { id: 42 as unknown as string }, header: { onBehalfOf: "u1" } }, body });
    await chat.POST("/messages/{id}/thread", { params: { path: { id: "..$'" }, header: { onBehalfOf: "u1" } }, body });
    expect(rec.requests.map((r) => new URL(r.url).pathname)).toEqual(["/v3/messages/42/thread", "/v3/messages/..%24'/thread"]);
  });
});

describe("path templates", () => {
  test("a path that does not start with / is refused, so it cannot extend the host name", async () => {
    const rec = recordingFetch();
    const mgmt = createManagementClient({ key: "k", secret: "s", fetch: rec.fetch });
    await refused(
      mgmt.GET(".evil.com/apps" as "/apps"),
      /^GET \.evil\.com\/apps: the path must start with "\/"/,
      () => rec.requests.length,
    );
  });

  test.each(["/users/../apps", "/..", "/users/%2e%2E/x", "/users/.%2e", "/users\\..\\x", "/users/./x", "/users/..?x=1"])(
    "%j, whose dot segment would climb out of the base path, is refused",
    async (path) => {
      const { rec, chat } = setup();
      await refused(chat.GET(path as "/users"), /must not contain "\." or "\.\." segments/, () => rec.requests.length);
    },
  );

  test("dots inside a segment are fine", async () => {
    const { rec, chat } = setup();
    await chat.GET("/users/a..b/x.y" as "/users");
    expect(new URL(rec.last().url).pathname).toBe("/v3/users/a..b/x.y");
  });
});

describe("onBehalfOf", () => {
  test.each([
    ["onbehalfof", " admin\r\n", /control character \(U\+000D\)/],
    ["ONBEHALFOF", "", /must be a non-empty UID string/],
    ["OnBehalfOf", "a\u0085b", /control character \(U\+0085\)/],
    ["onBehalfOf", "a\u007f", /control character \(U\+007F\)/],
    ["onbehalfof", " admin", /leading or trailing whitespace/],
    ["onbehalfof", "admin\u00a0", /non-ASCII character \(U\+00A0\)/],
    ["onBehalfOf", "用户", /non-ASCII character \(U\+7528\), which a header cannot carry as written/],
    ["onBehalfOf", "josé", /non-ASCII character \(U\+00E9\)/],
  ])("params.header %s: %j is refused", async (name, uid, message) => {
    const { rec, chat } = setup();
    const call = chat.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { [name]: uid } as never }, body });
    await refused(call, message, () => rec.requests.length);
  });

  test("the header set under two casings is refused", async () => {
    const { rec, chat } = setup();
    const header = { onBehalfOf: "a", onbehalfof: "b" } as never;
    await refused(
      chat.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header }, body }),
      /sets onBehalfOf twice/,
      () => rec.requests.length,
    );
  });

  test("a per-call value under another casing wins over the bound user, and only it is sent", async () => {
    const { rec, chat } = setup();
    await chat
      .as("bound")
      .POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { onbehalfof: "caller" } as never }, body });
    expect(rec.last().headers.get("onbehalfof")).toBe("caller");
  });

  test.each(["用户", "josé", "a\u0085", "\tuid"])("as(%j) is refused when the client is bound", (uid) => {
    const { chat } = setup();
    expect(() => chat.as(uid)).toThrow(ChatConfigError);
    expect(() => createChatClient({ appId: "inputs", apiKey: "k", onBehalfOf: uid })).toThrow(ChatConfigError);
  });

  test("onBehalfOfIn reads every form of headers, under any casing", () => {
    expect(onBehalfOfIn("headers", { ONBEHALFOF: "u1", "x-trace": "t" })).toBe("u1");
    expect(onBehalfOfIn("headers", new Headers({ OnBehalfOf: "u2" }))).toBe("u2");
    expect(onBehalfOfIn("headers", [["onbehalfof", "u3"]])).toBe("u3");
    expect(onBehalfOfIn("headers", { onBehalfOf: undefined })).toBeUndefined();
    expect(onBehalfOfIn("headers", undefined)).toBeUndefined();
    expect(() => onBehalfOfIn("headers", new Headers({ onbehalfof: "josé" }))).toThrow(/non-ASCII/);
    expect(() => onBehalfOfIn("headers", { onbehalfof: null })).toThrow(/non-empty UID string, got null/);
  });
});
