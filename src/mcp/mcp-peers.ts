// Internal: chat-rest-sdk/mcp's libraries are optional peers, so the entry point loads without them;
// they are loaded on first use, and a missing one is named with the command that installs it.
import type Ajv from "ajv";
import type addFormats from "ajv-formats";

/** The versions this package is tested with, for the install hint. */
export const MCP_PEERS = { "@modelcontextprotocol/sdk": "1.32.2", ajv: "8.20.0", "ajv-formats": "2.1.1" } as const;

function missing(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") return error as Error;
  const all = Object.entries(MCP_PEERS).map(([peer, version]) => `${peer}@${version}`);
  return new Error(`chat-rest-sdk/mcp needs its peers at run time: \`npm install --save-prod ${all.join(" ")}\`.`);
}

// An ES module importing a CommonJS one gets its module.exports as `default`, which for Ajv holds `default` again.
const defaultOf = <T>(module: { default: T | { default: T } }): T => ((module.default as { default?: T }).default ?? module.default) as T;

/** Ajv and ajv-formats. */
export async function loadAjv(): Promise<{ Ajv: typeof Ajv; addFormats: typeof addFormats }> {
  try {
    const [ajv, formats] = await Promise.all([import("ajv"), import("ajv-formats")]);
    return { Ajv: defaultOf<typeof Ajv>(ajv as never), addFormats: defaultOf<typeof addFormats>(formats as never) };
  } catch (error) {
    throw missing(error);
  }
}

/** The parts of the MCP SDK the server uses. */
export async function loadMcpSdk() {
  try {
    const [server, types] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/index.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
    return {
      Server: server.Server,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
    };
  } catch (error) {
    throw missing(error);
  }
}
