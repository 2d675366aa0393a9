// The repository's commands, run as a contributor runs them, say what they did or what to fix.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "../../generated/manifest";

const root = join(__dirname, "..", "..");

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(command, args, { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(["test-docs.sh", "test-runtimes.sh"])("scripts/%s without Chromium", (script) => {
  test("stops at once and says what to install or set", async () => {
    const { code, stdout, stderr } = await run(join(root, "scripts", script), [], { CHROMIUM_PATH: "/nonexistent/chromium" });
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr).toBe(
      "Chromium not found at /nonexistent/chromium. Install Debian's (`apt-get install chromium`), " +
        "or point CHROMIUM_PATH at a Chromium or Chrome executable, e.g. `CHROMIUM_PATH=/usr/bin/google-chrome npm run test:docs`.\n",
    );
  });
});

describe("the table of operations (scripts/write-operations-page.mjs)", () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), "chat-rest-sdk-operations-"));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  test("writes the page that docs/operations.md holds, and says what it wrote", async () => {
    const page = join(work, "operations.md");
    const { code, stdout } = await run("node", ["scripts/write-operations-page.mjs", "generated/openapi.json", page]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^${page}: ${operations.length} operations in \\d+ tags\\.\n$`));
    expect(readFileSync(page, "utf8")).toBe(readFileSync(join(root, "docs", "operations.md"), "utf8"));
  });

  test("lists every operation with the onBehalfOf use that the runtime manifest derives, and no tag without operations", () => {
    const page = readFileSync(join(root, "docs", "operations.md"), "utf8");
    const rows = page
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| tag |"))
      .map((row) => row.split("|").map((cell) => cell.trim()));
    const listed = rows.map(([, , operation, operationId, , onBehalfOf]) => `${operation} ${operationId} ${onBehalfOf}`);
    const expected = operations.map((op) => `\`${op.method} ${op.path}\` \`${op.operationId}\` ${op.onBehalfOf}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(listed).toContain("`POST /messages/{id}/thread` `send-thread-message` required");

    const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8"));
    const tagged = new Set(
      Object.values(spec.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((item) =>
        Object.values(item).flatMap((op) => op.tags ?? []),
      ),
    );
    expect(new Set(rows.map(([, tag]) => tag))).toEqual(tagged);
  });

  test("names its arguments when one is missing", async () => {
    const { code, stderr } = await run("node", ["scripts/write-operations-page.mjs", "generated/openapi.json"]);
    expect(code).toBe(1);
    expect(stderr).toContain("usage: node scripts/write-operations-page.mjs <bundled spec> <page>");
  });
});
