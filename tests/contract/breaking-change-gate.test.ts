// The breaking-change gate (scripts/check-breaking.mjs) on fixture pairs. Each
// revision in tests/fixtures/breaking/ changes base.json in one way.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const fixture = (name: string) => join(root, "tests", "fixtures", "breaking", `${name}.json`);

interface Outcome {
  code: number;
  output: string;
}

function gate(revision: string, version = "0.1.0", released = "0.1.0"): Promise<Outcome> {
  const args = [
    join(root, "scripts", "check-breaking.mjs"),
    "--base",
    fixture("base"),
    "--revision",
    fixture(revision),
    "--version",
    version,
    "--released",
    released,
  ];
  return new Promise((done) =>
    execFile(process.execPath, args, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

/** The package's own release facts, as the gate reads them when run without flags. */
const packageVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version as string;
const releasedVersion = JSON.parse(readFileSync(join(root, "openapi", "baseline", "release.json"), "utf8")).version as string;

/**
 * Runs the gate without flags in a temporary copy of the repository's release files, where
 * package.json says `version`, the baseline is `baseline` released as `released`, and the
 * bundled spec is `bundle`: what `npm test` runs after a version bump.
 */
async function gateInCopy(options: { version: string; released: string; baseline: string; bundle: string }): Promise<Outcome> {
  const copy = mkdtempSync(join(tmpdir(), "breaking-gate-"));
  try {
    for (const dir of ["scripts", join("openapi", "baseline"), "generated"]) mkdirSync(join(copy, dir), { recursive: true });
    for (const file of ["check-breaking.mjs", "check-breaking.redocly.yaml"])
      copyFileSync(join(root, "scripts", file), join(copy, "scripts", file));
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    writeFileSync(join(copy, "package.json"), JSON.stringify({ ...pkg, version: options.version }));
    writeFileSync(join(copy, "openapi", "baseline", "release.json"), JSON.stringify({ version: options.released }));
    copyFileSync(options.baseline, join(copy, "openapi", "baseline", "openapi.json"));
    copyFileSync(options.bundle, join(copy, "generated", "openapi.json"));
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
    // The reports the gate keeps, by the documents' content: those of the repository's runs.
    mkdirSync(join(root, ".tmp", "check-breaking"), { recursive: true });
    mkdirSync(join(copy, ".tmp"));
    symlinkSync(join(root, ".tmp", "check-breaking"), join(copy, ".tmp", "check-breaking"), "dir");
    return await new Promise((done) =>
      execFile(process.execPath, [join(copy, "scripts", "check-breaking.mjs")], (error, stdout, stderr) =>
        done({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
      ),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const bundle = join(root, "generated", "openapi.json");
const baseline = join(root, "openapi", "baseline", "openapi.json");
const [major, minor, patch] = packageVersion.split(".").map(Number) as [number, number, number];
const patchBump = `${major}.${minor}.${patch + 1}`;
const breakingBump = major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;

// Each run of Redocly takes about half a second of CPU: the runs start at once, but those of a
// pair of documents the gate has met already start after it, and read its report back.
const narrowedEnum = gate("narrowed-enum");
const narrowedEnumAgain = (version: string, released?: string) => narrowedEnum.then(() => gate("narrowed-enum", version, released));
const runs = {
  newRequiredParameter: gate("new-required-parameter"),
  removedResponseProperty: gate("removed-response-property"),
  narrowedEnum,
  addedOptionalField: gate("added-optional-field"),
  minorBumpBelowOne: narrowedEnumAgain("0.2.0"),
  patchBumpBelowOne: narrowedEnumAgain("0.1.1"),
  majorBumpFromOne: narrowedEnumAgain("2.0.0", "1.4.2"),
  minorBumpFromOne: narrowedEnumAgain("1.5.0", "1.4.2"),
  patchBumpBeforeRelease: gateInCopy({ version: patchBump, released: releasedVersion, baseline, bundle }),
  afterRelease: gateInCopy({ version: breakingBump, released: breakingBump, baseline: bundle, bundle }),
  breakingAfterPatchBump: narrowedEnum.then(() =>
    gateInCopy({
      version: patchBump,
      released: packageVersion,
      baseline: fixture("base"),
      bundle: fixture("narrowed-enum"),
    }),
  ),
  packageOlderThanRelease: gateInCopy({ version: packageVersion, released: breakingBump, baseline, bundle }),
};

describe("the breaking-change gate", () => {
  test("catches a newly required parameter", async () => {
    const { code, output } = await runs.newRequiredParameter;
    expect(code).toBe(1);
    expect(output).toMatch(/GET \/users .*Required `role` query parameter was added/);
  });

  test("catches a removed response property", async () => {
    const { code, output } = await runs.removedResponseProperty;
    expect(code).toBe(1);
    expect(output).toMatch(/Property `link` of `User` was removed/);
  });

  test("catches a narrowed enum", async () => {
    const { code, output } = await runs.narrowedEnum;
    expect(code).toBe(1);
    expect(output).toMatch(/Enum lost values: 'offline'/);
  });

  test("lets an added optional field pass", async () => {
    const { code, output } = await runs.addedOptionalField;
    expect(output).toMatch(/^Breaking-change check: none/);
    expect(code).toBe(0);
  });

  test("tells how to fix a failure: the version to bump to", async () => {
    expect((await runs.narrowedEnum).output).toMatch(/bump package.json's version to 0\.2\.0 or later \(it is 0\.1\.0\)/);
  });

  test("accepts a breaking change announced by a breaking bump: the minor below 1.0.0, the major from 1.0.0", async () => {
    expect(await runs.minorBumpBelowOne).toEqual({ code: 0, output: expect.stringMatching(/announced by version 0\.1\.0 -> 0\.2\.0/) });
    expect(await runs.majorBumpFromOne).toEqual({ code: 0, output: expect.stringMatching(/announced by version 1\.4\.2 -> 2\.0\.0/) });
  });

  test("rejects a bump that does not announce a breaking change", async () => {
    expect((await runs.patchBumpBelowOne).code).toBe(1);
    expect((await runs.minorBumpFromOne).code).toBe(1);
  });

  test("runs in npm test before the Jest suites, against the baseline of the package's last release", () => {
    const testScript = readFileSync(join(root, "scripts", "test.sh"), "utf8");
    expect(testScript.indexOf("scripts/check-breaking.mjs")).toBeGreaterThan(-1);
    expect(testScript.indexOf("scripts/check-breaking.mjs")).toBeLessThan(testScript.indexOf("jest"));
    const baselineSpec = JSON.parse(readFileSync(baseline, "utf8"));
    expect(baselineSpec.info.version).toBe("3.0");
    expect(releasedVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test("reads both versions from their files and keeps passing across a version bump", async () => {
    expect(await runs.patchBumpBeforeRelease).toEqual({
      code: 0,
      output: expect.stringContaining(`(release ${releasedVersion}, package ${patchBump})`),
    });
    // At release the baseline is refreshed and release.json names the new version.
    expect(await runs.afterRelease).toEqual({
      code: 0,
      output: expect.stringContaining(`(release ${breakingBump}, package ${breakingBump})`),
    });
  });

  test("after a bump, names the version package.json has and the one a breaking change needs", async () => {
    const { code, output } = await runs.breakingAfterPatchBump;
    expect(code).toBe(1);
    expect(output).toContain(`bump package.json's version to ${breakingBump} or later (it is ${patchBump})`);
  });

  test("refuses a package version older than the last release", async () => {
    const { code, output } = await runs.packageOlderThanRelease;
    expect(code).toBe(1);
    expect(output).toContain(`package.json's version ${packageVersion} is older than the last release ${breakingBump}`);
  });

  test("runs Redocly once for a pair of documents it has met, and not at all for a document against itself", async () => {
    // A copy of the gate whose Redocly is a stand-in that counts its runs and reports one minor change.
    const copy = mkdtempSync(join(tmpdir(), "breaking-gate-kept-"));
    try {
      mkdirSync(join(copy, "scripts"));
      for (const file of ["check-breaking.mjs", "check-breaking.redocly.yaml"])
        copyFileSync(join(root, "scripts", file), join(copy, "scripts", file));
      mkdirSync(join(copy, "node_modules", "@redocly", "cli"), { recursive: true });
      writeFileSync(join(copy, "node_modules", "@redocly", "cli", "package.json"), JSON.stringify({ version: "0.0.0-stand-in" }));
      mkdirSync(join(copy, "node_modules", ".bin"));
      const report = { changes: [], summary: { major: 0, minor: 1, patch: 0 } };
      const runsFile = join(copy, "redocly-runs");
      writeFileSync(
        join(copy, "node_modules", ".bin", "redocly"),
        `#!/usr/bin/env node
require("node:fs").appendFileSync(${JSON.stringify(runsFile)}, "run\\n");
console.log(${JSON.stringify(JSON.stringify(report))});
`,
        { mode: 0o755 },
      );
      const run = (baseFile: string, revisionFile: string) =>
        new Promise<Outcome>((done) =>
          execFile(
            process.execPath,
            [
              join(copy, "scripts", "check-breaking.mjs"),
              "--base",
              baseFile,
              "--revision",
              revisionFile,
              "--version",
              "0.1.0",
              "--released",
              "0.1.0",
            ],
            (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
          ),
        );
      const runs = () => readFileSync(runsFile, "utf8").split("\n").filter(Boolean).length;
      const first = await run(fixture("base"), fixture("added-optional-field"));
      expect(first).toEqual({ code: 0, output: expect.stringContaining("; 1 minor, 0 patch.") });
      expect(await run(fixture("base"), fixture("added-optional-field"))).toEqual(first);
      expect(runs()).toBe(1);
      expect(await run(fixture("base"), fixture("new-required-parameter"))).toEqual({
        code: 0,
        output: expect.stringContaining("1 minor"),
      });
      expect(runs()).toBe(2);
      expect(await run(fixture("base"), fixture("base"))).toEqual({ code: 0, output: expect.stringContaining("; 0 minor, 0 patch.") });
      expect(runs()).toBe(2);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
