import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mcpServerOf } from "./chat-mcp-server.js";
import type { McpToolbox } from "./mcp-toolbox.js";
import { loadMcpSdk } from "./mcp-peers.js";

/** A running Streamable HTTP endpoint. */
export interface McpHttpEndpoint {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  close(): Promise<void>;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** The Host header's name without its port. */
function hostName(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/**
 * Serves `toolbox` over MCP's Streamable HTTP transport at `/mcp`, stateless: each request gets a
 * server and a transport of its own, while the clients (and so the rate-limit governor) are shared.
 * Bound to loopback by default; a request whose Host header names another host is refused, so a web
 * page cannot reach it through DNS rebinding.
 */
export async function serveMcpHttp(toolbox: McpToolbox, port: number, host = "127.0.0.1"): Promise<McpHttpEndpoint> {
  await loadMcpSdk();
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const allowed = new Set([...LOOPBACK, host.includes(":") ? `[${host}]` : host]);
  const http = createServer((req, res) => {
    if (!allowed.has(hostName(req))) return refuse(res, 403, `Host ${req.headers.host ?? "(none)"} is not served here.`);
    if (new URL(req.url ?? "/", "http://localhost").pathname !== "/mcp") return refuse(res, 404, "The MCP endpoint is /mcp.");
    void (async () => {
      const server = await mcpServerOf(toolbox);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void Promise.all([transport.close(), server.close()]).catch(() => {}));
      await server.connect(transport);
      await transport.handleRequest(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, error instanceof Error ? error.message : "internal error");
    });
  });
  await new Promise<void>((done, fail) => {
    http.once("error", fail);
    http.listen(port, host, () => done());
  });
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}/mcp`,
    close: () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
}
