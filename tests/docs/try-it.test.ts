import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const ci = readFileSync(join(root, ".ci", "run"), "utf8");

/** The shell blocks of the README's "Try it" section, in order. */
function tryItCommands(): string[] {
  const section = /\n## Try it\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? "";
  return Array.from(section.matchAll(/```sh\n([\s\S]*?)```/g), (m) => m[1]!.trim());
}

describe("the README's Try it section", () => {
  test("opens the README, before any other section", () => {
    expect(readme.indexOf("\n## ")).toBe(readme.indexOf("\n## Try it\n"));
  });

  test("gives the two commands of a fresh clone: npm ci && npm start, then npm test", () => {
    expect(tryItCommands()).toEqual(["npm ci && npm start", "npm test"]);
  });

  test("matches what CI runs: npm ci, then npm test", () => {
    const commands = ci.split("\n").filter((line) => /^npm /.test(line));
    expect(commands[0]).toMatch(/^npm ci\b/);
    expect(commands).toContain("npm test");
  });
});
