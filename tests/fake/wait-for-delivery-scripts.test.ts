// waitForDelivery outside Jest: in a plain ESM script, a CommonJS script and a `node --test` file,
// the wait keeps the process alive until it settles, and a wait that finds nothing rejects after
// its timeout with its message, instead of the process ending with the promise unsettled.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BuildOptions, build } from "esbuild";

const root = join(__dirname, "..", "..");

// The kit bundled as dist/ ships it (ESM with its __dirname shim, and CJS), in a directory under
// the repository so that it finds the spec and the fake's peers as the package does.
let dir: string;
beforeAll(async () => {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  dir = mkdtempSync(join(root, ".tmp", "wait-for-delivery-"));
  const shim =
    'import { fileURLToPath as __u } from "node:url"; import { dirname as __d } from "node:path"; const __dirname = __d(__u(import.meta.url));';
  const common: BuildOptions = {
    entryPoints: [join(root, "src", "testing", "index.ts")],
    bundle: true,
    platform: "node",
    packages: "external",
    logLevel: "warning",
  };
  await Promise.all([
    build({ ...common, format: "esm", outfile: join(dir, "testing.mjs"), banner: { js: shim } }),
    build({ ...common, format: "cjs", outfile: join(dir, "testing.cjs") }),
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    // The bound only catches a hang: each script ends on its own within its wait's timeout.
    execFile(process.execPath, args, { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const EXPECTED = "waitForDelivery: no delivery of message_sent within 300 ms. Nothing was delivered";

/** The body of a script: waits for a delivery that never comes, without closing the fake. */
const waitBody = `
const fake = await startFakeServer();
await fake.waitForDelivery({ trigger: "message_sent" }, { timeoutMs: 300 }).then(
  () => console.log("resolved"),
  (error) => console.log("rejected: " + error.message),
);`;

test("in a plain ESM script, a wait that finds nothing rejects with its message and the script exits 0", async () => {
  writeFileSync(join(dir, "wait.mjs"), `import { startFakeServer } from "./testing.mjs";\n${waitBody}\n`);
  const { code, output } = await run([join(dir, "wait.mjs")]);
  expect(output).toContain(`rejected: ${EXPECTED}`);
  expect(code).toBe(0);
});

test("in a CommonJS script, the wait settles before the process exits", async () => {
  writeFileSync(
    join(dir, "wait.cjs"),
    `const { startFakeServer } = require("./testing.cjs");\n(async () => {${waitBody}\n})().finally(() => console.log("settled"));\n`,
  );
  const { code, output } = await run([join(dir, "wait.cjs")]);
  expect(output).toContain(`rejected: ${EXPECTED}`);
  expect(output).toContain("settled");
  expect(code).toBe(0);
});

test("under node --test, a test awaiting the wait passes instead of ending with the promise pending", async () => {
  writeFileSync(
    join(dir, "wait.test.mjs"),
    `import { test } from "node:test";
import assert from "node:assert/strict";
import { startFakeServer } from "./testing.mjs";
test("waits for a delivery that never comes", async () => {
  const fake = await startFakeServer();
  await assert.rejects(fake.waitForDelivery({ trigger: "message_sent" }, { timeoutMs: 300 }), { message: /${EXPECTED}/ });
});
`,
  );
  const { code, output } = await run(["--test", "--test-reporter=tap", join(dir, "wait.test.mjs")]);
  expect(output).toMatch(/^# pass 1$/m);
  expect(output).toMatch(/^# fail 0$/m);
  expect(output).not.toContain("still pending");
  expect(code).toBe(0);
});
