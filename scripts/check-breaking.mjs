#!/usr/bin/env node
// `npm run check:breaking`: fails when the bundled spec breaks the last release's contract
// (openapi/baseline/) and package.json's version does not announce it with a breaking bump.
// Both versions are read from their files (package.json, openapi/baseline/release.json), so a
// release bumps them there and the check follows.
// Changes are rated by `redocly diff` (offline). Flags, for tests and one-off checks:
//   --base <spec> --revision <spec> --version <x.y.z> --released <x.y.z>
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = Object.fromEntries(process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith("--") ? [[arg.slice(2), all[i + 1]]] : [])));
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const base = args.base ?? join(root, "openapi", "baseline", "openapi.json");
const revision = args.revision ?? join(root, "generated", "openapi.json");
const version = args.version ?? readJson(join(root, "package.json")).version;
const released = args.released ?? readJson(join(root, "openapi", "baseline", "release.json")).version;

function parse(v) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(v ?? "");
  if (!match) throw new Error(`not a semver version: ${v}`);
  return match.slice(1, 4).map(Number);
}

/** Orders two versions by major, minor and patch. */
function compare(a, b) {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** Semver for breaking changes: the major, or below 1.0.0 the minor, must go up. */
function isBreakingBump(from, to) {
  const [fromMajor, fromMinor] = parse(from);
  const [toMajor, toMinor] = parse(to);
  if (toMajor !== fromMajor) return toMajor > fromMajor;
  return fromMajor === 0 && toMinor > fromMinor;
}

if (compare(version, released) < 0) {
  console.error(
    `Breaking-change check FAILED: package.json's version ${version} is older than the last release ${released} (openapi/baseline/release.json).`,
  );
  process.exit(1);
}

/**
 * Redocly's report of the revision against the base. A document has no change against itself,
 * and a report is a function of the two documents, the rules and Redocly's version: it is kept in
 * .tmp/check-breaking/ under a hash of those, and read back when they come again (each run of
 * Redocly costs a second of CPU on the bundled spec).
 */
function diff() {
  const [baseText, revisionText] = [readFileSync(base, "utf8"), readFileSync(revision, "utf8")];
  if (baseText === revisionText) return { changes: [], summary: { major: 0, minor: 0, patch: 0 } };
  const config = join(root, "scripts", "check-breaking.redocly.yaml");
  const redoclyVersion = readJson(join(root, "node_modules", "@redocly", "cli", "package.json")).version;
  const key = createHash("sha256")
    .update(JSON.stringify([redoclyVersion, readFileSync(config, "utf8"), baseText, revisionText]))
    .digest("hex");
  // A document that refers to other files is not all in its text: its report is not kept.
  const external = /\$ref["']?\s*:(?!\s*["']?#)/;
  if (external.test(baseText) || external.test(revisionText)) return runRedocly(config);
  const kept = join(root, ".tmp", "check-breaking", `${key}.json`);
  if (existsSync(kept)) {
    try {
      return readJson(kept);
    } catch {
      // Not a whole report: run Redocly again below, and keep its report in place of this one.
    }
  }
  const report = runRedocly(config);
  mkdirSync(dirname(kept), { recursive: true });
  // Written whole, then renamed: a run beside this one reads a whole report or none.
  writeFileSync(`${kept}.${process.pid}`, JSON.stringify(report));
  renameSync(`${kept}.${process.pid}`, kept);
  return report;
}

function runRedocly(config) {
  const redocly = join(root, "node_modules", ".bin", "redocly");
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const command = [redocly, "diff", base, revision, "--config", config, "--format", "json", "--fail-on", "none"];
  let stdout;
  try {
    // The JSON report lists every added path and schema, which passes execFileSync's default 1 MiB buffer.
    const maxBuffer = 256 * 1024 * 1024;
    stdout = execFileSync(command[0], command.slice(1), { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer });
  } catch (error) {
    throw new Error(`redocly diff failed: ${error.message}\n${error.stderr ?? ""}`);
  }
  // Redocly may print notices before the report; the report is the JSON object.
  return JSON.parse(stdout.slice(stdout.indexOf("{")));
}

const where = (change) => {
  const [, path = "", method = "", ...rest] = decodeURIComponent(change.path ?? "")
    .replace(/^#\//, "")
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  return change.path?.startsWith("#/paths/") ? `${method.toUpperCase()} ${path} ${rest.join("/")}` : change.path;
};

const report = diff();
const breaking = report.changes.filter((change) => change.impact === "major");
const label = `${relative(root, revision)} vs ${relative(root, base)} (release ${released}, package ${version})`;
const { major, minor, patch } = report.summary;
if (breaking.length === 0) {
  console.log(`Breaking-change check: none in ${label}; ${minor} minor, ${patch} patch.`);
  process.exit(0);
}
const lines = breaking.flatMap((change) =>
  (change.verdicts ?? [{ message: change.kind }])
    .filter((v) => v.impact === "major")
    .map((v) => `  - ${where(change)}: ${v.message}${v.ruleId ? ` (${v.ruleId})` : ""}`),
);
if (isBreakingBump(released, version)) {
  console.log(
    `Breaking-change check: ${major} breaking change(s) in ${label}, announced by version ${released} -> ${version}:\n${lines.join("\n")}`,
  );
  process.exit(0);
}
const [releasedMajor, releasedMinor] = parse(released);
const next = releasedMajor === 0 ? `0.${releasedMinor + 1}.0` : `${releasedMajor + 1}.0.0`;
console.error(
  `Breaking-change check FAILED: ${major} breaking change(s) in ${label}:\n${lines.join("\n")}\n` +
    `Either undo them, or bump package.json's version to ${next} or later (it is ${version}). See openapi/baseline/README.md.`,
);
process.exit(1);
