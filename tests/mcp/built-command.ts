// The chat-rest-mcp command as the package ships it (bin/chat-rest-mcp.js beside dist/mcp.cjs),
// built from src/ into a scratch folder under the repository, so that its peers resolve from the
// repository's node_modules as they would from a project's. esbuild takes well under a second, so
// the tests run the real command without `npm run build`.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

/** Builds the command into `.tmp/<name>`; returns the path of its bin and a function that removes it. */
export async function buildMcpCommand(name: string): Promise<{ bin: string; remove(): void }> {
  const dir = join(root, ".tmp", `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(join(root, "bin", "chat-rest-mcp.js"), join(dir, "bin", "chat-rest-mcp.js"));
  await build({
    entryPoints: [join(root, "src", "mcp", "index.ts")],
    outfile: join(dir, "dist", "mcp.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "es2022",
    // The core is bundled in (the package imports it by name); the peers stay imports, as in the build.
    alias: { "chat-rest-sdk": join(root, "src", "index.ts") },
    external: ["@modelcontextprotocol/sdk", "ajv", "ajv-formats", "openapi-fetch"],
    logLevel: "silent",
  });
  return { bin: join(dir, "bin", "chat-rest-mcp.js"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
