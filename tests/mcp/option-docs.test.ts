// The MCP server's options show up in editors with their default and an example, as the clients' do.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const src = join(__dirname, "..", "..", "src", "mcp");

test.each([
  ["chat-mcp-options.ts", "ChatMcpServerOptions", ["chat", "management", "scope", "as", "dynamic"]],
  ["tool-scope.ts", "McpScope", ["kinds", "management", "tags", "tools", "excludeTools"]],
])("%s: every member of %s has @default and @example", (file, iface, expected) => {
  const source = readFileSync(join(src, file), "utf8");
  const block = new RegExp(`export interface ${iface} \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1] ?? "";
  const members = [...block.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]);
  expect(members).toEqual(expected);
  const docs = [...block.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\??:/g)].map((m) => [m[2], m[1]!] as const);
  expect(docs.map(([name]) => name)).toEqual(expected);
  for (const [name, doc] of docs) {
    expect([name, /@default /.test(doc)]).toEqual([name, true]);
    expect([name, /@example /.test(doc)]).toEqual([name, true]);
  }
});
