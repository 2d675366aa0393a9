import type { Readable, Writable } from "node:stream";
import { ChatConfigError, type Region } from "chat-rest-sdk";
import type { ChatMcpServerOptions } from "./chat-mcp-options.js";
import { mcpServerOf } from "./chat-mcp-server.js";
import { createToolbox } from "./mcp-toolbox.js";
import { serveMcpHttp } from "./serve-mcp-http.js";
import { type McpScope, selectOperationTools, type ToolKind } from "./tool-scope.js";

export const MCP_USAGE = `Usage: chat-rest-mcp [--scope <list>] [--tag <list>] [--tool <list>] [--exclude-tool <list>]
                     [--as <uid>] [--dynamic] [--http <port>] [--host <h>]

Serves the chat REST API as MCP tools, over stdio (or Streamable HTTP with --http).
  --scope <list>         read, write, destructive, management, default, comma-separated
                         (default: reads and message sending of the Chat and Calls APIs)
  --tag <list>           only operations with these tags, e.g. Messages,Users
  --tool <list>          also these operations, by operationId
  --exclude-tool <list>  never these operations
  --as <uid>             act as this user (onBehalfOf) on every operation that takes it;
                         no tool acts as another user (send-bot-message only with --tool)
  --dynamic              three tools (list, describe, call an operation) instead of one per operation
  --http <port>          serve Streamable HTTP at http://<host>:<port>/mcp instead of stdio
  --host <h>             interface for --http (default 127.0.0.1)
Environment: CHAT_APP_ID, CHAT_API_KEY, CHAT_REGION (default us), CHAT_BASE_URL (a mock's or
fake's URL); CHAT_MGMT_KEY and CHAT_MGMT_SECRET with --scope management.`;

/**
 * A reason not to start, said to the person who started the command (the command exits 2): a bad
 * option, a missing environment variable, an unknown scope name, a bad region or UID.
 * @example
 * const refused = await runChatMcp(["--scope", "everything"], process.env).catch((error: unknown) => error);
 * if (refused instanceof McpUsageError) console.error(refused.message); // --scope: unknown everything; use read, ...
 */
export class McpUsageError extends Error {
  override name = "McpUsageError";
}

/** What `runChatMcp` was told to do, from the command line. */
export interface McpCommand {
  options: Omit<ChatMcpServerOptions, "chat" | "management">;
  http?: { port: number; host: string };
  help?: boolean;
}

const SCOPE_WORDS = ["read", "write", "destructive", "management", "default"];
const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Reads chat-rest-mcp's command line; throws a McpUsageError naming a bad option.
 * @example
 * const { options } = parseMcpArgs(["--scope", "read,write", "--tag", "Messages", "--as", "support-agent"]);
 * console.log(options.scope); // { kinds: ["read", "write"], tags: ["Messages"] }
 */
export function parseMcpArgs(argv: readonly string[]): McpCommand {
  const scope: McpScope = {};
  const command: McpCommand = { options: { scope } };
  const append = (key: "tags" | "tools" | "excludeTools", value: string) => (scope[key] = [...(scope[key] ?? []), ...list(value)]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) throw new McpUsageError(`${arg} needs a value.`);
      i++;
      return next;
    };
    if (arg === "--help" || arg === "-h") command.help = true;
    else if (arg === "--scope") {
      const words = list(value());
      const unknown = words.filter((word) => !SCOPE_WORDS.includes(word));
      if (unknown.length) throw new McpUsageError(`--scope: unknown ${unknown.join(", ")}; use ${SCOPE_WORDS.join(", ")}.`);
      const kinds = words.filter((word): word is ToolKind => ["read", "write", "destructive"].includes(word));
      if (kinds.length) scope.kinds = [...new Set([...(scope.kinds ?? []), ...kinds])];
      if (words.includes("management")) scope.management = true;
    } else if (arg === "--tag") append("tags", value());
    else if (arg === "--tool") append("tools", value());
    else if (arg === "--exclude-tool") append("excludeTools", value());
    else if (arg === "--as") command.options.as = value();
    else if (arg === "--dynamic") command.options.dynamic = true;
    else if (arg === "--http") {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new McpUsageError("--http must be a port from 0 to 65535.");
      command.http = { port, host: command.http?.host ?? "127.0.0.1" };
    } else if (arg === "--host") command.http = { port: command.http?.port ?? -1, host: value() };
    else throw new McpUsageError(`unknown option ${arg}`);
  }
  if (command.http?.port === -1) throw new McpUsageError("--host needs --http <port>.");
  return command;
}

/**
 * The client options of the environment for the operations in scope: `CHAT_APP_ID` and
 * `CHAT_API_KEY` for the Chat and Calls APIs, `CHAT_MGMT_KEY` and `CHAT_MGMT_SECRET` for the
 * Management API. A missing one is named in a McpUsageError.
 */
export function clientOptionsFromEnv(env: Record<string, string | undefined>, scope: McpScope | undefined) {
  const apis = new Set(selectOperationTools(scope).map((tool) => tool.api));
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new McpUsageError(`${name} is not set: the tools in scope need it.`);
    return value;
  };
  const baseUrl = env.CHAT_BASE_URL || undefined;
  const out: Pick<ChatMcpServerOptions, "chat" | "management"> = {};
  if (apis.has("chat") || apis.has("calls")) {
    out.chat = { appId: need("CHAT_APP_ID"), apiKey: need("CHAT_API_KEY"), region: (env.CHAT_REGION || "us") as Region, baseUrl };
  }
  if (apis.has("management")) out.management = { key: need("CHAT_MGMT_KEY"), secret: need("CHAT_MGMT_SECRET"), baseUrl };
  return out;
}

/** A running chat-rest-mcp. */
export interface RunningChatMcp {
  /** The Streamable HTTP endpoint, with `--http`. */
  url?: string;
  /** How many tools it lists. */
  tools: number;
  close(): Promise<void>;
}

/**
 * What the `chat-rest-mcp` command does: reads its options and the environment, then serves over
 * stdio (`io.stdin`/`io.stdout`, default the process's) or, with `--http <port>`, Streamable HTTP.
 * Rejects with a McpUsageError (a bad option, a missing variable, a bad scope or UID) before serving.
 *
 * @example
 * const running = await runChatMcp(["--http", "0", "--as", "support-agent"], process.env);
 * console.error(`MCP endpoint: ${running.url}`);
 */
export async function runChatMcp(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: { stdin?: Readable; stdout?: Writable } = {},
): Promise<RunningChatMcp> {
  const command = parseMcpArgs(argv);
  let toolbox: Awaited<ReturnType<typeof createToolbox>>;
  try {
    toolbox = await createToolbox({ ...command.options, ...clientOptionsFromEnv(env, command.options.scope) });
  } catch (error) {
    // A bad scope, region, base URL or UID is the starter's to fix, like a missing variable.
    if (error instanceof ChatConfigError) throw new McpUsageError(error.message);
    throw error;
  }
  if (command.http) {
    const endpoint = await serveMcpHttp(toolbox, command.http.port, command.http.host);
    return { url: endpoint.url, tools: toolbox.tools.length, close: endpoint.close };
  }
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = await mcpServerOf(toolbox);
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  return { tools: toolbox.tools.length, close: () => server.close() };
}
