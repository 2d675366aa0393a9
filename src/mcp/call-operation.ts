import { type CallsClient, type ChatClient, formDataBody, type ManagementClient, unwrap } from "chat-rest-sdk";
import type { OperationTool } from "./operation-tool.js";

/** The clients the tools call through, one per API; an API out of the server's scope has none. */
export interface OperationClients {
  chat?: ChatClient;
  calls?: CallsClient;
  management?: ManagementClient;
}

type Params = { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };

/** A form's file fields arrive as base64 text; the form sends their bytes. */
function formBody(tool: OperationTool, body: Record<string, unknown>): Record<string, unknown> {
  const fields = (tool.inputSchema.properties.body?.properties ?? {}) as Record<string, { contentEncoding?: string }>;
  const out: Record<string, unknown> = { ...body };
  for (const [name, value] of Object.entries(body))
    if (fields[name]?.contentEncoding === "base64" && typeof value === "string") out[name] = new Blob([Buffer.from(value, "base64")]);
  return out;
}

/** How one tool call is bounded: the MCP request's cancellation, and the deadline of all its attempts and waits. */
export interface CallBounds {
  /** The MCP request's signal: it fires when the client cancels the call or the connection closes. */
  signal?: AbortSignal | undefined;
  /** The call's whole time, retries and rate-limit waits included, as the SDK's `deadlineMs`. */
  deadlineMs: number;
}

/**
 * Calls an operation with a tool's arguments (already checked against its schema) through the
 * SDK client of its API, so the client's retries, timeouts, rate limits, typed errors and
 * redaction apply. `boundUid` is the user the server acts as, sent as `onBehalfOf` wherever the
 * operation takes it. The SDK call gets `bounds`: once the signal fires or the deadline passes,
 * nothing more is sent (no retry, no wait for room). Resolves with the answer's body; rejects
 * with the SDK's error, or with the signal's reason.
 */
export async function callOperation(
  tool: OperationTool,
  args: Record<string, unknown>,
  clients: OperationClients,
  boundUid: string | undefined,
  bounds: CallBounds,
): Promise<unknown> {
  const params: Params = { path: {}, query: {}, header: {} };
  for (const param of tool.parameters) {
    const value = args[param.arg ?? param.name];
    if (value !== undefined) params[param.in][param.name] = value;
  }
  if (boundUid !== undefined && tool.onBehalfOf !== "none") params.header.onBehalfOf = boundUid;
  const client = clients[tool.api] as ChatClient | undefined;
  if (!client) throw new Error(`${tool.name} needs the ${tool.api} client, which this server was not given.`);
  const init: Record<string, unknown> = { params, deadlineMs: bounds.deadlineMs };
  if (bounds.signal) init.signal = bounds.signal;
  if (args.body !== undefined) {
    if (tool.body === "form") {
      init.body = formBody(tool, args.body as Record<string, unknown>);
      init.bodySerializer = formDataBody;
    } else init.body = args.body;
  }
  // The generated tools name only operations of the spec, so their paths are the client's own.
  return unwrap(
    (client.request as (method: string, path: string, init: unknown) => ReturnType<ChatClient["GET"]>)(tool.method, tool.path, init),
  );
}
