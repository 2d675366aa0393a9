import { createChatClient, ChatTimeoutError } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const slow =
  (ms: number): Handler =>
  (_q, res) => {
    const timer = setTimeout(() => json(res, 200, { data: [], meta: {} }), ms);
    res.on("close", () => clearTimeout(timer));
  };

describe("timeouts", () => {
  test("timeoutMs bounds each attempt, and a GET is retried after a timeout", async () => {
    await withServer(slow(5_000), async (server) => {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 100, maxRetries: 1 });
      const error = await client.GET("/users").catch((e) => e);
      expect(error).toBeInstanceOf(ChatTimeoutError);
      expect(error.attempts).toBe(2);
      // The attempts that reached the server before their timeout: on a busy machine one may not
      // have, as the timer can fire before the request is sent. The client's count is exact.
      expect(server.requests.length).toBeLessThanOrEqual(2);
    });
  });

  test("timeoutMs per call overrides the client", async () => {
    await withServer(slow(400), async (server) => {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 50, maxRetries: 0 });
      const { response } = await client.GET("/users", { timeoutMs: 5_000 });
      expect(response.status).toBe(200);
    });
  });

  test("deadlineMs bounds the whole call across retries", async () => {
    await withServer(slow(5_000), async (server) => {
      // Three 300 ms attempts plus backoff would exceed the 500 ms deadline, so fewer are made.
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 300, deadlineMs: 500, maxRetries: 5 });
      const error = await client.GET("/users").catch((e) => e);
      expect(error).toBeInstanceOf(ChatTimeoutError);
      expect(server.requests.length).toBeLessThan(3);
    });
  });
});

describe("a caller's abort stays an abort", () => {
  test("aborting during a request rejects with the caller's reason, not a timeout", async () => {
    const controller = new AbortController();
    // Aborted once the request has arrived, however long a busy machine took to send it.
    await withServer(
      (req, res, hit) => {
        controller.abort();
        slow(5_000)(req, res, hit);
      },
      async (server) => {
        const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
        const pending = client.GET("/users", { signal: controller.signal });
        const error = await pending.catch((e) => e);
        expect(error.name).toBe("AbortError");
        expect(error).not.toBeInstanceOf(ChatTimeoutError);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("aborting during a backoff sleep stops at once and sends nothing more", async () => {
    await withServer(
      (_q, res) => json(res, 503, {}, { "retry-after": "30" }),
      async (server) => {
        const controller = new AbortController();
        const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
        const pending = client.GET("/users", { signal: controller.signal });
        // The 30 s Retry-After puts the transport to sleep; the abort must wake it.
        await new Promise((r) => setTimeout(r, 100));
        controller.abort(new Error("shutting down"));
        const error = await pending.catch((e) => e);
        expect(error.message).toBe("shutting down");
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("an already aborted signal sends nothing", async () => {
    await withServer(slow(10), async (server) => {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
      const error = await client.GET("/users", { signal: AbortSignal.abort() }).catch((e) => e);
      expect(error.name).toBe("AbortError");
      expect(server.requests).toHaveLength(0);
    });
  });
});
