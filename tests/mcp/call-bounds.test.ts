// What bounds one tool call: the MCP request's cancellation and the server's deadline. The service
// is an injected fetch, time is Jest's fake clock (installed once, before the rate-limit governor
// loads, so that its clock is the fake one too), and nothing here waits on real time.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createChatMcpServer } from "../../src/mcp/chat-mcp-server";
import { createToolbox, MCP_DEADLINE_MS } from "../../src/mcp/mcp-toolbox";
import type { ToolResult } from "../../src/mcp/tool-result";

const API_KEY = "k3y-5e1b9c7a3d2f4e6081a9c3b5d7e2f4a6";
const SEND = { body: { receiver: "ops", receiverType: "group", data: { text: "Refund approved." } } };

/** A service whose answers are given in turn (the last one repeats), that records what it was sent. */
function service(...answers: { status: number; retryAfter?: number }[]) {
  const sent: string[] = [];
  let first: () => void;
  const firstSent = new Promise<void>((resolve) => (first = resolve));
  const fetch = async (request: Request) => {
    sent.push(await request.text());
    first();
    const { status, retryAfter } = answers[Math.min(sent.length, answers.length) - 1]!;
    const body = status === 429 ? { error: { code: "ERR_TOO_MANY_REQUESTS", message: "Too many requests." } } : { data: { id: "1843" } };
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
    return new Response(JSON.stringify(body), { status, headers });
  };
  return { sent, firstSent, fetch };
}

/** Turns of the event loop (real ones: setImmediate is not faked), for what settles without any time passing. */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

function settledOf(call: Promise<ToolResult>) {
  const state: { result?: ToolResult } = {};
  void call.then((result) => (state.result = result));
  return state;
}

const errorOf = (result: ToolResult | undefined) => JSON.parse(result!.content[0]!.text).error;

beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask", "setImmediate"] });
});
afterAll(() => {
  jest.useRealTimers();
});

describe("a cancelled tool call", () => {
  test("cancelled by the MCP client while a 429's Retry-After holds it, the message is never sent again", async () => {
    const chat = service({ status: 429, retryAfter: 3 }, { status: 200 });
    const server = await createChatMcpServer({ chat: { appId: "bounds1", apiKey: API_KEY, fetch: chat.fetch }, as: "support-agent" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "agent", version: "1.0.0" });
    await client.connect(clientSide);
    const controller = new AbortController();
    const call = client.callTool({ name: "send-message", arguments: SEND }, undefined, { signal: controller.signal });
    const outcome = call.then(
      () => "answered",
      () => "cancelled",
    );
    await chat.firstSent;
    await jest.advanceTimersByTimeAsync(1_000);
    controller.abort("the agent gave up");
    expect(await outcome).toBe("cancelled");
    // Past the Retry-After, and past any deadline: still the one 429'd attempt.
    await jest.advanceTimersByTimeAsync(120_000);
    await turns();
    expect(chat.sent).toHaveLength(1);
    await client.close();
    await server.close();
  });

  test("settles at once with ERR_CANCELLED, without waiting out the rate-limit hold, and sends nothing after", async () => {
    const chat = service({ status: 429, retryAfter: 3 }, { status: 200 });
    const toolbox = await createToolbox({ chat: { appId: "bounds2", apiKey: API_KEY, fetch: chat.fetch }, as: "support-agent" });
    const controller = new AbortController();
    const state = settledOf(toolbox.call("send-message", SEND, controller.signal));
    await chat.firstSent;
    await turns();
    expect(state.result).toBeUndefined(); // held by the 429
    controller.abort(new Error("cancelled by the client"));
    await turns(); // no time passes
    expect(errorOf(state.result)).toEqual({ code: "ERR_CANCELLED", message: "The tool call was cancelled: nothing was sent after that." });
    await jest.advanceTimersByTimeAsync(120_000);
    await turns();
    expect(chat.sent).toHaveLength(1);
  });

  test("a call through the dynamic mode's call_operation is cancelled the same way", async () => {
    const chat = service({ status: 429, retryAfter: 3 }, { status: 200 });
    const toolbox = await createToolbox({ chat: { appId: "bounds3", apiKey: API_KEY, fetch: chat.fetch }, dynamic: true });
    const controller = new AbortController();
    const state = settledOf(toolbox.call("call_operation", { operation: "send-message", arguments: SEND }, controller.signal));
    await chat.firstSent;
    controller.abort();
    await turns();
    expect(errorOf(state.result).code).toBe("ERR_CANCELLED");
    await jest.advanceTimersByTimeAsync(120_000);
    await turns();
    expect(chat.sent).toHaveLength(1);
  });
});

describe("the deadline of a tool call", () => {
  test(`is shorter than the MCP client's 60 s request timeout`, () => {
    expect(MCP_DEADLINE_MS).toBeLessThan(60_000);
  });

  test("after two 429s with Retry-After: 35, the retry that would end past the deadline is not waited for: the call answers with waitMs", async () => {
    const chat = service({ status: 429, retryAfter: 35 }, { status: 429, retryAfter: 35 }, { status: 200 });
    const toolbox = await createToolbox({ chat: { appId: "bounds4", apiKey: API_KEY, fetch: chat.fetch }, as: "support-agent" });
    const state = settledOf(toolbox.call("send-message", SEND));
    await chat.firstSent;
    await turns();
    expect(state.result).toBeUndefined(); // 35 s fits the deadline: the first retry waits
    await jest.advanceTimersByTimeAsync(36_000);
    await turns();
    expect(chat.sent).toHaveLength(2);
    // 35 s + 35 s would pass the deadline: answered now, with the wait the service asked for.
    expect(errorOf(state.result)).toMatchObject({ status: 429, code: "ERR_TOO_MANY_REQUESTS", waitMs: 35_000 });
    await jest.advanceTimersByTimeAsync(120_000);
    await turns();
    expect(chat.sent).toHaveLength(2);
  });

  test("a call that would wait for rate-limit room past the deadline is refused unsent, with its waitMs", async () => {
    // The first call's 429 holds the user's key for 45 s; a second call may wait 20 s at most.
    const chat = service({ status: 429, retryAfter: 45 });
    const toolbox = await createToolbox({
      chat: { appId: "bounds5", apiKey: API_KEY, fetch: chat.fetch, maxRetries: 0 },
      as: "support-agent",
    });
    const first = errorOf(await toolbox.call("send-message", SEND));
    expect(first).toMatchObject({ status: 429, waitMs: 45_000 });
    const refused = errorOf(await toolbox.call("send-message", SEND));
    expect(refused.status).toBeUndefined();
    expect(refused).toMatchObject({ code: "ERR_TOO_MANY_REQUESTS", waitMs: expect.any(Number) });
    expect(refused.waitMs).toBeGreaterThan(20_000);
    expect(refused.message).toMatch(/not sent: .* has no room for \d+ ms, longer than the call may wait\./);
    expect(chat.sent).toHaveLength(1);
  });
});
