// Runs the smoke program in headless Chromium. A page cannot spawn Prism, so the mock runs in
// Node and the page loads the package's own ESM build, unbundled, from a loopback server.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { confineToLoopback, isLocal, launchChromium } from "./chromium";
import { serveStatic } from "./static-server";

interface Manifest {
  dependencies?: Record<string, string>;
  module?: string;
  main?: string;
  exports?: unknown;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

// The file an `import` of the package resolves to in a browser: the import condition of ".", else `module`.
function esmEntry(dir: string): string {
  const { exports, module, main } = manifest(dir);
  const root = (exports as Record<string, unknown> | undefined)?.["."] ?? exports;
  let target: unknown = root;
  while (target && typeof target === "object") {
    const conditions = target as Record<string, unknown>;
    target = conditions.browser ?? conditions.import ?? conditions.default;
  }
  const entry = typeof target === "string" ? target : (module ?? main);
  if (!entry) throw new Error(`No ESM entry in ${dir}/package.json`);
  return entry;
}

/** An import map for the package and its direct dependencies (they have no imports of their own). */
function importMap(consumer: string): Record<string, string> {
  const packageDir = join(consumer, "node_modules", "chat-rest-sdk");
  const names = ["chat-rest-sdk", ...Object.keys(manifest(packageDir).dependencies ?? {})];
  const imports: Record<string, string> = {};
  for (const name of names) {
    const dir = join(consumer, "node_modules", name);
    imports[name] = "/" + relative(consumer, join(dir, esmEntry(dir)));
  }
  return imports;
}

function page(imports: Record<string, string>, smokeModule: string, mockUrl: string): string {
  return `<!doctype html>
<meta charset="utf-8">
<title>chat-rest-sdk smoke</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module">
  import { createChatClient } from "chat-rest-sdk";
  import { smoke } from ${JSON.stringify(smokeModule)};
  // Without the opt-in, the client must refuse to hold an API key in a page.
  const refused = (() => {
    try {
      createChatClient({ appId: "smoke", apiKey: "smoke-key", baseUrl: ${JSON.stringify(mockUrl)} });
      return false;
    } catch {
      return true;
    }
  })();
  // The page holds no real key: it talks to a local mock, the case the opt-in exists for.
  window.smokeResult = refused
    ? smoke(${JSON.stringify(mockUrl)}, { dangerouslyAllowBrowser: true }).then(
        (lines) => ({ ok: true, lines }),
        (error) => ({ ok: false, error: String((error && error.stack) || error) }),
      )
    : { ok: false, error: "createChatClient accepted an API key in a browser without dangerouslyAllowBrowser" };
</script>`;
}

export interface BrowserSmoke {
  version: string;
  lines: string[];
}

/** Runs `<configDir>/out/smoke.js` (compiled from the smoke program) in Chromium against the mock at `mockUrl`. */
export async function smokeInChromium(consumer: string, configDir: string, mockUrl: string): Promise<BrowserSmoke> {
  const smokeModule = "/" + relative(consumer, join(configDir, "out", "smoke.js"));
  const server = await serveStatic(consumer, { "/smoke.html": page(importMap(consumer), smokeModule, mockUrl) });
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    const requests = await confineToLoopback(tab);
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    await tab.goto(`${server.url}/smoke.html`);
    await tab.waitForFunction(() => "smokeResult" in window, undefined, { timeout: 30_000 });
    const result = (await tab.evaluate(() => (window as unknown as { smokeResult: Promise<unknown> }).smokeResult)) as
      | { ok: true; lines: string[] }
      | { ok: false; error: string };
    const external = requests.filter((request) => !isLocal(request.url));
    if (external.length > 0) throw new Error(`the page sent requests off the machine: ${external.map((r) => r.url).join(", ")}`);
    if (!result.ok) throw new Error(`${result.error}\n${errors.join("\n")}`);
    return { version: browser.version(), lines: result.lines };
  } finally {
    await browser.close();
    await server.close();
  }
}
