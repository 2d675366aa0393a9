// The server's tools over SDK clients whose fetch is injected: what reaches the service, and what
// comes back to the agent (answers and errors masked of the credentials, the governor on).
import { createToolbox } from "../../src/mcp/mcp-toolbox";

const API_KEY = "k3y-2c9f4e1a7b3d5f80c6e2a4b9d1f7c3e5";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
function serviceAnswering(answer: (request: Request) => Answer) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const { status, body, headers } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  };
  return { requests, fetch };
}
const text = (result: { content: { text: string }[] }) => result.content.map((part) => part.text).join("");

test("arguments become the request: path, query and header parameters by name, the body as JSON, onBehalfOf from the bound user", async () => {
  const service = serviceAnswering(() => ({ status: 200, body: { data: [] } }));
  const toolbox = await createToolbox({ chat: { appId: "app1", apiKey: API_KEY, fetch: service.fetch }, as: "agent-7" });
  const result = await toolbox.call("list-all-thread-messages", { id: "42", limit: 5, query_id: "40" });
  expect(text(result)).toBe('{"data":[]}');
  const [request] = service.requests;
  expect(new URL(request!.url).pathname).toBe("/v3/messages/42/thread");
  expect(new URL(request!.url).search).toBe("?limit=5&id=40");
  expect(request!.headers.get("onBehalfOf")).toBe("agent-7");
  expect(request!.headers.get("apikey")).toBe(API_KEY);

  await toolbox.call("send-message", { body: { receiver: "ops", receiverType: "group", data: { text: "Hi" } } });
  expect(await service.requests[1]!.json()).toEqual({ receiver: "ops", receiverType: "group", data: { text: "Hi" } });
  // An operation without onBehalfOf acts as the app: no header is sent.
  await toolbox.call("list-users", {});
  expect(service.requests[2]!.headers.get("onBehalfOf")).toBeNull();
});

test("a form's file field arrives as base64 and is sent as the file's bytes in a multipart body", async () => {
  const service = serviceAnswering(() => ({ status: 200, body: { data: { id: "banned" } } }));
  const toolbox = await createToolbox({
    chat: { appId: "app9", apiKey: API_KEY, fetch: service.fetch },
    scope: { tools: ["create-rule-keyword"] },
  });
  const file = Buffer.from("darn\nheck\n").toString("base64");
  const result = await toolbox.call("create-rule-keyword", { body: { id: "banned", name: "Banned", category: "word", file } });
  expect(result.isError).toBeUndefined();
  const form = await service.requests[0]!.formData();
  expect(form.get("name")).toBe("Banned");
  expect(await (form.get("file") as Blob).text()).toBe("darn\nheck\n");
});

test("the API key never reaches the agent, even when the service echoes it in an answer or an error", async () => {
  let fail = false;
  const service = serviceAnswering(() =>
    fail
      ? { status: 400, body: { error: { code: "ERR_BAD_REQUEST", message: `The key ${API_KEY} may not do that.` } } }
      : { status: 200, body: { data: { uid: "ana", note: `made with ${API_KEY}` } } },
  );
  const toolbox = await createToolbox({ chat: { appId: "app2", apiKey: API_KEY, fetch: service.fetch } });
  const answer = await toolbox.call("get-user", { uid: "ana" });
  expect(text(answer)).not.toContain(API_KEY);
  expect(text(answer)).toContain("[REDACTED]");
  fail = true;
  const error = await toolbox.call("get-user", { uid: "ana" });
  expect(error.isError).toBe(true);
  expect(JSON.parse(text(error))).toEqual({
    error: { status: 400, code: "ERR_BAD_REQUEST", message: "The key [REDACTED] may not do that." },
  });
});

test("a connection failure is a tool error with its code, not a crash", async () => {
  const toolbox = await createToolbox({
    chat: { appId: "app3", apiKey: API_KEY, maxRetries: 0, fetch: async () => Promise.reject(new TypeError("fetch failed")) },
  });
  const result = await toolbox.call("list-users", {});
  expect(result.isError).toBe(true);
  expect(JSON.parse(text(result)).error.code).toBe("ERR_CONNECTION");
  expect(text(result)).not.toMatch(/\n\s+at /);
});

test("the service's rate limits are kept by default: after a 429 with a long Retry-After, the next call is refused without being sent", async () => {
  const service = serviceAnswering(() => ({
    status: 429,
    body: { error: { code: "ERR_TOO_MANY_REQUESTS", message: "Too many requests." } },
    headers: { "retry-after": "600" },
  }));
  const toolbox = await createToolbox({ chat: { appId: "app4", apiKey: API_KEY, fetch: service.fetch }, as: "agent-7" });
  const first = JSON.parse(text(await toolbox.call("list-users", {})));
  expect(first.error).toMatchObject({ status: 429, code: "ERR_TOO_MANY_REQUESTS" });
  const sent = service.requests.length;
  const second = JSON.parse(text(await toolbox.call("list-users", {})));
  expect(second.error.code).toBe("ERR_TOO_MANY_REQUESTS");
  expect(second.error.status).toBeUndefined(); // refused by the governor: nothing was sent
  expect(service.requests.length).toBe(sent);
});

test("a server whose scope needs the Management API refuses to start without its credentials", async () => {
  await expect(createToolbox({ chat: { appId: "app5", apiKey: API_KEY }, scope: { management: true } })).rejects.toThrow(
    "The scope holds management API operations, so createChatMcpServer needs the `management` option.",
  );
  await expect(createToolbox({ chat: { appId: "app6", apiKey: API_KEY }, as: " agent" })).rejects.toThrow(/whitespace/);
});

describe("dynamic mode", () => {
  test("offers three tools: list, describe and call an operation of the scope", async () => {
    const service = serviceAnswering(() => ({ status: 200, body: { data: { uid: "ana" } } }));
    const toolbox = await createToolbox({ chat: { appId: "app7", apiKey: API_KEY, fetch: service.fetch }, dynamic: true, as: "agent-7" });
    expect(toolbox.tools.map((tool) => tool.name)).toEqual(["list_operations", "describe_operation", "call_operation"]);
    expect(toolbox.tools[2]!.annotations).toEqual({ readOnlyHint: false, destructiveHint: false });

    const listed = JSON.parse(text(await toolbox.call("list_operations", { tag: "Users" })));
    expect(listed.operations.map((op: { name: string }) => op.name)).toEqual(["list-users", "get-user"]);
    const described = JSON.parse(text(await toolbox.call("describe_operation", { operation: "send-thread-message" })));
    expect(described).toMatchObject({ operation: "send-thread-message", kind: "write", method: "POST", path: "/messages/{id}/thread" });
    expect(described.inputSchema.properties).not.toHaveProperty("onBehalfOf");
    expect(described.example).not.toHaveProperty("onBehalfOf");

    const called = await toolbox.call("call_operation", { operation: "get-user", arguments: { uid: "ana" } });
    expect(JSON.parse(text(called))).toEqual({ data: { uid: "ana" } });
    expect(new URL(service.requests[0]!.url).pathname).toBe("/v3/users/ana");
  });

  test("calls only the scope's operations, with the same argument checks", async () => {
    const service = serviceAnswering(() => ({ status: 200, body: {} }));
    const toolbox = await createToolbox({ chat: { appId: "app8", apiKey: API_KEY, fetch: service.fetch }, dynamic: true });
    const outside = JSON.parse(text(await toolbox.call("call_operation", { operation: "delete-user", arguments: { uid: "ana" } })));
    expect(outside.error.code).toBe("ERR_TOOL_NOT_IN_SCOPE");
    const bad = JSON.parse(text(await toolbox.call("call_operation", { operation: "get-user", arguments: { uid: 7 } })));
    expect(bad.error).toMatchObject({ code: "ERR_INVALID_ARGUMENTS", message: "get-user: uid must be string." });
    expect(service.requests).toEqual([]);
  });
});
