// chat-rest-mcp over stdio, driven by the official MCP client, against the stateful fake: an agent
// bound to one user replies in a thread and reads it back; what it must not do comes back as tool
// errors, and the server keeps serving.
import { execFile } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createChatClient, unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { buildMcpCommand } from "./built-command";

let fake: FakeServer;
let command: Awaited<ReturnType<typeof buildMcpCommand>>;
let client: Client;
let stderr = "";

type TextResult = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (result: unknown) => (result as TextResult).content.map((part) => part.text).join("");
const json = (result: unknown) => JSON.parse(textOf(result));

beforeAll(async () => {
  [fake, command] = await Promise.all([startFakeServer(), buildMcpCommand("mcp-stdio")]);
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  await unwrap(chat.POST("/groups", { body: { guid: "ops", name: "Ops", owner: "ben" } }));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command.bin, "--as", "ana"],
    env: { PATH: process.env.PATH ?? "", CHAT_APP_ID: fake.appId, CHAT_API_KEY: fake.apiKey, CHAT_BASE_URL: fake.url },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: "journey-test", version: "1.0.0" });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await fake?.close();
  command?.remove();
});

test("lists the default scope's tools, bound to the user: reads and message sending, no onBehalfOf argument", async () => {
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(["send-thread-message", "list-all-thread-messages", "send-message", "list-users"]));
  for (const absent of ["delete-user", "update-message", "create-app", "list-apikeys", "create-authtoken"])
    expect(names).not.toContain(absent);
  for (const tool of tools) expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain("onBehalfOf");
  expect(tools.find((tool) => tool.name === "list-users")?.annotations).toEqual({ readOnlyHint: true });
  expect(tools.find((tool) => tool.name === "send-thread-message")?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false });
});

test("replies in a thread as the bound user, then lists the thread and finds the reply", async () => {
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  const parent = await unwrap(
    chat.as("ben").POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "Refund done?" } } }),
  );
  const sent = await client.callTool({
    name: "send-thread-message",
    arguments: { id: parent.data.id, body: { receiver: "ben", receiverType: "user", data: { text: "Yes, refunded." } } },
  });
  expect(sent.isError).toBeFalsy();
  const reply = json(sent).data;
  expect(reply).toMatchObject({ sender: "ana", parentId: parent.data.id, data: { text: "Yes, refunded." } });

  const listed = await client.callTool({ name: "list-all-thread-messages", arguments: { id: parent.data.id } });
  expect(listed.isError).toBeFalsy();
  const thread = json(listed).data as { id: string; sender: string; data: { text?: string } }[];
  expect(thread.find((message) => message.id === reply.id)).toMatchObject({ sender: "ana", data: { text: "Yes, refunded." } });
  expect(fake.state.messages.get(parent.data.id)?.replyCount).toBe(1);
});

test("a bad argument is a tool error naming the field, and nothing is sent", async () => {
  const before = fake.state.messages.size;
  const result = await client.callTool({
    name: "send-message",
    arguments: { body: { receiver: "ben", receiverType: "robot", data: { text: 5 } } },
  });
  expect(result.isError).toBe(true);
  const { error } = json(result);
  expect(error.code).toBe("ERR_INVALID_ARGUMENTS");
  expect(error.message).toContain("body.receiverType must be one of");
  expect(error.message).not.toMatch(/\bat .+:\d+:\d+/); // no stack frames
  expect(fake.state.messages.size).toBe(before);
  // onBehalfOf belongs to the server once it is bound: an agent cannot pass it to act as someone else.
  const impersonation = await client.callTool({ name: "list-all-thread-messages", arguments: { id: "1", onBehalfOf: "ben" } });
  expect(json(impersonation).error).toMatchObject({
    code: "ERR_INVALID_ARGUMENTS",
    message: expect.stringContaining("unknown field onBehalfOf"),
  });
});

test("an operation outside the scope is a tool error, and the fake never sees it", async () => {
  const result = await client.callTool({ name: "delete-user", arguments: { uid: "ben" } });
  expect(result.isError).toBe(true);
  expect(json(result).error.code).toBe("ERR_TOOL_NOT_IN_SCOPE");
  expect(fake.state.users.has("ben")).toBe(true);
});

test("a 403 from the service is a tool error with its status, code and message", async () => {
  const result = await client.callTool({ name: "user-list-group-messages", arguments: { guid: "ops" } });
  expect(result.isError).toBe(true);
  expect(json(result).error).toEqual({
    status: 403,
    code: "ERR_GROUP_NOT_JOINED",
    message: "The user ana is not a member of the group ops.",
  });
});

test("after the errors the server still answers, and no answer held the API key", async () => {
  const users = await client.callTool({ name: "list-users", arguments: {} });
  expect(
    json(users)
      .data.map((user: { uid: string }) => user.uid)
      .sort(),
  ).toEqual(["ana", "ben"]);
  expect(stderr).not.toContain(fake.apiKey);
});

function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) =>
    execFile(process.execPath, [command.bin, ...args], { env: { PATH: process.env.PATH ?? "", ...env } }, (error, out, err) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: out + err }),
    ),
  );
}

test("refuses to start without CHAT_API_KEY, naming it, and exits 2", async () => {
  const { code, output } = await runCommand([], { CHAT_APP_ID: fake.appId });
  expect(code).toBe(2);
  expect(output).toContain("chat-rest-mcp: CHAT_API_KEY is not set");
});

test("--help prints the usage and exits 0; an unknown option, scope or tag exits 2 naming it", async () => {
  const env = { CHAT_APP_ID: fake.appId, CHAT_API_KEY: fake.apiKey, CHAT_BASE_URL: fake.url };
  expect(await runCommand(["--help"], env)).toEqual({ code: 0, output: expect.stringContaining("Usage: chat-rest-mcp [--scope <list>]") });
  expect(await runCommand(["--verbose"], env)).toEqual({
    code: 2,
    output: expect.stringContaining("chat-rest-mcp: unknown option --verbose"),
  });
  expect(await runCommand(["--tag", "Mesages"], env)).toEqual({ code: 2, output: expect.stringContaining("Unknown tag: Mesages.") });
  const badRegion = await runCommand([], { ...env, CHAT_REGION: "mars" });
  expect(badRegion.code).toBe(2);
  expect(badRegion.output).toContain("mars");
  expect(badRegion.output).not.toContain(fake.apiKey);
});
