import type { McpTool } from "./mcp-toolbox.js";
import type { OperationTool } from "./operation-tool.js";
import { type ToolResult, toolAnswer, toolError } from "./tool-result.js";

const LIST = "list_operations";
const DESCRIBE = "describe_operation";
const CALL = "call_operation";

/**
 * The dynamic mode: three tools in place of one per operation. The model lists the operations
 * (names and one line each), describes the one it wants (its input schema and example
 * arguments), then calls it; the call is checked and sent exactly as the operation's own tool would be.
 */
export function dynamicTools(
  operations: OperationTool[],
  callTool: (name: string, args: unknown, signal?: AbortSignal) => Promise<ToolResult>,
  secrets: readonly string[],
  boundUid?: string,
): { tools: McpTool[]; call(name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> } {
  const byName = new Map(operations.map((tool) => [tool.name, tool]));
  const tags = [...new Set(operations.flatMap((tool) => tool.tags))];
  const operationArg = { type: "string", description: `An operation's name, from ${LIST}.` };
  const tools: McpTool[] = [
    {
      name: LIST,
      description: "List the chat service's operations this server may call: name, kind (read, write, destructive), summary.",
      inputSchema: {
        type: "object",
        properties: {
          tag: { type: "string", enum: tags, description: "Only operations with this tag." },
          search: { type: "string", description: "Only operations whose name or summary contains this text." },
        },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: DESCRIBE,
      description: `An operation's input schema and example arguments, for ${CALL}.`,
      inputSchema: { type: "object", properties: { operation: operationArg }, required: ["operation"], additionalProperties: false },
      annotations: { readOnlyHint: true },
    },
    {
      name: CALL,
      description: `Call an operation with arguments that match its input schema.${boundUid === undefined ? "" : ` Acts as user \`${boundUid}\` where the operation acts as a user.`}`,
      inputSchema: {
        type: "object",
        properties: { operation: operationArg, arguments: { type: "object", description: `As ${DESCRIBE} shows.` } },
        required: ["operation", "arguments"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: operations.some((tool) => tool.kind === "destructive") },
    },
  ];

  function argumentsOf(args: unknown): Record<string, unknown> {
    return args && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  }
  function unknownOperation(name: unknown): ToolResult {
    const message = `${String(name)} is not an operation this server offers; ${LIST} shows which are.`;
    return toolError({ code: "ERR_TOOL_NOT_IN_SCOPE", message }, secrets);
  }

  async function call(name: string, raw: unknown, signal?: AbortSignal): Promise<ToolResult> {
    const args = argumentsOf(raw);
    if (name === LIST) {
      const search = typeof args.search === "string" ? args.search.toLowerCase() : undefined;
      const found = operations.filter(
        (tool) =>
          (typeof args.tag !== "string" || tool.tags.includes(args.tag)) &&
          (!search || tool.name.includes(search) || tool.description.toLowerCase().includes(search)),
      );
      return toolAnswer({ operations: found.map(({ name, kind, description }) => ({ name, kind, description })), tags }, secrets);
    }
    if (name === DESCRIBE) {
      const tool = typeof args.operation === "string" ? byName.get(args.operation) : undefined;
      if (!tool) return unknownOperation(args.operation);
      const { name: operation, description, kind, method, path, tags: its, inputSchema, example } = tool;
      return toolAnswer({ operation, description, kind, method, path, tags: its, inputSchema, example }, secrets);
    }
    if (name === CALL) {
      if (typeof args.operation !== "string" || !byName.has(args.operation)) return unknownOperation(args.operation);
      return callTool(args.operation, args.arguments ?? {}, signal);
    }
    return toolError(
      { code: "ERR_TOOL_NOT_IN_SCOPE", message: `${name} is not a tool of this server: use ${LIST}, ${DESCRIBE} and ${CALL}.` },
      secrets,
    );
  }

  return { tools, call };
}
