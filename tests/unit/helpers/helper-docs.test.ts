// The helpers' documentation: every option shows its default and an example in editors, and the
// example of every helper is compiled in strict mode (tests/types/helpers-examples.test-d.ts holds
// them verbatim, and `tsc --noEmit` in `npm test` checks that file).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..");
const dir = join(root, "src", "helpers");
const sources = readdirSync(dir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file, text: readFileSync(join(dir, file), "utf8") }));

const OPTIONS: Record<string, string[]> = {
  EnsureUserOptions: ["onExists", "reactivate"],
  IssueAuthTokenOptions: ["force"],
  EnsureGroupOptions: ["onExists"],
  SyncGroupMembersOptions: ["removeOthers", "dryRun", "concurrency"],
  ImportUsersOptions: [
    "concurrency",
    "onExists",
    "onProgress",
    "timers",
    "onCheckpoint",
    "resumeFrom",
    "checkpointEvery",
    "total",
    "signal",
    "onFailure",
  ],
  SendMessageOnceOptions: ["parentId", "onBehalfOf", "since", "maxAttempts", "retryDelayMs"],
  ConvergeOptions: ["concurrency", "maxAttempts", "retryDelayMs"],
  DeleteMessagesOptions: ["permanent"],
  ImportGroupsOptions: [
    "concurrency",
    "onProgress",
    "onCheckpoint",
    "resumeFrom",
    "checkpointEvery",
    "total",
    "signal",
    "onFailure",
    "timers",
  ],
  ExportOptions: ["onCheckpoint", "resumeFrom", "checkpointEvery", "onProgress", "total", "signal", "pageSize"],
};

test.each(Object.entries(OPTIONS))("every member of %s documents @default and @example", (name, members) => {
  const text = sources.map((source) => source.text).join("\n");
  const block = new RegExp(`export interface ${name}(?: extends \\w+)? \\{([\\s\\S]*?)\\n\\}`).exec(text)?.[1];
  expect(block).toBeDefined();
  const documented = [...block!.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\?:/g)].map((m) => ({ name: m[2]!, doc: m[1]! }));
  expect(documented.map((member) => member.name)).toEqual(members);
  for (const { name: member, doc } of documented)
    expect([member, /@default \S/.test(doc), /@example \S/.test(doc)]).toEqual([member, true, true]);
});

test("every helper has an @example, and each is one of the examples tsc compiles in strict mode", () => {
  // The helpers are the functions exported; an error class (upper case) is not one.
  const exported = [...readFileSync(join(dir, "index.ts"), "utf8").matchAll(/^export \{ ([a-z]\w*) \}/gm)].map((m) => m[1]!);
  const compiled = readFileSync(join(root, "tests", "types", "helpers-examples.test-d.ts"), "utf8");
  const examples = new Map<string, string>();
  for (const { text } of sources) {
    for (const [, doc, name] of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*export (?:async )?function\*? (\w+)/g)) {
      const example = /@example\n([\s\S]*)$/.exec(doc!)?.[1];
      if (example) examples.set(name!, example.replace(/^\s*\* ?/gm, "").trimEnd());
    }
  }
  expect([...examples.keys()].sort()).toEqual([...exported].sort());
  for (const [name, example] of examples) {
    const body = example
      .split("\n")
      .map((line) => (line ? `  ${line}` : line))
      .join("\n");
    expect([name, compiled.includes(`export async function ${name}Example() {\n${body}\n}\n`)]).toEqual([name, true]);
  }
});
