// Which operations a server offers: the default scope, the kinds, the Management API, tags and
// single operations, and the command line that chooses them.
import { operationTools } from "../../generated/mcp-tools";
import { createToolbox } from "../../src/mcp/mcp-toolbox";
import { clientOptionsFromEnv, McpUsageError, parseMcpArgs } from "../../src/mcp/run-chat-mcp";
import { MESSAGE_SENDING, selectOperationTools } from "../../src/mcp/tool-scope";

const names = (scope?: Parameters<typeof selectOperationTools>[0]) => selectOperationTools(scope).map((tool) => tool.name);

test("by default: every read of the Chat and Calls APIs, but deprecated ones and those whose answer holds a credential, and message sending; nothing of the Management API", () => {
  const tools = selectOperationTools();
  const expected = operationTools.filter(
    (tool) =>
      tool.api !== "management" &&
      !tool.credentials &&
      !tool.deprecated &&
      (tool.kind === "read" || (MESSAGE_SENDING as readonly string[]).includes(tool.name)),
  );
  expect(tools.map((tool) => tool.name)).toEqual(expected.map((tool) => tool.name));
  expect(
    tools
      .filter((tool) => tool.kind !== "read")
      .map((tool) => tool.name)
      .sort(),
  ).toEqual([...MESSAGE_SENDING].sort());
  expect(names()).toEqual(expect.arrayContaining(["list-users", "list-calls", "get-message-details"]));
  for (const name of ["list-apikeys", "list-authtokens", "notifications-email-list-sendgrid-details", "list-apps", "update-message"])
    expect(names()).not.toContain(name);
});

test("kinds widen it: write adds every non-destructive change, destructive the deletes and bans", () => {
  expect(names({ kinds: ["read", "write"] })).toContain("update-message");
  expect(names({ kinds: ["read", "write"] })).not.toContain("delete-message");
  expect(names({ kinds: ["destructive"] })).toEqual(expect.arrayContaining(["delete-message", "ban-group-user", "deactivate-users"]));
  expect(names({ kinds: ["destructive"] })).not.toContain("list-users");
});

test("management adds the Management API's operations of the chosen kinds", () => {
  const management = selectOperationTools({ management: true, kinds: ["read"] }).filter((tool) => tool.api === "management");
  expect(management.map((tool) => tool.name)).toEqual(expect.arrayContaining(["list-webhooks", "list-collaborators"]));
  expect(management.every((tool) => tool.kind === "read")).toBe(true);
});

test("an operation whose answer holds a credential is offered only when named, whatever the kinds and tags", () => {
  const credentials = operationTools.filter((tool) => tool.credentials).map((tool) => tool.name);
  expect(credentials).toEqual(
    expect.arrayContaining(["list-apikeys", "create-authtoken", "notifications-sms-list-twilio-details", "list-apps"]),
  );
  expect(credentials).not.toContain("list-users");
  const everything = names({ kinds: ["read", "write", "destructive"], management: true });
  expect(everything.filter((name) => credentials.includes(name))).toEqual([]);
  expect(names({ tags: ["API Keys"] })).toEqual([]);
  expect(names({ tools: ["list-apikeys"] })).toContain("list-apikeys");
});

test("a deprecated operation is offered only when named, and its description names the replacement", () => {
  expect(names({ tags: ["Conversations"] })).not.toContain("get-conversation");
  const [tool] = selectOperationTools({ tools: ["get-conversation"], tags: ["Users"] }).filter((t) => t.name === "get-conversation");
  expect(tool?.description).toMatch(/Deprecated: use get-user-conversations or get-group-conversations\.$/);
});

test("tags narrow it; tools add and exclude single operations", () => {
  expect(new Set(selectOperationTools({ tags: ["Users"] }).flatMap((tool) => tool.tags))).toEqual(new Set(["Users"]));
  expect(names({ tools: ["delete-message"] })).toContain("delete-message");
  expect(names({ excludeTools: ["send-bot-message"] })).not.toContain("send-bot-message");
});

test("a scope that selects no operation is refused", async () => {
  await expect(createToolbox({ chat: { appId: "empty", apiKey: "key" }, scope: { tags: ["Calls"], kinds: ["write"] } })).rejects.toThrow(
    "The scope selects no operation",
  );
});

test("an unknown kind, tag or operation is refused, naming it and the known ones", () => {
  expect(() => selectOperationTools({ tags: ["Mesages"] })).toThrow(/Unknown tag: Mesages\. Known: .*Messages/);
  expect(() => selectOperationTools({ tools: ["send-mesage"] })).toThrow(/Unknown operation: send-mesage/);
  expect(() => selectOperationTools({ kinds: ["delete" as never] })).toThrow(/Unknown kind: delete\. Known: read, write, destructive/);
});

test("the command line: --scope, --tag, --tool, --exclude-tool, --as, --dynamic, --http and --host", () => {
  expect(
    parseMcpArgs([
      "--scope",
      "read,write,management",
      "--tag",
      "Messages,Users",
      "--tool",
      "delete-message",
      "--exclude-tool",
      "send-bot-message",
    ]),
  ).toEqual({
    options: {
      scope: {
        kinds: ["read", "write"],
        management: true,
        tags: ["Messages", "Users"],
        tools: ["delete-message"],
        excludeTools: ["send-bot-message"],
      },
    },
  });
  expect(parseMcpArgs(["--as", "agent", "--dynamic", "--http", "0", "--host", "::1"])).toEqual({
    options: { scope: {}, as: "agent", dynamic: true },
    http: { port: 0, host: "::1" },
  });
  expect(parseMcpArgs(["--scope", "default"]).options.scope).toEqual({});
  expect(() => parseMcpArgs(["--scope", "everything"])).toThrow(McpUsageError);
  expect(() => parseMcpArgs(["--scope", "everything"])).toThrow("--scope: unknown everything");
  expect(() => parseMcpArgs(["--as"])).toThrow("--as needs a value.");
  expect(() => parseMcpArgs(["--http", "99999"])).toThrow("--http must be a port from 0 to 65535.");
  expect(() => parseMcpArgs(["--host", "0.0.0.0"])).toThrow("--host needs --http <port>.");
  expect(() => parseMcpArgs(["--verbose"])).toThrow("unknown option --verbose");
});

test("the environment: the app's variables for the Chat and Calls APIs, the account's for the Management API, each named when missing", () => {
  const app = { CHAT_APP_ID: "app", CHAT_API_KEY: "key" };
  expect(clientOptionsFromEnv({ ...app, CHAT_REGION: "eu", CHAT_BASE_URL: "http://127.0.0.1:4011" }, {})).toEqual({
    chat: { appId: "app", apiKey: "key", region: "eu", baseUrl: "http://127.0.0.1:4011" },
  });
  expect(clientOptionsFromEnv(app, {})).toEqual({ chat: { appId: "app", apiKey: "key", region: "us", baseUrl: undefined } });
  expect(() => clientOptionsFromEnv({ CHAT_API_KEY: "key" }, {})).toThrow("CHAT_APP_ID is not set");
  expect(() => clientOptionsFromEnv({ CHAT_APP_ID: "app" }, {})).toThrow("CHAT_API_KEY is not set");
  expect(() => clientOptionsFromEnv({ ...app, CHAT_MGMT_KEY: "k" }, { management: true })).toThrow("CHAT_MGMT_SECRET is not set");
  // Management operations alone need no app.
  expect(clientOptionsFromEnv({ CHAT_MGMT_KEY: "k", CHAT_MGMT_SECRET: "s" }, { management: true, tags: ["Management"] })).toEqual({
    management: { key: "k", secret: "s", baseUrl: undefined },
  });
});
