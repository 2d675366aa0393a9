// The README's install lines against what each entry point loads at run time: every package an
// entry imports, requires or resolves (but its own dependencies and Node's modules) is installed by
// a line for that entry, and a line for an entry an application runs in production saves its
// packages as dependencies, even when a test-only line (the fake's Ajv) saved them as devDependencies
// first: a plain `npm install` keeps a package where it was, so only `--save-prod` moves it.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";

const root = join(__dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, unknown>;
};

/** The entry points, by subpath, with their source; the test kit alone is for development only. */
const ENTRIES: Record<string, string> = {
  "chat-rest-sdk": "src/index.ts",
  "chat-rest-sdk/testing": "src/testing/index.ts",
  "chat-rest-sdk/webhooks": "src/webhooks/index.ts",
  "chat-rest-sdk/helpers": "src/helpers/index.ts",
  "chat-rest-sdk/rate-limits": "src/rate-limits/index.ts",
  "chat-rest-sdk/redis": "src/redis/index.ts",
  "chat-rest-sdk/mcp": "src/mcp/index.ts",
  "chat-rest-sdk/otel": "src/otel/index.ts",
};
const DEVELOPMENT_ONLY = new Set(["chat-rest-sdk/testing"]);

const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const isNodes = (specifier: string) => specifier.startsWith("node:") || builtinModules.includes(packageOf(specifier));

/**
 * The packages an entry loads at run time, from its bundle as the build makes it (dependencies
 * left as imports): static and dynamic imports, and the peers loaded by name through a `require`
 * of its own (`load("ajv")`, `require.resolve("@stoplight/prism-cli/package.json")`).
 */
async function runtimePackages(source: string): Promise<string[]> {
  const bundled = await build({
    entryPoints: [join(root, source)],
    bundle: true,
    platform: "node",
    target: "es2022",
    format: "esm",
    packages: "external",
    external: ["chat-rest-sdk"],
    write: false,
    metafile: true,
    logLevel: "silent",
    outdir: join(root, ".tmp", "install-lines"),
  });
  const found = new Set<string>();
  for (const input of Object.values(bundled.metafile.inputs))
    for (const imported of input.imports) if (imported.external) found.add(imported.path);
  const text = bundled.outputFiles.map((file) => file.text).join("\n");
  for (const [, specifier] of text.matchAll(/\b(?:require\d*(?:\.resolve)?|load|import)\(\s*"([^"./][^"]*)"\s*\)/g)) found.add(specifier!);
  const own = new Set([...Object.keys(manifest.dependencies), "chat-rest-sdk"]);
  return [...new Set([...found].filter((specifier) => !isNodes(specifier)).map(packageOf))].filter((name) => !own.has(name)).sort();
}

interface InstallLine {
  packages: string[];
  saveDev: boolean;
  saveProd: boolean;
  /** The entries its comment names (`# only for chat-rest-sdk/mcp and chat-rest-mcp`). */
  entries: string[];
  at: number;
}

/** The project's install lines of the README's Install section (the second sh block), with the entries each is for. */
function installLines(): InstallLine[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = /^## Install\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  const project = [...section.matchAll(/```sh\n([\s\S]*?)```/g)][1]?.[1] ?? "";
  return project
    .split("\n")
    .map((line, at) => {
      const [command = "", comment = ""] = line.split(/\s+#\s*/);
      const words = command.trim().split(/\s+/).slice(2);
      return {
        packages: words.filter((word) => !word.startsWith("-") && !word.endsWith(".tgz")).map((spec) => spec.replace(/(?<=.)@[^@]*$/, "")),
        saveDev: words.includes("--save-dev"),
        saveProd: words.includes("--save-prod"),
        entries: Object.keys(ENTRIES).filter((entry) => new RegExp(`${entry.replace("/", "\\/")}(?![\\w/-])`).test(comment)),
        at,
      };
    })
    .filter((line) => line.packages.length);
}

test("every entry point's own exports are listed, so none is left unchecked", () => {
  const subpaths = Object.keys(manifest.exports).filter((path) => !/\.(json|yaml)$/.test(path));
  expect(subpaths.map((path) => (path === "." ? "chat-rest-sdk" : `chat-rest-sdk/${path.slice(2)}`)).sort()).toEqual(
    Object.keys(ENTRIES).sort(),
  );
});

test.each(Object.entries(ENTRIES))("%s: each package it loads at run time has an install line for it", async (entry, source) => {
  const needed = await runtimePackages(source);
  const lines = installLines().filter((line) => line.entries.includes(entry));
  const installed = new Set(lines.flatMap((line) => line.packages));
  expect(needed.filter((name) => !installed.has(name))).toEqual([]);
  if (DEVELOPMENT_ONLY.has(entry)) return;
  // An entry an application runs in production needs its packages among the dependencies.
  for (const line of lines) expect([line.packages, line.saveDev, line.saveProd]).toEqual([line.packages, false, true]);
});

test("every optional peer of the package is installed by some line", () => {
  const installed = new Set(installLines().flatMap((line) => line.packages));
  expect(Object.keys(manifest.peerDependencies).filter((peer) => !installed.has(peer))).toEqual([]);
});

test("a peer that both a test-only line and a production line install is saved as a dependency by the later line", () => {
  const lines = installLines();
  for (const production of lines.filter((line) => line.saveProd))
    for (const dev of lines.filter((line) => line.saveDev && line.packages.some((name) => production.packages.includes(name))))
      expect([dev.packages, dev.at < production.at]).toEqual([dev.packages, true]);
});
