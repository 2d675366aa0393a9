// The breaking-change gate (scripts/check-breaking.mjs) on fixture pairs. Each
// revision in tests/fixtures/breaking/ changes base.json in one way.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
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

// Each run starts redocly (about half a second): start them all at once.
const runs = {
  newRequiredParameter: gate("new-required-parameter"),
  removedResponseProperty: gate("removed-response-property"),
  narrowedEnum: gate("narrowed-enum"),
  addedOptionalField: gate("added-optional-field"),
  minorBumpBelowOne: gate("narrowed-enum", "0.2.0"),
  patchBumpBelowOne: gate("narrowed-enum", "0.1.1"),
  majorBumpFromOne: gate("narrowed-enum", "2.0.0", "1.4.2"),
  minorBumpFromOne: gate("narrowed-enum", "1.5.0", "1.4.2"),
};

// Eight redocly runs share two cores: allow for a busy machine (this bounds a hang, it is not a timing assertion).
jest.setTimeout(30_000);

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

  test("runs in npm test before the Jest suites, against the baseline of release 0.1.0", () => {
    const testScript = readFileSync(join(root, "scripts", "test.sh"), "utf8");
    expect(testScript.indexOf("scripts/check-breaking.mjs")).toBeGreaterThan(-1);
    expect(testScript.indexOf("scripts/check-breaking.mjs")).toBeLessThan(testScript.indexOf("jest"));
    const baseline = JSON.parse(readFileSync(join(root, "openapi", "baseline", "openapi.json"), "utf8"));
    expect(baseline.info.version).toBe("3.0");
    expect(JSON.parse(readFileSync(join(root, "openapi", "baseline", "release.json"), "utf8")).version).toBe("0.1.0");
  });
});
