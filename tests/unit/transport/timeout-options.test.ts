import { ChatConfigError, ChatTimeoutError, createChatClient } from "../../../src/index";
import { runAttempt, type AttemptPlan } from "../../../src/transport/attempt";
import { json, withServer } from "../../harness/fault-server";

describe("timeoutMs and deadlineMs are checked", () => {
  const bad = [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, "30s"];

  test.each(bad)("timeoutMs %p is refused when the client is built", (value) => {
    expect(() => createChatClient({ appId: "t", apiKey: "k", timeoutMs: value as number })).toThrow(ChatConfigError);
  });

  test.each(bad)("deadlineMs %p is refused when the client is built", (value) => {
    expect(() => createChatClient({ appId: "t", apiKey: "k", deadlineMs: value as number })).toThrow(ChatConfigError);
  });

  test("a bad value per call rejects the call before anything is sent", async () => {
    let sent = 0;
    const fetch = async () => {
      sent++;
      return new Response("{}");
    };
    const chat = createChatClient({ appId: "t", apiKey: "k", fetch });
    await expect(chat.GET("/users", { timeoutMs: 2 ** 31 })).rejects.toThrow(/timeoutMs must be a finite number from 0 to 2147483647/);
    await expect(chat.GET("/users", { deadlineMs: -5 })).rejects.toThrow(/deadlineMs must be a finite number from 0 to 2147483647/);
    expect(sent).toBe(0);
  });

  test("the longest timer a runtime keeps is accepted", () => {
    expect(() => createChatClient({ appId: "t", apiKey: "k", timeoutMs: 2 ** 31 - 1, deadlineMs: 2 ** 31 - 1 })).not.toThrow();
  });

  test("the longest timers do not fire at once: a slow answer still arrives", async () => {
    await withServer(
      (_q, res) => void setTimeout(() => json(res, 200, { data: [], meta: {} }), 100),
      async (server) => {
        const chat = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 2 ** 31 - 1, deadlineMs: 2 ** 31 - 1 });
        const { response } = await chat.GET("/users");
        expect(response.status).toBe(200);
        expect(server.requests).toHaveLength(1);
      },
    );
  });
});

describe("0 turns a time limit off", () => {
  const plan = (signals: unknown[]): AttemptPlan => ({
    url: "http://127.0.0.1/",
    redirect: "follow",
    method: "GET",
    readAs: "text",
    maxBytes: 0,
    tooLarge: () => new Error("too large"),
    send: async (signal) => {
      signals.push(signal);
      return new Response("{}");
    },
    resend: async () => new Response("{}"),
  });

  test("an attempt without a time budget sends no signal of its own", async () => {
    const signals: unknown[] = [];
    await runAttempt(plan(signals), undefined, 0);
    expect(signals).toEqual([undefined]);
  });

  test("an attempt with a time budget sends its own signal", async () => {
    const signals: unknown[] = [];
    await runAttempt(plan(signals), undefined, 1_000);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });

  test("timeoutMs: 0 on the client lets a slow answer through", async () => {
    await withServer(
      (_q, res) => void setTimeout(() => json(res, 200, { data: [], meta: {} }), 300),
      async (server) => {
        const { response } = await createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, timeoutMs: 0 }).GET("/users");
        expect(response.status).toBe(200);
      },
    );
  });

  test("deadlineMs: 0 on a call lifts the client's deadline", async () => {
    await withServer(
      (_q, res) => void setTimeout(() => json(res, 200, { data: [], meta: {} }), 300),
      async (server) => {
        const chat = createChatClient({ appId: "t", apiKey: "k", baseUrl: server.url, deadlineMs: 50, maxRetries: 0 });
        await expect(chat.GET("/users")).rejects.toBeInstanceOf(ChatTimeoutError);
        const { response } = await chat.GET("/users", { deadlineMs: 0 });
        expect(response.status).toBe(200);
      },
    );
  });
});
