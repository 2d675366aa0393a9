import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deprecationWarner, type ManifestEntry } from "../../../src/client/deprecation";

const root = join(__dirname, "../../..");
const fixtureDir = join(root, "tests/fixtures/deprecated");
const out = mkdtempSync(join(tmpdir(), "deprecation-"));

// The same generators `npm run generate` uses, run on a spec with a deprecated operation.
execFileSync(process.execPath, [join(root, "scripts/generate-manifest.mjs"), join(fixtureDir, "openapi.json"), join(out, "manifest.ts")]);
execFileSync(process.execPath, [join(root, "node_modules/openapi-typescript/bin/cli.js"), "openapi.json", "-o", join(out, "schema.d.ts")], {
  cwd: fixtureDir,
  stdio: "pipe",
});

function manifestOf(file: string): ManifestEntry[] {
  const text = readFileSync(file, "utf8");
  return JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1));
}

describe("deprecated operations, driven by the spec", () => {
  const manifest = manifestOf(join(out, "manifest.ts"));

  test("the generated manifest marks the operation and names its replacement", () => {
    expect(manifest).toContainEqual(
      expect.objectContaining({ operationId: "get-conversation", deprecated: true, replacedBy: "get-user-conversation" }),
    );
    expect(manifest.find((op) => op.operationId === "get-user-conversation")?.deprecated).toBeUndefined();
  });

  test("the generated types mark it @deprecated", () => {
    const types = readFileSync(join(out, "schema.d.ts"), "utf8");
    const block = types.slice(types.indexOf('"/conversations/{conversationId}"'));
    expect(block.slice(0, block.indexOf("put?:"))).toMatch(/@deprecated/);
  });

  test("calling it warns once, naming the replacement; other operations stay silent", () => {
    const warnings: string[] = [];
    const logger = { warn: (message: string) => warnings.push(message) };
    const warn = deprecationWarner(manifest);
    warn("GET", "/conversations/{conversationId}", logger);
    warn("GET", "/conversations/{conversationId}", logger);
    warn("GET", "/users/{uid}/conversations/{conversationId}", logger);
    expect(warnings).toEqual([
      "chat-rest-sdk: get-conversation (GET /conversations/{conversationId}) is deprecated; use get-user-conversation instead.",
    ]);
  });
});
