// The chat-rest-fake command: declared, executable, and strict about its options. Serving a flow
// from the installed package is tested in tests/package (it needs the built dist/).
import { execFile } from "node:child_process";
import { accessSync, constants, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const bin = join(root, "bin", "chat-rest-fake.js");

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

test("is declared in package.json beside chat-rest-mock, chat-rest-mcp and chat-rest, and executable", () => {
  expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin).toEqual({
    "chat-rest-mock": "bin/chat-rest-mock.js",
    "chat-rest-fake": "bin/chat-rest-fake.js",
    "chat-rest-mcp": "bin/chat-rest-mcp.js",
    "chat-rest": "bin/chat-rest.js",
  });
  expect(readFileSync(bin, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
});

test("--help prints the usage and exits 0; an unknown option or a bad port exits 2 naming it", async () => {
  expect(await run(["--help"])).toEqual({ code: 0, output: expect.stringContaining("Usage: chat-rest-fake [--port <n>] [--host <h>]") });
  expect((await run(["--help"])).output).toContain("chat-rest-fake verify <recording.ndjson> [--allow <allow.json>] [--json]");
  expect(await run(["--bogus"])).toEqual({ code: 2, output: expect.stringContaining("unknown option --bogus") });
  expect(await run(["--port", "70000"])).toEqual({ code: 2, output: expect.stringContaining("--port must be an integer from 0 to 65535") });
  expect(await run(["--max-items", "0"])).toEqual({ code: 2, output: expect.stringContaining("--max-items must be a positive integer") });
});

test('--rate-limits takes "service" or a JSON object; anything else exits 2 naming it', async () => {
  expect((await run(["--help"])).output).toContain("--rate-limits <limits>");
  for (const bad of ["services", "[1]", "null", "{limit: 5}"])
    expect(await run(["--rate-limits", bad])).toEqual({ code: 2, output: expect.stringContaining("--rate-limits: ") });
  expect(await run(["--rate-limits"])).toEqual({ code: 2, output: expect.stringContaining("--rate-limits needs a value") });
});

test("--state names a file it cannot read, or one that is not JSON, and exits 2", async () => {
  const notJson = join(tmpdir(), `chat-rest-fake-state-${process.pid}.json`);
  writeFileSync(notJson, "users: []");
  try {
    expect(await run(["--state", join(tmpdir(), "no-such-state.json")])).toEqual({
      code: 2,
      output: expect.stringContaining("--state: cannot read"),
    });
    expect(await run(["--state", notJson])).toEqual({ code: 2, output: expect.stringContaining(`--state: ${notJson} is not JSON`) });
  } finally {
    rmSync(notJson, { force: true });
  }
});

test("--app takes an app id and optionally its region, once per app; a malformed one exits 2 naming it", async () => {
  expect((await run(["--help"])).output).toContain("--app <id>[@<region>]");
  for (const bad of ["@eu", "shop@", "shop@eu@us"])
    expect(await run(["--app", bad])).toEqual({ code: 2, output: expect.stringContaining("--app takes an app id") });
});
