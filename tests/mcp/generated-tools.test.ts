// The tools `npm run generate` writes into generated/mcp-tools.ts: one per operation of the
// bundled spec, each with an input schema Ajv compiles (with the server's own settings) and
// example arguments, from the spec's examples, that pass it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operationTools } from "../../generated/mcp-tools";
import { operations } from "../../generated/manifest";
import { argumentChecker } from "../../src/mcp/tool-arguments";

const root = join(__dirname, "..", "..");

test("there is one tool per operation of the spec, named by its operationId, with its method and path", () => {
  const key = (entry: string[]) => entry.join(" ");
  expect(operationTools.map((tool) => key([tool.name, tool.method, tool.path])).sort()).toEqual(
    operations.map((op) => key([op.operationId, op.method, op.path])).sort(),
  );
  for (const tool of operationTools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
});

test.each(operationTools.map((tool) => [tool.name, tool] as const))(
  "%s: its schema compiles and its example arguments pass it",
  async (_name, tool) => {
    const check = (await argumentChecker())(tool.inputSchema);
    expect(check(tool.example)).toBeUndefined();
  },
);

test("a schema merges the path, query and header parameters with the body, references resolved", () => {
  const thread = operationTools.find((tool) => tool.name === "send-thread-message")!;
  expect(Object.keys(thread.inputSchema.properties)).toEqual(["id", "onBehalfOf", "body"]);
  expect(thread.inputSchema.required).toEqual(["id", "onBehalfOf", "body"]);
  const users = operationTools.find((tool) => tool.name === "list-users")!;
  expect(users.parameters.every((param) => param.in === "query")).toBe(true);
  expect(users.inputSchema.properties.perPage).toMatchObject({ type: "integer" });
  // A cursor `id` in the query beside the message `id` in the path gets an argument of its own.
  const reactions = operationTools.find((tool) => tool.name === "list-all-reactions")!;
  expect(reactions.parameters).toEqual(
    expect.arrayContaining([
      { name: "id", in: "query", arg: "query_id" },
      { name: "id", in: "path" },
    ]),
  );
  expect(JSON.stringify(operationTools)).not.toContain('"$ref"');
});

test("descriptions are whole: no tool's or argument's description is cut off", () => {
  const cut: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "description" && typeof value === "string" && !/[.!?`)]$/.test(value)) cut.push(`${at}: ${value}`);
      else walk(value, `${at}.${key}`);
    }
  };
  for (const tool of operationTools) {
    if (!/[.!?`)]$/.test(tool.description)) cut.push(`${tool.name}: ${tool.description}`);
    walk(tool.inputSchema, tool.name);
  }
  expect(cut).toEqual([]);
});

test("an argument's description keeps what the agent needs: affix says which way the slice goes", () => {
  const messages = operationTools.find((tool) => tool.name === "list-all-messages")!;
  expect(messages.inputSchema.properties.affix!.description).toBe(
    "Direction of the slice from the position given by `id` or `sentAt` (or by the timestamps): `append` for the messages after it, `prepend` for those before it.",
  );
});

test("kinds: GETs read; DELETEs and bans are destructive; other changes write", () => {
  const kind = (name: string) => operationTools.find((tool) => tool.name === name)!.kind;
  expect([kind("list-users"), kind("delete-user"), kind("deactivate-users"), kind("ban-group-user"), kind("send-message")]).toEqual([
    "read",
    "destructive",
    "destructive",
    "destructive",
    "write",
  ]);
  for (const tool of operationTools) if (tool.method === "GET") expect(tool.kind).toBe("read");
});

test("generated/mcp-tools.ts is what the generator writes from the bundled spec now", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-tools-"));
  try {
    const out = join(dir, "mcp-tools.ts");
    execFileSync(process.execPath, [join(root, "scripts", "generate-mcp-tools.mjs"), join(root, "generated", "openapi.json"), out]);
    expect(readFileSync(out, "utf8") === readFileSync(join(root, "generated", "mcp-tools.ts"), "utf8")).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
