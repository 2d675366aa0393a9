import { createServer } from "node:net";
import { createChatClient, unwrap, ChatConnectionError, InternalServerError, RateLimitError } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const body = { type: "text" as const, data: { text: "hello" } };
const thread = (baseUrl: string, extra: Record<string, unknown> = {}, fetch?: (r: Request) => Promise<Response>) =>
  createChatClient({ appId: "retry", apiKey: "k-retry", baseUrl, fetch, ...extra })
    .as("cometchat-uid-1")
    .POST("/messages/{id}/thread", { params: { path: { id: "9" } }, body, ...extra });

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

describe("POST is repeated only when the service provably never saw it", () => {
  test("a refused connection is retried, then reported with the attempt count", async () => {
    const port = await closedPort();
    const error = await thread(`http://127.0.0.1:${port}`).catch((e) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/connection failed \(refused, ECONNREFUSED\) after 3 attempts/);
    expect(error.cause).toBeDefined();
  });

  test("a host that does not resolve is retried", async () => {
    let calls = 0;
    const dnsFailure = async () => {
      calls++;
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }) });
    };
    const error = await thread("https://api.example.test", { maxRetries: 1 }, dnsFailure).catch((e) => e);
    expect(calls).toBe(2);
    expect(error).toBeInstanceOf(ChatConnectionError);
  });

  test("a 429 is retried and the retry succeeds", async () => {
    const limitedOnce: Handler = (_q, res, hit) =>
      hit === 1
        ? json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "wait" } }, { "retry-after": "0" })
        : json(res, 200, { data: { id: "10", parentId: "9" } });
    await withServer(limitedOnce, async (server) => {
      const { data } = await thread(server.url);
      expect(data?.data.parentId).toBe("9");
      expect(server.requests).toHaveLength(2);
      expect(server.requests[0]!.body).toBe(server.requests[1]!.body);
    });
  });

  test("idempotent: true per call lets a POST be retried after a 500, with the same body each time", async () => {
    await withServer(
      (_q, res, hit) => (hit < 3 ? json(res, 500, {}) : json(res, 200, { data: {} })),
      async (server) => {
        const { response } = await thread(server.url, { idempotent: true });
        expect(response.status).toBe(200);
        expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([body, body, body]);
      },
    );
  });
});

describe("retry limits", () => {
  test("maxRetries per call overrides the client", async () => {
    await withServer(
      (_q, res) => json(res, 503, {}, { "retry-after": "0" }),
      async (server) => {
        const client = createChatClient({ appId: "retry", apiKey: "k", baseUrl: server.url, maxRetries: 5 });
        const error = await unwrap(client.GET("/users", { maxRetries: 0 })).catch((e) => e);
        expect(error).toBeInstanceOf(InternalServerError);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("maxRetries set on the client applies to every call", async () => {
    await withServer(
      (_q, res) => json(res, 429, {}, { "retry-after": "0" }),
      async (server) => {
        const client = createChatClient({ appId: "retry", apiKey: "k", baseUrl: server.url, maxRetries: 4 });
        await expect(unwrap(client.GET("/users"))).rejects.toBeInstanceOf(RateLimitError);
        expect(server.requests).toHaveLength(5);
      },
    );
  });

  test("a Retry-After beyond the cap is not waited out: the 429 goes back to the caller", async () => {
    await withServer(
      (_q, res) => json(res, 429, {}, { "retry-after": "3600" }),
      async (server) => {
        const client = createChatClient({ appId: "retry", apiKey: "k", baseUrl: server.url });
        const error = await unwrap(client.GET("/users")).catch((e) => e);
        expect(error).toBeInstanceOf(RateLimitError);
        expect(error.retryAfter).toBe(3600);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("a Retry-After given as an HTTP date is honoured", async () => {
    const busyUntilNow: Handler = (_q, res, hit) =>
      hit === 1 ? json(res, 503, {}, { "retry-after": new Date(Date.now() - 1000).toUTCString() }) : json(res, 200, { data: [], meta: {} });
    await withServer(busyUntilNow, async (server) => {
      const client = createChatClient({ appId: "retry", apiKey: "k", baseUrl: server.url });
      const { response } = await client.GET("/users");
      expect(response.status).toBe(200);
      expect(server.requests).toHaveLength(2);
    });
  });

  test("invalid numbers are refused", () => {
    expect(() => createChatClient({ appId: "a", apiKey: "k", maxRetries: -1 })).toThrow(/maxRetries must be a finite number/);
    expect(() => createChatClient({ appId: "a", apiKey: "k", timeoutMs: Number.NaN })).toThrow(/timeoutMs/);
  });
});

describe("a POST that was not repeated says why", () => {
  test("a 5xx on a POST is sent once, and its error says it may have been processed", async () => {
    await withServer(
      (_q, res) => json(res, 502, { error: { code: "ERR_UPSTREAM", message: "bad gateway" } }),
      async (server) => {
        const error = await unwrap(thread(server.url)).catch((e) => e);
        expect(error).toBeInstanceOf(InternalServerError);
        expect(error.message).toBe(
          "POST /messages/{id}/thread failed with 502 ERR_UPSTREAM: bad gateway; it may have been processed, so it was not repeated",
        );
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("a 5xx on a call that was repeated, or declared idempotent, does not claim it was not repeated", async () => {
    await withServer(
      (_q, res) => json(res, 500, { error: { code: "ERR_INTERNAL", message: "boom" } }),
      async (server) => {
        const chat = createChatClient({ appId: "retry", apiKey: "k-retry", baseUrl: server.url, maxRetries: 1 });
        const listed = await unwrap(chat.GET("/users")).catch((e) => e);
        const declared = await unwrap(thread(server.url, { idempotent: true, maxRetries: 1 })).catch((e) => e);
        for (const error of [listed, declared]) {
          expect(error).toBeInstanceOf(InternalServerError);
          expect(error.message).not.toMatch(/not repeated/);
        }
        expect(server.requests).toHaveLength(4);
      },
    );
  });

  test("a reset after sending tells the caller the message may have been delivered", async () => {
    await withServer(
      (req) => req.socket.destroy(),
      async (server) => {
        const error = await thread(server.url).catch((e) => e);
        expect(error).toBeInstanceOf(ChatConnectionError);
        expect(error.message).toMatch(/may have reached the service, so it was not repeated/);
        expect(server.requests).toHaveLength(1);
      },
    );
  });
});
