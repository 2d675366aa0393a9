import { createChatClient, ChatTimeoutError } from "../../src/index";
import { json, startFaultServer } from "../support/fault-server";

const slow = (ms: number) =>
  startFaultServer((_q, res) => {
    const timer = setTimeout(() => json(res, 200, { data: [], meta: {} }), ms);
    res.on("close", () => clearTimeout(timer));
  });

describe("timeouts", () => {
  test("timeoutMs bounds each attempt, and a GET is retried after a timeout", async () => {
    const server = await slow(5_000);
    try {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 100, maxRetries: 1 });
      const error = await client.GET("/users").catch((e) => e);
      expect(error).toBeInstanceOf(ChatTimeoutError);
      expect(error.attempts).toBe(2);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  test("timeoutMs per call overrides the client", async () => {
    const server = await slow(400);
    try {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 50, maxRetries: 0 });
      const { response } = await client.GET("/users", { timeoutMs: 5_000 });
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("deadlineMs bounds the whole call across retries", async () => {
    const server = await slow(5_000);
    try {
      // Three 300 ms attempts plus backoff would exceed the 500 ms deadline, so fewer are made.
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 300, deadlineMs: 500, maxRetries: 5 });
      const error = await client.GET("/users").catch((e) => e);
      expect(error).toBeInstanceOf(ChatTimeoutError);
      expect(server.requests.length).toBeLessThan(3);
    } finally {
      await server.close();
    }
  });
});

describe("a caller's abort stays an abort", () => {
  test("aborting during a request rejects with the caller's reason, not a timeout", async () => {
    const server = await slow(5_000);
    try {
      const controller = new AbortController();
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
      const pending = client.GET("/users", { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const error = await pending.catch((e) => e);
      expect(error.name).toBe("AbortError");
      expect(error).not.toBeInstanceOf(ChatTimeoutError);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  test("aborting during a backoff sleep stops at once and sends nothing more", async () => {
    const server = await startFaultServer((_q, res) => json(res, 503, {}, { "retry-after": "30" }));
    try {
      const controller = new AbortController();
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
      const pending = client.GET("/users", { signal: controller.signal });
      // The 30 s Retry-After puts the transport to sleep; the abort must wake it.
      await new Promise((r) => setTimeout(r, 100));
      controller.abort(new Error("shutting down"));
      const error = await pending.catch((e) => e);
      expect(error.message).toBe("shutting down");
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  test("an already aborted signal sends nothing", async () => {
    const server = await slow(10);
    try {
      const client = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url });
      const error = await client.GET("/users", { signal: AbortSignal.abort() }).catch((e) => e);
      expect(error.name).toBe("AbortError");
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
