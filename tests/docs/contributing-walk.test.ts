// The contributor's guide walks two options from the client to the wire and says which modules
// read them. Those sentences are checked against the source, so that a module that starts reading
// one fails here until the guide says so.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(__dirname, "..", "..");
const guide = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");

/** The paragraph of the guide's walk about `option`. */
const paragraph = (option: string): string => guide.split("\n").find((line) => line.startsWith(`- **\`${option}\`.**`)) ?? "";

/** Every TypeScript file under `dirs` (of src/), with its code stripped of comments. */
function sources(...dirs: string[]): { path: string; code: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
    );
  return dirs
    .flatMap((dir) => walk(join(root, "src", dir)))
    .map((file) => ({
      path: relative(root, file),
      code: readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, ""),
    }));
}

test("the guide's onBehalfOf walk names acting-user.ts, and only input-checks.ts and user-key.ts match the header's name in any case", () => {
  const text = paragraph("onBehalfOf");
  expect(text).toContain("`acting-user.ts`");
  expect(text).toContain("Nothing else decides it");
  // The header's lower-case name is how a reader matches it under any casing (Node's headers, a
  // lower-cased comparison): each file doing so decides the acting user by rules of its own.
  const readers = sources(".")
    .filter(({ code }) => code.includes("onbehalfof"))
    .map(({ path }) => path);
  expect(text).toContain("`user-key.ts`");
  expect(readers.sort()).toEqual(["src/safety/input-checks.ts", "src/safety/user-key.ts"]);
});

test("the guide's timeoutMs walk names every client, transport and rate-limit module that reads the option", () => {
  const text = paragraph("timeoutMs");
  // Where the option is declared, typed and given its default; not where it is read.
  const declaring = new Set(["src/transport/request-options.ts", "src/client/client-types.ts", "src/rate-limits/rate-limit-options.ts"]);
  const readers = sources("client", "transport", "rate-limits")
    .filter(({ path, code }) => !declaring.has(path) && /\btimeoutMs\b/.test(code))
    .map(({ path }) => path.split("/").pop()!);
  expect(readers.length).toBeGreaterThan(0);
  expect(readers.filter((file) => !text.includes(`\`${file}\``))).toEqual([]);
  expect(text).not.toContain("No other module reads it");
});
