// Unit tests start no Prism: the shared mock is the contract project's global setup, and no
// test of the unit project calls a mock.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import config from "../../../jest.config";

const root = join(__dirname, "..", "..", "..");
const run = promisify(execFile);
const USES_A_MOCK = /harness\/mock-context|harness\/mock"|startMockServer\(|startProxy\(|CHAT_MOCK_URL/;
// The package test starts a mock of its own through the packed tarball: the packed mock is what it tests.
const OWN_MOCK = [join(root, "tests", "package", "packed-package.test.ts")];
const usesAMock = (file: string) => file !== __filename && !OWN_MOCK.includes(file) && USES_A_MOCK.test(readFileSync(file, "utf8"));

async function testsOf(project: string): Promise<string[]> {
  const jest = join(root, "node_modules", ".bin", "jest");
  const { stdout } = await run(jest, ["--listTests", "--json", "--selectProjects", project], { cwd: root });
  return JSON.parse(stdout.slice(stdout.indexOf("["))) as string[];
}

describe("the Jest projects", () => {
  const projects = (config.projects ?? []) as { displayName: string; globalSetup?: string }[];

  test("only the contract project starts the shared Prism", () => {
    expect(projects.map((p) => [p.displayName, p.globalSetup !== undefined])).toEqual([
      ["unit", false],
      ["contract", true],
    ]);
  });

  test("no test of the unit project calls a mock, and the contract project has the tests that do", async () => {
    const [unit, contract] = await Promise.all([testsOf("unit"), testsOf("contract")]);
    expect(unit.filter(usesAMock)).toEqual([]);
    expect(contract.filter(usesAMock).length).toBeGreaterThan(3);
    expect(unit.filter((file) => contract.includes(file))).toEqual([]);
  });
});
