/** A JSON Schema, as the MCP server hands it to a client and Ajv compiles it. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * One operation of the spec as an MCP tool, written by `npm run generate`
 * (scripts/generate-mcp-tools.mjs) into generated/mcp-tools.ts.
 */
export interface OperationTool {
  /** The operationId, which is the tool's name, e.g. `send-thread-message`. */
  name: string;
  /** The spec's summary and the first sentence of its description. */
  description: string;
  /** HTTP method, upper case. */
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path template, e.g. `/messages/{id}/thread`. */
  path: string;
  /** Which client calls it. */
  api: "chat" | "calls" | "management";
  /** The spec's tags, e.g. `["Messages"]`. */
  tags: string[];
  /** `read` (GET), `destructive` (a DELETE or a ban) or `write` (every other change). */
  kind: "read" | "write" | "destructive";
  /**
   * Set when the answer holds a credential (an API key, a user's auth token, a provider's key or
   * password): a scope offers such an operation only when its `tools` name it.
   */
  credentials?: true;
  /** Set when the spec deprecates the operation (its description names the replacement): offered only when named. */
  deprecated?: true;
  /** Whether the operation takes the `onBehalfOf` header. */
  onBehalfOf: "required" | "optional" | "none";
  /**
   * The operation's parameters, which the arguments of the same names fill; `arg` names the
   * argument when it differs (a query parameter named like a path parameter: `query_id`).
   */
  parameters: { name: string; in: "path" | "query" | "header"; arg?: string }[];
  /** How the `body` argument is sent: JSON, or a multipart form. Absent when there is no body. */
  body?: "json" | "form";
  /** The arguments: every parameter by name, and the request body as `body`. */
  inputSchema: JsonSchema & { type: "object"; properties: Record<string, JsonSchema>; required?: string[] };
  /** Arguments built from the spec's examples, which the input schema accepts. */
  example: Record<string, unknown>;
}
