// How much of a model's context a server's tool list takes: the `tools` of its tools/list answer,
// as JSON, in characters and in tokens (characters ÷ 4, the usual estimate for English and JSON).
// Shared by the budget test (tool-list-budget.test.ts) and `npm run bench` (bench/mcp-tools.ts).
import type { ChatMcpServerOptions } from "../../src/mcp/chat-mcp-options";
import { createToolbox } from "../../src/mcp/mcp-toolbox";

/**
 * The budgets, in tokens: the default scope's list, the dynamic mode's, and the dynamic mode's
 * most an agent reads to reach one operation (the list of operations and one description).
 */
export const TOOL_LIST_BUDGETS = { default: 15_000, dynamic: 400, dynamicFirstCall: 4_000 } as const;

export interface ToolListSize {
  tools: number;
  characters: number;
  tokens: number;
}

const app = { appId: "size", apiKey: "size" };
const sizeOf = (tools: number, text: string): ToolListSize => ({ tools, characters: text.length, tokens: Math.ceil(text.length / 4) });

/** The size of the tool list of a server with `options` (the app's credentials are placeholders: nothing is sent). */
export async function toolListSize(options: Omit<ChatMcpServerOptions, "chat" | "management"> = {}): Promise<ToolListSize> {
  const toolbox = await createToolbox({ chat: app, management: { key: "size", secret: "size" }, ...options });
  return sizeOf(toolbox.tools.length, JSON.stringify({ tools: toolbox.tools }));
}

/** What the dynamic mode's first call reads: the answer of list_operations, and the largest answer of describe_operation. */
export async function dynamicAnswersSize(options: Omit<ChatMcpServerOptions, "chat" | "management" | "dynamic"> = {}) {
  const toolbox = await createToolbox({ chat: app, ...options, dynamic: true });
  const text = (result: { content: { text: string }[] }) => result.content.map((part) => part.text).join("");
  const list = text(await toolbox.call("list_operations", {}));
  const described = await Promise.all(
    toolbox.operations.map(async (op) => text(await toolbox.call("describe_operation", { operation: op.name }))),
  );
  const largest = described.reduce((a, b) => (b.length > a.length ? b : a), "");
  return { list: sizeOf(toolbox.operations.length, list), largestDescription: sizeOf(1, largest) };
}
