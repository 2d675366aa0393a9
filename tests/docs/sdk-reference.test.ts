// The SDK reference (`npm run docs`, TypeDoc) opens on scripts/typedoc-readme.md: it must cover the
// entry points as package.json exports them, and link every function each of them exports, so
// that a function or an entry point added later shows up there or fails here.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const root = join(__dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const landing = read("scripts/typedoc-readme.md");
const typedoc = JSON.parse(read("scripts/typedoc.json")) as { entryPoints: string[] };

/** The package's entry points: `chat-rest-sdk/testing` is src/testing/index.ts, TypeDoc's module `testing`. */
const entries = Object.entries(JSON.parse(read("package.json")).exports as Record<string, unknown>)
  .filter(([, target]) => typeof target === "object" && target !== null && "import" in target)
  .map(([subpath]) => {
    const name = subpath.slice(2);
    return { subpath, source: name ? `src/${name}/index.ts` : "src/index.ts", module: name || "index" };
  });

/** The functions an entry point exports: its `export { ... } from` names whose module declares them as functions. */
function exportedFunctions(source: string): string[] {
  const text = read(source);
  return [...text.matchAll(/^export \{([^}]*)\} from "(\.[^"]+)\.js";/gm)].flatMap(([, names, from]) => {
    const file = join(dirname(source), `${from}.ts`);
    const module = read(file);
    return names!
      .split(",")
      .map(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      )
      .filter((name) => name && new RegExp(`^export (async )?function\\*? ?${name}\\b`, "m").test(module));
  });
}

describe("the SDK reference's landing page (scripts/typedoc-readme.md)", () => {
  test("TypeDoc documents every entry point that package.json exports, from its source", () => {
    expect(entries.map((entry) => entry.subpath)).toEqual(expect.arrayContaining([".", "./testing", "./webhooks"]));
    for (const entry of entries) expect(existsSync(join(root, entry.source))).toBe(true);
    expect(typedoc.entryPoints.map((file) => file.replace(/^\.\.\//, "")).sort()).toEqual(entries.map((entry) => entry.source).sort());
  });

  test("links every entry point", () => {
    for (const { module } of entries) expect(landing).toContain(`{@link ${module}! |`);
  });

  test.each(entries.map((entry) => [entry.subpath, entry] as const))("links every function that %s exports", (_subpath, entry) => {
    const functions = exportedFunctions(entry.source);
    expect(functions.length).toBeGreaterThan(0);
    expect(functions.filter((name) => !landing.includes(`{@link ${entry.module}!${name} |`))).toEqual([]);
  });

  test("finds functions however they are declared: plain, async and generator", () => {
    expect(exportedFunctions("src/index.ts")).toEqual(expect.arrayContaining(["createChatClient", "unwrap", "paginate", "isChatError"]));
    expect(exportedFunctions("src/testing/index.ts")).toEqual(expect.arrayContaining(["startMockServer", "startFakeServer"]));
  });

  test("adds no title of its own: TypeDoc heads the page with the project's name", () => {
    expect(landing).not.toMatch(/^# /m);
  });

  test("says what each entry point holds: the testing one names the mock, the fake and the webhook events", () => {
    const testing = /\{@link testing! \| `chat-rest-sdk\/testing`\}: (.*)/.exec(landing)?.[1] ?? "";
    expect(testing).toMatch(/mock/);
    expect(testing).toMatch(/fake/);
    expect(testing).toMatch(/webhook event/);
  });
});
