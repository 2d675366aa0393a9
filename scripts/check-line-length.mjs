// Fails when a hand-written source, script or spec file has a line longer than LIMIT characters.
// Biome wraps code at 140 columns but cannot break a long string or comment; this catches those.
// Generated files, vendored fixtures and prose (Markdown) are left out.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const LIMIT = 200;
const CHECKED = /\.(ts|js|mjs|cjs|sh|yaml|yml|json)$/;
const SKIPPED = [
  /^generated\//,
  /^openapi\/baseline\//,
  /^tests\/fixtures\//,
  /^tests\/contract\/fixtures\//,
  /(^|\/)package(-lock)?\.json$/,
];

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => CHECKED.test(file) && !SKIPPED.some((skip) => skip.test(file)));
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split("\n").forEach((line, i) => {
    if (line.length > LIMIT) long.push(`${file}:${i + 1}: ${line.length} characters`);
  });
}
if (long.length) {
  console.error(`Lines longer than ${LIMIT} characters (split the string or comment):\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`Line length: no line over ${LIMIT} characters in ${files.length} files.`);
