import { SDK_VERSION } from "../client/user-agent.js";
import type { ChatMcpServerOptions } from "./chat-mcp-options.js";
import { loadMcpSdk } from "./mcp-peers.js";
import { createToolbox, type McpTool, type McpToolbox } from "./mcp-toolbox.js";

/** An MCP server of the chat API, on the official SDK's `Server`; connect it to any MCP transport. */
export interface ChatMcpServer {
  /** The tools it lists. */
  readonly tools: readonly McpTool[];
  /** Starts serving over a transport of `@modelcontextprotocol/sdk` (stdio, Streamable HTTP, in memory). */
  connect(transport: object): Promise<void>;
  /** Closes the transport. */
  close(): Promise<void>;
}

/** An SDK `Server` that answers with `toolbox`: one per session, while the toolbox (clients, limits) is shared. */
export async function mcpServerOf(toolbox: McpToolbox): Promise<ChatMcpServer> {
  const { Server, ListToolsRequestSchema, CallToolRequestSchema } = await loadMcpSdk();
  const server = new Server({ name: "chat-rest-sdk", version: SDK_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolbox.tools }));
  // The request's signal fires when the client cancels the call or the connection closes: the SDK
  // call then stops at once, and sends nothing more (no retry, no wait for rate-limit room).
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    toolbox.call(request.params.name, request.params.arguments, extra.signal),
  );
  return {
    tools: toolbox.tools,
    connect: (transport) => server.connect(transport as Parameters<typeof server.connect>[0]),
    close: () => server.close(),
  };
}

/**
 * An MCP server whose tools are the chat API's operations, within a scope, calling the service
 * through the SDK's clients. Needs the optional peers `@modelcontextprotocol/sdk`, `ajv` and `ajv-formats`.
 * The `chat-rest-mcp` command runs it over stdio or Streamable HTTP; this is for a transport of your own.
 *
 * @example
 * const server = await createChatMcpServer({
 *   chat: { appId: process.env.CHAT_APP_ID!, apiKey: process.env.CHAT_API_KEY! },
 *   scope: { kinds: ["read"], tags: ["Messages"] },
 *   as: "support-agent",
 * });
 * console.log(server.tools.map((tool) => tool.name)); // ["list-all-messages", "get-message-details", ...]
 */
export async function createChatMcpServer(options: ChatMcpServerOptions): Promise<ChatMcpServer> {
  return mcpServerOf(await createToolbox(options));
}
