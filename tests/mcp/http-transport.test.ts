// chat-rest-mcp's Streamable HTTP transport, started as the command starts it, driven by the
// official MCP client against the fake.
import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { runChatMcp, type RunningChatMcp } from "../../src/mcp/run-chat-mcp";
import { type FakeServer, startFakeServer } from "../../src/testing/index";

let fake: FakeServer;
let running: RunningChatMcp;

beforeAll(async () => {
  fake = await startFakeServer();
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  running = await runChatMcp(["--http", "0", "--dynamic"], { CHAT_APP_ID: fake.appId, CHAT_API_KEY: fake.apiKey, CHAT_BASE_URL: fake.url });
});

afterAll(async () => {
  await running?.close();
  await fake?.close();
});

test("serves MCP at /mcp on loopback: two sessions list the dynamic tools and call an operation", async () => {
  expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  for (const name of ["first", "second"]) {
    const client = new Client({ name, version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        "list_operations",
        "describe_operation",
        "call_operation",
      ]);
      const result = await client.callTool({ name: "call_operation", arguments: { operation: "get-user", arguments: { uid: "ana" } } });
      expect(JSON.parse((result.content as { text: string }[])[0]!.text).data).toMatchObject({ uid: "ana", name: "Ana" });
    } finally {
      await client.close();
    }
  }
});

test("a tool call is retried by the SDK underneath: a 429 with Retry-After: 0 is not the agent's to see", async () => {
  const client = new Client({ name: "retry", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
  try {
    fake.failNext("get-user", { status: 429, retryAfter: 0, times: 1 });
    const result = await client.callTool({ name: "call_operation", arguments: { operation: "get-user", arguments: { uid: "ana" } } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as { text: string }[])[0]!.text).data.uid).toBe("ana");
  } finally {
    await client.close();
  }
});

test("refuses a request whose Host names another host, as a DNS-rebinding page's would", async () => {
  const { port } = new URL(running.url!);
  const status = await new Promise<number | undefined>((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { host: `attacker.example:${port}` } }, (res) => {
      res.resume();
      done(res.statusCode);
    });
    req.on("error", fail);
    req.end("{}");
  });
  expect(status).toBe(403);
});
