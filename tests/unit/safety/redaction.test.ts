// What the service or the caller could echo is masked; what nobody could echo (the frames of
// a stack) is left readable; a credential that a header cannot carry is refused up front.
import { inspect } from "node:util";
import { ChatApiError, ChatConfigError, createChatClient, createManagementClient, unwrap } from "../../../src/index";
import { checkCredential } from "../../../src/safety/input-checks";
import { redactError, redactValue } from "../../../src/errors/redact";
import { json, withServer } from "../../harness/fault-server";

// Everything an error can expose: message, stack, own fields, and the cause chain.
function dump(value: unknown, depth = 0): string {
  if (!(value instanceof Error) || depth > 6) return inspect(value, { depth: 6 });
  return [value.message, value.stack, inspect(value, { depth: 6 }), JSON.stringify(value), dump(value.cause, depth + 1)].join("\n");
}

// A service that echoes every credential header back, in the body and in x-request-id.
const echo = (status: number) =>
  withServer.bind(null, (req, res) => {
    const sent = [req.headers.apikey, req.headers.key, req.headers.secret].filter(Boolean).join(" ");
    json(
      res,
      status,
      { error: { code: "ERR", message: `rejected ${sent}`, details: { sent: [sent] } } },
      { "x-request-id": `req ${sent}` },
    );
  });

describe("credentials with surrounding whitespace", () => {
  test("an API key read with its newline is sent trimmed, and an echo of it is masked everywhere", async () => {
    await echo(401)(async (server) => {
      const chat = createChatClient({ appId: "r", apiKey: "sk_live_0123456789\n", baseUrl: server.url, maxRetries: 0 });
      const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
      expect(server.requests[0]!.headers.apikey).toBe("sk_live_0123456789");
      expect(error).toBeInstanceOf(ChatApiError);
      expect(dump(error)).not.toContain("sk_live_0123456789");
      expect((error as ChatApiError).message).toBe("GET /users failed with 401 ERR: rejected [REDACTED]");
      expect((error as ChatApiError).requestId).toBe("req [REDACTED]");
    });
  });

  test("the management key and secret are trimmed and masked the same way", async () => {
    await echo(401)(async (server) => {
      const mgmt = createManagementClient({ key: " mgmt-key-42 \r\n", secret: "\tmgmt-secret-43\n", baseUrl: server.url, maxRetries: 0 });
      const error = await unwrap(mgmt.GET("/apps")).catch((e: unknown) => e);
      expect(server.requests[0]!.headers).toMatchObject({ key: "mgmt-key-42", secret: "mgmt-secret-43" });
      expect(dump(error)).not.toMatch(/mgmt-key-42|mgmt-secret-43/);
      expect((error as ChatApiError).requestId).toBe("req [REDACTED] [REDACTED]");
    });
  });
});

describe("credentials a header cannot carry are refused when the client is built", () => {
  const KEY = "sk_live_abcdef";
  test.each([
    ["a CR LF", `${KEY}\r\nx-evil: 1`, /control character/],
    ["a LF", `${KEY}\nmore`, /control character/],
    ["a NUL", `${KEY}\u0000`, /control character/],
    ["a C1 control", `${KEY}\u0085x`, /control character/],
    ["a non-ASCII character", `${KEY}é`, /non-ASCII character/],
  ])("an apiKey with %s, and the message does not quote it", (_what, apiKey, message) => {
    let error: unknown;
    try {
      createChatClient({ appId: "r", apiKey });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChatConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/^apiKey /);
    expect(dump(error)).not.toContain("sk_live");
  });

  test("the management key and secret are checked the same way", () => {
    expect(() => createManagementClient({ key: "k\r\n1", secret: "s" })).toThrow(/^key contains a control character/);
    expect(() => createManagementClient({ key: "k", secret: "s\u0000" })).toThrow(/^secret contains a control character/);
  });

  test("checkCredential trims surrounding whitespace and keeps inner characters", () => {
    expect(checkCredential("apiKey", "\ufeff  abc def\r\n")).toBe("abc def");
    expect(() => checkCredential("apiKey", " \n")).toThrow(/apiKey is required/);
    expect(() => checkCredential("apiKey", 42)).toThrow(/apiKey is required/);
  });
});

describe("redaction leaves stack frames alone", () => {
  test('with apiKey "test", a cause\'s frames still name this file while its message is masked', async () => {
    const failingFetch = async () => {
      throw new TypeError("fetch failed for apikey=test");
    };
    const chat = createChatClient({ appId: "r", apiKey: "test", fetch: failingFetch, maxRetries: 0 });
    const error = (await unwrap(chat.GET("/users")).catch((e: unknown) => e)) as Error;
    const cause = error.cause as Error;
    expect(cause.message).toBe("fetch failed for apikey=[REDACTED]");
    expect(cause.stack).toContain("TypeError: fetch failed for apikey=[REDACTED]\n");
    expect(cause.stack).toContain("redaction.test.ts");
    expect(cause.stack).not.toContain("[REDACTED]s/");
  });

  test("a message line that merely looks like a frame is still masked", () => {
    const original = new Error("bad key\n    at sk_live_zzz (x.js:1:1)");
    const redacted = redactError(original, ["sk_live_zzz"]) as Error;
    expect(redacted.stack).not.toContain("sk_live_zzz");
    expect(redacted.stack).toContain("redaction.test.ts");
  });

  test("a message changed after the stack was taken is masked in the stack too", () => {
    const original = new Error("first sk_live_yyy");
    void original.stack;
    original.message = "second";
    const redacted = redactError(original, ["sk_live_yyy"]) as Error;
    expect(redacted.stack).not.toContain("sk_live_yyy");
    expect(redacted.stack).toContain("redaction.test.ts");
    expect(original.stack).toContain("sk_live_yyy");
  });
});

describe("what is masked", () => {
  test("a key with quotes or backslashes is masked in a JSON body, where it would appear escaped", async () => {
    const apiKey = 'k"ey\\12345';
    await withServer(
      (req, res) => json(res, 400, { error: { code: "ERR", message: `bad ${req.headers.apikey}` } }),
      async (server) => {
        const chat = createChatClient({ appId: "r", apiKey, baseUrl: server.url, maxRetries: 0 });
        const error = (await unwrap(chat.GET("/users")).catch((e: unknown) => e)) as ChatApiError;
        expect(error.body).toEqual({ error: { code: "ERR", message: "bad [REDACTED]" } });
        expect(dump(error)).not.toContain(apiKey);
      },
    );
  });

  test("Headers in a cause's fields are masked", async () => {
    const failingFetch = async () => {
      throw Object.assign(new Error("refused"), { response: { headers: new Headers({ "x-echo": "sent sk_live_hdr" }) } });
    };
    const chat = createChatClient({ appId: "r", apiKey: "sk_live_hdr", fetch: failingFetch, maxRetries: 0 });
    const error = (await unwrap(chat.GET("/users")).catch((e: unknown) => e)) as Error;
    const cause = error.cause as { response: { headers: Headers } };
    expect(cause.response.headers.get("x-echo")).toBe("sent [REDACTED]");
  });

  test("ChatApiError.from masks the message, body, code, details and requestId given the call's secrets", () => {
    const body = { error: { code: "ERR_s3cr3t", message: "no s3cr3t", details: { s3cr3t: ["s3cr3t"] } } };
    const error = ChatApiError.from(400, body, new Headers({ "x-request-id": "id-s3cr3t" }), {
      method: "GET",
      path: "/users",
      secrets: ["s3cr3t"],
    });
    expect(error).toMatchObject({
      message: "GET /users failed with 400 ERR_[REDACTED]: no [REDACTED]",
      code: "ERR_[REDACTED]",
      details: { "[REDACTED]": ["[REDACTED]"] },
      requestId: "id-[REDACTED]",
    });
    expect(error.stack).not.toContain("s3cr3t");
    expect(body.error.message).toBe("no s3cr3t");
  });

  test("a value without a secret is returned as it is, not copied", () => {
    const value = { a: ["x", { b: "y" }], h: new Headers({ c: "z" }) };
    expect(redactValue(value, ["secret"])).toBe(value);
  });
});
