// A server bound to one user (`as`, `--as`): its agent acts as that user and as no one else, and
// the tools' texts say who that is, never an `onBehalfOf` it cannot give.
import { createToolbox } from "../../src/mcp/mcp-toolbox";
import { ACTS_AS_NAMED_USER } from "../../src/mcp/tool-scope";

const API_KEY = "k3y-8d2e4f6a1b3c5d7e9f0a2b4c6d8e0f1a";
const POST_AS_CEO = { uid: "ceo", body: { receiver: "board", receiverType: "group", data: { text: "We are acquiring our rival." } } };
const text = (result: { content: { text: string }[] }) => result.content.map((part) => part.text).join("");

function recordingService() {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return new Response(JSON.stringify({ data: { id: "1843" } }), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { sent, fetch };
}

describe("an agent bound to support-agent cannot post as ceo", () => {
  test("send-bot-message, which names its sender, is out of the default scope", async () => {
    const service = recordingService();
    const toolbox = await createToolbox({ chat: { appId: "bound1", apiKey: API_KEY, fetch: service.fetch }, as: "support-agent" });
    expect(toolbox.tools.map((tool) => tool.name)).not.toContain("send-bot-message");
    expect(toolbox.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["send-message", "send-thread-message"]));
    const refused = JSON.parse(text(await toolbox.call("send-bot-message", POST_AS_CEO)));
    expect(refused.error.code).toBe("ERR_TOOL_NOT_IN_SCOPE");
    expect(service.sent).toEqual([]);
  });

  test("nor through the dynamic mode's call_operation", async () => {
    const service = recordingService();
    const toolbox = await createToolbox({
      chat: { appId: "bound2", apiKey: API_KEY, fetch: service.fetch },
      as: "support-agent",
      dynamic: true,
    });
    const refused = JSON.parse(text(await toolbox.call("call_operation", { operation: "send-bot-message", arguments: POST_AS_CEO })));
    expect(refused.error.code).toBe("ERR_TOOL_NOT_IN_SCOPE");
    expect(service.sent).toEqual([]);
  });

  test("whatever the kinds: every operation that acts as a user named in its arguments is left out", async () => {
    const toolbox = await createToolbox({
      chat: { appId: "bound3", apiKey: API_KEY },
      as: "support-agent",
      scope: { kinds: ["read", "write", "destructive"] },
    });
    const names = toolbox.tools.map((tool) => tool.name);
    for (const name of ACTS_AS_NAMED_USER) expect([name, names.includes(name)]).toEqual([name, false]);
    // Another user's friends, blocks and auth tokens (a token signs in as its user), and the user itself.
    const others = ["list-all-friends", "list-blocked-users", "create-authtoken", "list-authtokens", "update-user", "delete-user"];
    expect(others.filter((name) => names.includes(name))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(["list-users", "send-message"]));
  });

  test("unless --tool names it: then it is the operator's choice, and it is offered", async () => {
    const service = recordingService();
    const toolbox = await createToolbox({
      chat: { appId: "bound4", apiKey: API_KEY, fetch: service.fetch },
      as: "support-agent",
      scope: { tools: ["send-bot-message"] },
    });
    expect(toolbox.tools.map((tool) => tool.name)).toContain("send-bot-message");
  });

  test("a server bound to no user keeps send-bot-message in the default scope", async () => {
    const toolbox = await createToolbox({ chat: { appId: "bound5", apiKey: API_KEY } });
    expect(toolbox.tools.map((tool) => tool.name)).toContain("send-bot-message");
  });
});

describe("the tools' texts under --as", () => {
  const everything = { kinds: ["read", "write", "destructive"] as ("read" | "write" | "destructive")[] };

  test("no tool describes onBehalfOf, which is no longer an argument", async () => {
    for (const scope of [{}, everything]) {
      const toolbox = await createToolbox({ chat: { appId: "bound6", apiKey: API_KEY }, as: "support-agent", scope });
      const mentions = toolbox.tools.filter((tool) => JSON.stringify(tool).includes("onBehalfOf")).map((tool) => tool.name);
      expect(mentions).toEqual([]);
    }
  });

  test("every tool that acts as a user says which user the agent acts as", async () => {
    const toolbox = await createToolbox({ chat: { appId: "bound7", apiKey: API_KEY }, as: "support-agent", scope: everything });
    const acting = toolbox.operations.filter((tool) => tool.onBehalfOf !== "none");
    expect(acting.length).toBeGreaterThan(20);
    for (const tool of acting) expect([tool.name, tool.description]).toEqual([tool.name, expect.stringContaining("user `support-agent`")]);
    const unread = toolbox.tools.find((tool) => tool.name === "list-all-messages")!;
    expect(JSON.stringify(unread.inputSchema)).toContain("the user `support-agent` has not read yet");
  });

  test("the dynamic mode's answers name the user too", async () => {
    const toolbox = await createToolbox({ chat: { appId: "bound8", apiKey: API_KEY }, as: "support-agent", dynamic: true });
    const listed = text(await toolbox.call("list_operations", {}));
    const described = text(await toolbox.call("describe_operation", { operation: "list-all-messages" }));
    expect(`${listed}${described}`).not.toContain("onBehalfOf");
    expect(described).toContain("Acts as user `support-agent`.");
    expect(toolbox.tools.find((tool) => tool.name === "call_operation")!.description).toContain("Acts as user `support-agent`");
  });
});
