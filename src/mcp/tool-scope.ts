import { ChatConfigError } from "chat-rest-sdk";
import { operations } from "../../generated/manifest.js";
import { operationTools } from "../../generated/mcp-tools.js";
import type { OperationTool } from "./operation-tool.js";

/** What a tool may do: `read` (GET), `write` (any other change) or `destructive` (deletes, bans, deactivations). */
export type ToolKind = OperationTool["kind"];

/** Which operations the MCP server offers as tools. */
export interface McpScope {
  /**
   * The kinds of operation offered. Without it: the Chat and Calls APIs' read operations, and
   * sending messages (`send-message`, `send-thread-message`, and `send-bot-message` but on a
   * server bound to a user with `as`). Whatever the kinds, an operation whose answer holds a
   * credential is left out unless `tools` names it.
   * @default undefined (reads and message sending)
   * @example ["read", "write"]
   */
  kinds?: ToolKind[];
  /**
   * Offer the Management API's operations too (in the same kinds), which need `management` credentials.
   * @default false
   * @example true
   */
  management?: boolean;
  /**
   * Only the operations with one of these tags (as in the spec: `Messages`, `Users`, `Groups`, ...).
   * @default undefined (every tag)
   * @example ["Messages", "Users"]
   */
  tags?: string[];
  /**
   * Operations offered whatever the other settings say, by operationId. An operation whose answer
   * holds a credential (`list-apikeys`, `list-authtokens`, a provider's settings), and a deprecated
   * one, is offered only this way.
   * @default []
   * @example ["update-message"]
   */
  tools?: string[];
  /**
   * Operations never offered, by operationId.
   * @default []
   * @example ["send-bot-message"]
   */
  excludeTools?: string[];
}

/** The operations of the default scope beyond the reads: sending a message, a thread reply, a bot's message. */
export const MESSAGE_SENDING = ["send-message", "send-thread-message", "send-bot-message"] as const;

/**
 * The operations that act on a user named in their path rather than in `onBehalfOf`: they are
 * sent as the app, for the user `{uid}` names (a bot's message sent by the bot, that user's
 * friends, blocks and auth tokens, the user changed or deleted). A server bound to a user (`as`)
 * leaves them out whatever the kinds, unless `tools` names them, so that its agent can neither
 * act as anyone else nor read or change another user's own lists and tokens.
 */
export const ACTS_AS_NAMED_USER: readonly string[] = operations
  .filter((op) => op.api === "chat" && op.onBehalfOf === "none" && op.path.includes("{uid}"))
  .map((op) => op.operationId);

const KINDS: readonly ToolKind[] = ["read", "write", "destructive"];

function checkNames(what: string, names: readonly string[] | undefined, known: readonly string[]): void {
  const unknown = (names ?? []).filter((name) => !known.includes(name));
  if (unknown.length) throw new ChatConfigError(`Unknown ${what}: ${unknown.join(", ")}. Known: ${known.join(", ")}.`);
}

/**
 * The tools of a scope, in the spec's order. Unknown kinds, tags and operations are refused with a
 * `ChatConfigError` naming them and the known ones. For a server bound to the user `boundUid`,
 * the operations that would act as another user ({@link ACTS_AS_NAMED_USER}) are left out unless
 * `tools` names them.
 *
 * @example
 * const tools = selectOperationTools({ kinds: ["read", "write"], tags: ["Messages"] });
 * console.log(tools.map((tool) => tool.name)); // ["send-bot-message", "list-all-messages", "send-message", ...]
 */
export function selectOperationTools(scope: McpScope = {}, boundUid?: string): OperationTool[] {
  const names = operationTools.map((tool) => tool.name);
  checkNames("kind", scope.kinds, KINDS);
  checkNames("tag", scope.tags, [...new Set(operationTools.flatMap((tool) => tool.tags))]);
  checkNames("operation", scope.tools, names);
  checkNames("operation", scope.excludeTools, names);
  const byKind = (tool: OperationTool) =>
    scope.kinds ? scope.kinds.includes(tool.kind) : tool.kind === "read" || (MESSAGE_SENDING as readonly string[]).includes(tool.name);
  const inScope = (tool: OperationTool) =>
    byKind(tool) &&
    !tool.credentials &&
    !tool.deprecated &&
    (boundUid === undefined || !ACTS_AS_NAMED_USER.includes(tool.name)) &&
    (tool.api !== "management" || scope.management === true) &&
    (!scope.tags || tool.tags.some((tag) => scope.tags!.includes(tag)));
  return operationTools.filter((tool) => (inScope(tool) || scope.tools?.includes(tool.name)) && !scope.excludeTools?.includes(tool.name));
}
