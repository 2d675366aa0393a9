// The chat-rest command importing 10,000 users into the fake in another process, with answers lost
// after they were applied and connections reset before, killed with SIGKILL at 10 random moments
// and resumed each time from its checkpoint file: every user is created once and none is missing,
// each crash repeats at most one checkpoint interval (plus the records in flight), and the
// checkpoint stays under 1 KB. The fake's own counts (a latency rule of 0 ms that counts every
// create, and the fault rules' counts) tell the requests sent.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { connectFake } from "../../../src/testing/index";
import { type ChildServer, startServerInChild } from "../../harness/server-in-child";

const root = join(__dirname, "..", "..", "..");
const USERS = 10_000;
const KILLS = 10;
const EVERY = 200;
const CONCURRENCY = 16;

/** The chat-rest command as it ships (bin/chat-rest.js beside dist/cli.cjs), built from src/ into a scratch folder. */
async function buildCommand(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, "src", "cli", "index.ts")],
    outfile: join(dir, "dist", "cli.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "es2022",
    alias: { "chat-rest-sdk": join(root, "src", "index.ts") },
    external: ["openapi-fetch"],
    logLevel: "silent",
  });
  mkdirSync(join(dir, "bin"));
  const bin = join(dir, "bin", "chat-rest.js");
  copyFileSync(join(root, "bin", "chat-rest.js"), bin);
  return bin;
}

let fake: ChildServer;
let dir: string;
beforeAll(async () => {
  dir = join(root, ".tmp", `chat-rest-kill-${process.pid}`);
  fake = await startServerInChild(
    "import-kill-resume-fake",
    `import { startFakeServer } from "./src/testing/index";
     startFakeServer({ maxItems: 50_000 }).then((fake) => {
       console.log(JSON.stringify({ url: fake.url, appId: fake.appId, apiKey: fake.apiKey, controlToken: fake.controlToken }));
       setInterval(() => {}, 1 << 30);
     });`,
  );
});
afterAll(async () => {
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function run(
  bin: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
  return { child, exited };
}

test("an import of 10,000 users killed 10 times and resumed from its checkpoint creates each user once, repeating at most one interval per crash", async () => {
  const bin = await buildCommand(dir);
  const { url, appId, apiKey, controlToken } = fake.info as { url: string; appId: string; apiKey: string; controlToken: string };
  const remote = await connectFake(url, controlToken);
  // Added first, it sees every create that reaches the faults, and holds none.
  const creates = await remote.faults.add({ operationId: "create-user", kind: "latency", ms: 0 });
  const drops = await remote.faults.add({ operationId: "create-user", kind: "apply-then-drop", probability: 0.01, seed: 63 });
  const resets = await remote.faults.add({ operationId: "create-user", kind: "reset-before", probability: 0.01, seed: 64 });

  const input = join(dir, "users.ndjson");
  const checkpoint = join(dir, "users.checkpoint.json");
  writeFileSync(input, Array.from({ length: USERS }, (_, i) => JSON.stringify({ uid: `user-${i}`, name: `User ${i}` })).join("\n"));
  const env = { CHAT_APP_ID: appId, CHAT_API_KEY: apiKey, CHAT_BASE_URL: url };
  const args = ["import", "users", input, "--checkpoint", checkpoint, "--every", String(EVERY), "--concurrency", String(CONCURRENCY)];
  const common = ["--rate-limits", "off", "--max-retries", "6"];

  const sizes: number[] = [];
  let kills = 0;
  let last = -1;
  while (kills < KILLS) {
    const resume = existsSync(checkpoint) ? ["--resume", checkpoint] : [];
    const { child, exited } = run(bin, [...args, ...resume, ...common], env);
    // A random moment of the run: after it started and made some progress, well before it could end.
    await new Promise((wake) => setTimeout(wake, 600 + Math.random() * 1200));
    child.kill("SIGKILL");
    await exited;
    kills++;
    if (existsSync(checkpoint)) {
      const text = readFileSync(checkpoint, "utf8");
      sizes.push(Buffer.byteLength(JSON.stringify(JSON.parse(text).checkpoint)), Buffer.byteLength(text));
      last = JSON.parse(text).checkpoint.next;
    }
  }
  expect(last).toBeLessThan(USERS);
  expect(last).toBeGreaterThan(0);
  const { exited } = run(bin, [...args, "--resume", checkpoint, ...common], env);
  const ended = await exited;
  expect([ended.code, ended.code === 0 ? "" : ended.stderr]).toEqual([0, ""]);

  const final = JSON.parse(readFileSync(checkpoint, "utf8")).checkpoint;
  expect(final).toMatchObject({ next: USERS, complete: true, counts: { failed: 0 } });
  const users = await fetch(`${url}/users?perPage=1&withDeactivated=true`, { headers: { apikey: apiKey, host: new URL(url).host } });
  expect(((await users.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total).toBe(USERS);
  // Every user once: a create of a UID taken answers 409, so the count is of distinct users; none missing:
  expect(final.counts.created + final.counts.existing).toBe(USERS);
  // Sent beyond one create per user: one per fault (a reset is sent again; a lost answer is sent again and answers 409), and the crashes' repeats.
  const repeated = (await creates.fired()) - USERS - (await drops.fired()) - (await resets.fired());
  expect(repeated).toBeLessThanOrEqual(KILLS * (EVERY + CONCURRENCY));
  for (const size of sizes) expect(size).toBeLessThanOrEqual(1024);
}, 120_000);
