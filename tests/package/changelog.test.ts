import { readFileSync } from "node:fs";
import { join } from "node:path";

// Releases are cut with `npm run changeset -- version`, which writes CHANGELOG.md from .changeset/.
const root = join(__dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

test("CHANGELOG.md has a section for the version in package.json", () => {
  const { version } = JSON.parse(read("package.json")) as { version: string };
  expect(read("CHANGELOG.md").split("\n")).toContain(`## ${version}`);
});
