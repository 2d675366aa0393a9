// The Jest globalSetup example runs as a user would run it: one fake started in globalSetup, two
// test files in worker processes driving it through connectFake, and globalTeardown seeing both.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";

const root = join(__dirname, "..", "..");
const example = join(root, "examples", "jest-global-fake");

test("globalSetup starts one fake, both worker files drive it through connectFake, and globalTeardown sees their work", async () => {
  // Jest loads globalSetup without moduleNameMapper: bundled here with the examples' paths, as scripts/example.sh does.
  const out = join(root, ".tmp", "examples");
  mkdirSync(out, { recursive: true });
  const bundle = (name: string) => {
    const outfile = join(out, `jest-global-fake-${name}.cjs`);
    buildSync({
      entryPoints: [join(example, `${name}.ts`)],
      bundle: true,
      platform: "node",
      format: "cjs",
      packages: "external",
      tsconfig: join(root, "examples", "tsconfig.json"),
      outfile,
      logLevel: "warning",
    });
    return outfile;
  };
  const cache = mkdtempSync(join(tmpdir(), "jest-global-fake-"));
  try {
    const args = [
      join(root, "node_modules", "jest", "bin", "jest.js"),
      ["--config", join(example, "jest.config.ts")],
      ["--globalSetup", bundle("global-setup"), "--globalTeardown", bundle("global-teardown")],
      // No timings in a fresh cache: Jest then runs the two files in two workers, not in band.
      ["--cacheDirectory", cache, "--maxWorkers", "2", "--ci"],
    ].flat();
    const { code, output } = await new Promise<{ code: number; output: string }>((done) =>
      execFile(process.execPath, args, { cwd: root, timeout: 180_000 }, (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      ),
    );
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("Tests:       3 passed, 3 total") });
    expect(output).toContain("PASS examples/jest-global-fake/users.test.ts");
    expect(output).toContain("PASS examples/jest-global-fake/messages.test.ts");
    expect(output).toContain("globalTeardown: the one fake kept 1 user(s) from users.test.ts and 2 message(s) from messages.test.ts.");
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}, 240_000);
