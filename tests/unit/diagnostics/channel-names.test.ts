// The names of the tracing channels and the call id's recipe are written once in src/: a second
// copy could drift from the first, and a subscriber would then miss the calls it listens for.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ATTEMPT_CHANNEL, CALL_CHANNEL, WEBHOOK_CHANNEL } from "../../../src/diagnostics/channel-names";

const root = join(__dirname, "..", "..", "..");

/** Every TypeScript file under src/, with its comments stripped. */
function sources(): { path: string; code: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
    );
  return walk(join(root, "src")).map((file) => ({
    path: relative(root, file),
    code: readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, ""),
  }));
}

test("the channels carry the names the README tells subscribers to use", () => {
  expect([CALL_CHANNEL, ATTEMPT_CHANNEL, WEBHOOK_CHANNEL]).toEqual([
    "chat-rest-sdk:call",
    "chat-rest-sdk:attempt",
    "chat-rest-sdk:webhook",
  ]);
  const readme = readFileSync(join(root, "README.md"), "utf8");
  for (const name of [CALL_CHANNEL, ATTEMPT_CHANNEL, WEBHOOK_CHANNEL]) expect(readme).toContain(`\`${name}\``);
});

test("each channel's name and the call id's recipe are written in one module of src/", () => {
  const writing = (text: string) =>
    sources()
      .filter(({ code }) => code.includes(text))
      .map(({ path }) => path);
  for (const name of [CALL_CHANNEL, ATTEMPT_CHANNEL, WEBHOOK_CHANNEL])
    expect(writing(`"${name}"`)).toEqual(["src/diagnostics/channel-names.ts"]);
  expect(writing("toString(36).slice(2, 11)")).toEqual(["src/diagnostics/call-id.ts"]);
});
