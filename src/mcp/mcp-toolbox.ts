import { ChatConfigError, type ChatClientOptions, createCallsClient, createChatClient, createManagementClient } from "chat-rest-sdk";
import { serviceRateLimits } from "../rate-limits/service-rate-limits.js";
import { boundTool } from "./bound-user.js";
import { callOperation, type OperationClients } from "./call-operation.js";
import type { ChatMcpServerOptions } from "./chat-mcp-options.js";
import { dynamicTools } from "./dynamic-tools.js";
import type { JsonSchema, OperationTool } from "./operation-tool.js";
import { argumentChecker } from "./tool-arguments.js";
import { cancelled, errorOfCall, type ToolResult, toolAnswer, toolError } from "./tool-result.js";
import { selectOperationTools } from "./tool-scope.js";

/**
 * How long a tool call waits for rate-limit room before it is refused with the limit's `waitMs`.
 * An SDK client waits as long as its limit needs, but an MCP client gives up on a request after
 * 60 s by default (the official SDK's request timeout): an agent learns more from a refusal that
 * says how long to wait than from a timeout that says nothing.
 */
const MCP_MAX_WAIT_MS = 20_000;

/**
 * The whole time a tool call may take, its retries and every wait for rate-limit room included,
 * within the MCP client's 60 s request timeout with room to spare for the answer's way back. A
 * retry whose wait (a 429's `Retry-After`, or the queue) would end past it is not waited for: the
 * call is answered at once with that wait. A client option's `deadlineMs` shorter than this one wins.
 */
export const MCP_DEADLINE_MS = 50_000;

/** The deadline of a tool call through a client with `own` as its `deadlineMs`: the shorter one, 0 meaning none. */
const deadlineOf = (own: number | undefined) => (own && own < MCP_DEADLINE_MS ? own : MCP_DEADLINE_MS);

/** A tool as MCP lists it. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean };
}

/** The tools of one server's scope, and how to call them: what every session and transport shares. */
export interface McpToolbox {
  /** The tools as listed: one per operation, or the three of the dynamic mode. */
  tools: McpTool[];
  /** The operations in scope, with the schemas their arguments are checked against. */
  operations: OperationTool[];
  /**
   * Calls a listed tool; never throws: a refusal or a failure is a tool error. `signal` is the MCP
   * request's: once it fires, the call rejects at once and nothing more is sent.
   */
  call(name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
}

export function annotationsOf(kind: OperationTool["kind"]): McpTool["annotations"] {
  return kind === "read" ? { readOnlyHint: true } : { readOnlyHint: false, destructiveHint: kind === "destructive" };
}

function needs(options: ChatMcpServerOptions, operations: OperationTool[], api: OperationTool["api"], option: "chat" | "management") {
  if (operations.some((tool) => tool.api === api) && !options[option])
    throw new Error(`The scope holds ${api} API operations, so createChatMcpServer needs the \`${option}\` option.`);
}

/**
 * The clients, the tools and their checks for `options`. Throws at once on a bad scope, a missing
 * client option or a bad `as` UID, before any transport is opened.
 */
export async function createToolbox(options: ChatMcpServerOptions): Promise<McpToolbox> {
  const operations = selectOperationTools(options.scope, options.as).map((tool) => boundTool(tool, options.as));
  // A server with no tool is a scope that contradicts itself (`--tag Calls --scope write`), not a choice.
  if (!operations.length) throw new ChatConfigError("The scope selects no operation: widen its kinds, tags or tools.");
  needs(options, operations, "chat", "chat");
  needs(options, operations, "calls", "chat");
  needs(options, operations, "management", "management");
  const chatOptions: ChatClientOptions | undefined = options.chat && {
    rateLimits: { ...serviceRateLimits(), maxWaitMs: MCP_MAX_WAIT_MS },
    ...options.chat,
  };
  const clients: OperationClients = {};
  if (chatOptions && operations.some((tool) => tool.api === "chat")) clients.chat = createChatClient(chatOptions);
  if (chatOptions && operations.some((tool) => tool.api === "calls")) clients.calls = createCallsClient(chatOptions);
  if (options.management && operations.some((tool) => tool.api === "management"))
    clients.management = createManagementClient(options.management);
  // as() checks the UID as the client checks every onBehalfOf: a bad one fails here, not on each call.
  if (options.as !== undefined) (clients.chat ?? clients.calls)?.as(options.as);
  const secrets = [options.chat?.apiKey, options.management?.key, options.management?.secret].filter((s): s is string => Boolean(s));
  const check = await argumentChecker();
  const byName = new Map(operations.map((tool) => [tool.name, tool]));

  const deadlines = {
    chat: deadlineOf(options.chat?.deadlineMs),
    calls: deadlineOf(options.chat?.deadlineMs),
    management: deadlineOf(options.management?.deadlineMs),
  };

  async function callTool(name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> {
    const tool = byName.get(name);
    if (!tool)
      return toolError(
        { code: "ERR_TOOL_NOT_IN_SCOPE", message: `${name} is not an operation this server offers; list the tools to see which are.` },
        secrets,
      );
    const problems = check(tool.inputSchema)(args ?? {});
    if (problems)
      return toolError({ code: "ERR_INVALID_ARGUMENTS", message: `${name}: ${problems.join("; ")}.`, details: problems }, secrets);
    try {
      const bounds = { signal, deadlineMs: deadlines[tool.api] };
      return toolAnswer(await callOperation(tool, (args ?? {}) as Record<string, unknown>, clients, options.as, bounds), secrets);
    } catch (error) {
      return toolError(signal?.aborted ? cancelled() : errorOfCall(error), secrets);
    }
  }

  if (options.dynamic) {
    const dynamic = dynamicTools(operations, callTool, secrets, options.as);
    return { tools: dynamic.tools, operations, call: dynamic.call };
  }
  const tools = operations.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: annotationsOf(tool.kind),
  }));
  return { tools, operations, call: callTool };
}
