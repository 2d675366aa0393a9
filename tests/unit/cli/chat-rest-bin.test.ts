// The chat-rest bin as it ships (bin/chat-rest.js beside a dist/cli.cjs built from src/), in a
// process of its own, against the fake over HTTP: its exit codes and messages for command lines it
// cannot run, and Ctrl-C (SIGINT), which stops an import after the records in flight and leaves a
// checkpoint that --resume goes on from. tests/unit/helpers/import-kill-resume.test.ts kills it with SIGKILL.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";
import { buildCommand } from "../../harness/kill-and-resume";

const dir = join(process.cwd(), ".tmp", `chat-rest-bin-${process.pid}`);
let bin: string;
let fake: FakeServer;
let env: Record<string, string>;
beforeAll(async () => {
  bin = await buildCommand(dir);
  fake = await startFakeServer();
  env = { CHAT_APP_ID: fake.appId, CHAT_API_KEY: fake.apiKey, CHAT_BASE_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

/** Runs the bin with `args` and only `environment` of the credentials; `onStart` gets the child. */
function run(args: string[], environment: Record<string, string>, onStart?: (child: ReturnType<typeof spawn>) => void) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CHAT_")));
  const child = spawn(process.execPath, [bin, ...args], { env: { ...clean, ...environment }, stdio: ["ignore", "pipe", "pipe"] });
  onStart?.(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
}

test("a command line it cannot run exits 2 with what is wrong and the usage: an unknown subcommand, a missing file, no credentials", async () => {
  const input = join(dir, "one.ndjson");
  writeFileSync(input, '{"uid":"one","name":"One"}\n');
  const [unknown, missing, credentials] = await Promise.all([
    run(["frobnicate"], env),
    run(["import", "users", join(dir, "missing.ndjson")], env),
    run(["import", "users", input], { CHAT_API_KEY: "key" }),
  ]);
  expect(unknown).toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/^chat-rest: unknown command frobnicate\.\n\nUsage: chat-rest import/),
  });
  expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining("missing.ndjson does not exist.") });
  expect(credentials).toMatchObject({ code: 2, stderr: expect.stringMatching(/^chat-rest: CHAT_APP_ID is not set\./) });
  expect(fake.requests.list()).toEqual([]);
});

test("SIGINT stops an import after the records in flight, exits 130 with a checkpoint, and --resume creates the rest, each user once", async () => {
  const input = join(dir, "users.ndjson");
  const checkpoint = join(dir, "users.checkpoint.json");
  writeFileSync(input, Array.from({ length: 200 }, (_, i) => JSON.stringify({ uid: `u-${i}`, name: `User ${i}` })).join("\n"));
  let interrupt = () => {};
  // Each create is held 20 ms, so records are in flight when the 40th arrives and Ctrl-C is pressed.
  let creates = 0;
  fake.faults.add({
    operationId: "create-user",
    kind: "latency",
    ms: 20,
    where: () => {
      if (++creates === 40) interrupt();
      return true;
    },
  });
  const args = ["import", "users", input, "--checkpoint", checkpoint, "--concurrency", "8"];
  const stopped = await run(args, env, (child) => (interrupt = () => void child.kill("SIGINT")));
  expect(stopped).toMatchObject({ code: 130, stderr: expect.stringContaining("stopping after the records in flight") });
  const saved = JSON.parse(readFileSync(checkpoint, "utf8")).checkpoint;
  // The records in flight finished before the checkpoint: none is pending, and each taken is stored.
  expect(saved).toMatchObject({ complete: false, counts: { created: saved.next, failed: 0 } });
  expect(saved.pending).toBeUndefined();
  expect(saved.next).toBeGreaterThanOrEqual(40);
  expect(saved.next).toBeLessThan(200);
  expect(fake.state.users.size).toBe(saved.next);
  const resumed = await run([...args, "--resume", checkpoint], env);
  expect(resumed.code).toBe(0);
  expect(JSON.parse(resumed.stdout)).toMatchObject({ created: 200, existing: 0, failed: 0, stopped: false });
  expect(fake.state.users.size).toBe(200);
  expect(fake.requests.list({ operationId: "create-user" })).toHaveLength(200);
});
