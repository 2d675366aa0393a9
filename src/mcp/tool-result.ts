import { ChatApiError, ChatConfigError, ChatConnectionError, ChatTimeoutError, isChatError, RateLimitError } from "chat-rest-sdk";
import { redactText } from "../errors/redact.js";

/** What a tool call answers, as MCP's `CallToolResult`: text content, flagged as an error when it is one. */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  isError?: boolean;
  // The MCP SDK's result type has an index signature; a result of ours must be assignable to it.
  [key: string]: unknown;
}

/** What a tool error says: the service's status, code and message, or the server's own code for a refusal. */
export interface ToolError {
  /** The HTTP status, when the service answered. */
  status?: number;
  /** The service's error code (`ERR_GROUP_NOT_JOINED`), or the server's: `ERR_INVALID_ARGUMENTS`, `ERR_TOOL_NOT_IN_SCOPE`, ... */
  code: string;
  message: string;
  /** The service's per-field messages, or the argument checker's. */
  details?: unknown;
  /** The service's request id, for its support. */
  requestId?: string;
  /**
   * With `ERR_TOO_MANY_REQUESTS`: how long to wait before calling again, in milliseconds. The wait
   * for rate-limit room the call was refused for, or the service's `Retry-After` when a retry
   * would have ended past the call's deadline (or its retries ran out).
   */
  waitMs?: number;
}

// Every text a tool returns passes through here: the credentials are masked even where the service echoed one.
const text = (value: unknown, secrets: readonly string[]) => redactText(typeof value === "string" ? value : JSON.stringify(value), secrets);

/** A successful call's answer: the body as JSON text, or a note when the service sent none. */
export function toolAnswer(data: unknown, secrets: readonly string[]): ToolResult {
  return { content: [{ type: "text", text: data === undefined ? '{"ok":true}' : text(data, secrets) }] };
}

/** A refusal or a failure as a tool error: `{ "error": { code, message, ... } }`, never a stack trace. */
export function toolError(error: ToolError, secrets: readonly string[]): ToolResult {
  return { isError: true, content: [{ type: "text", text: text({ error }, secrets) }] };
}

/** The service's own message for an API error, else the SDK's, which names the call. */
function serviceMessage(error: ChatApiError): string {
  const envelope = (error.body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof envelope?.message === "string" ? envelope.message : error.message;
}

/** What went wrong in a call, as a tool error; anything that is not the SDK's own error is reported by its message only. */
export function errorOfCall(error: unknown): ToolError {
  if (error instanceof ChatApiError) {
    const refused = error instanceof RateLimitError && error.scope !== undefined;
    const waitMs =
      error instanceof RateLimitError
        ? (error.waitMs ?? (error.retryAfter === undefined ? undefined : error.retryAfter * 1000))
        : undefined;
    return {
      ...(refused ? {} : { status: error.status }),
      code: error.code ?? `HTTP_${error.status}`,
      message: refused ? error.message : serviceMessage(error),
      ...(error.details ? { details: error.details } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
      ...(waitMs === undefined ? {} : { waitMs }),
    };
  }
  if (error instanceof ChatTimeoutError) return { code: "ERR_TIMEOUT", message: error.message };
  if (error instanceof ChatConnectionError) return { code: "ERR_CONNECTION", message: error.message };
  if (error instanceof ChatConfigError) return { code: "ERR_INVALID_ARGUMENTS", message: error.message };
  if (isChatError(error)) return { code: "ERR_INVALID_RESPONSE", message: error.message };
  return { code: "ERR_INTERNAL", message: error instanceof Error ? error.message : String(error) };
}

/**
 * A call the MCP client cancelled (or whose connection closed): it stopped where it was, and
 * nothing was sent after. An attempt already on its way may still have been applied.
 */
export function cancelled(): ToolError {
  return { code: "ERR_CANCELLED", message: "The tool call was cancelled: nothing was sent after that." };
}
