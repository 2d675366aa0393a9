// An import by the chat-rest command, killed with SIGKILL at random moments and resumed from its
// checkpoint file each time, against a fake in another process with lost answers and resets on its
// creates. The test runs it small; bench/import-resume.ts runs it at full size. The fake's own
// counts (a latency rule of 0 ms that counts every create, and the fault rules' counts) tell the
// requests sent.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, buildSync } from "esbuild";
import { connectFake } from "../../src/testing/index";

// The repository's root: Jest and the bench both run from it (the bench is an ES module, without __dirname).
const root = process.cwd();

/**
 * The fake, bundled from src/ and run in a child process with `options` (JSON values: `maxItems`,
 * `rateLimits`, ...); resolves with what it printed on its first line.
 */
export function startFakeInChild(dir: string, options: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "fake.cjs");
  buildSync({
    stdin: {
      contents: `import { startFakeServer } from "./src/testing/index";
        startFakeServer(${JSON.stringify(options)}).then((fake) => {
          console.log(JSON.stringify({ url: fake.url, appId: fake.appId, apiKey: fake.apiKey, controlToken: fake.controlToken }));
          setInterval(() => {}, 1 << 30);
        });`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile: file,
    logLevel: "silent",
  });
  const child = spawn(process.execPath, [file], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const info = new Promise<{ url: string; appId: string; apiKey: string; controlToken: string }>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
    });
    child.once("exit", (code) => reject(new Error(`the fake exited (${code}) before it listened`)));
  });
  return { info, stop: () => void child.kill("SIGKILL") };
}

/** The chat-rest command as it ships (bin/chat-rest.js beside dist/cli.cjs), built from src/ into `dir`. */
export async function buildCommand(dir: string): Promise<string> {
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

export interface KillAndResume {
  users: number;
  kills: number;
  every: number;
  concurrency: number;
  /**
   * The earliest and latest moment of a kill, counted in creates the run has sent: a moment drawn
   * in time would, on a busy machine, often fall before the command has even started.
   */
  killAfterCreates: [number, number];
  /** The fault rules' chance per create. */
  faultProbability: number;
}

export interface KillAndResumeResult {
  /** The last run's exit code, and its stderr when not 0. */
  code: number | null;
  stderr: string;
  /** The final checkpoint. */
  final: { next: number; complete: boolean; counts: Record<string, number> };
  /** Users the fake holds at the end. */
  stored: number;
  /** Creates sent beyond one per user and one per fault: the work the crashes repeated. */
  repeated: number;
  /** The largest checkpoint seen: of the job, and of the whole file. */
  largestCheckpoint: number;
  largestFile: number;
  /** Checkpoints seen after a kill, none before the first. */
  checkpointsSeen: number;
  seconds: number;
}

/** Runs the import `plan.kills` times to a random kill, then once to its end. */
export async function killAndResume(name: string, plan: KillAndResume): Promise<KillAndResumeResult> {
  const started = Date.now();
  const dir = join(root, ".tmp", `${name}-${process.pid}`);
  const bin = await buildCommand(dir);
  const fake = startFakeInChild(dir, { maxItems: plan.users * 2 + 1000 });
  try {
    const { url, appId, apiKey, controlToken } = await fake.info;
    const remote = await connectFake(url, controlToken);
    // Added first, it sees every create that reaches the faults, and holds none.
    const creates = await remote.faults.add({ operationId: "create-user", kind: "latency", ms: 0 });
    const drops = await remote.faults.add({
      operationId: "create-user",
      kind: "apply-then-drop",
      probability: plan.faultProbability,
      seed: 63,
    });
    const resets = await remote.faults.add({
      operationId: "create-user",
      kind: "reset-before",
      probability: plan.faultProbability,
      seed: 64,
    });

    const input = join(dir, "users.ndjson");
    const checkpoint = join(dir, "users.checkpoint.json");
    writeFileSync(input, Array.from({ length: plan.users }, (_, i) => JSON.stringify({ uid: `user-${i}`, name: `User ${i}` })).join("\n"));
    const env = { CHAT_APP_ID: appId, CHAT_API_KEY: apiKey, CHAT_BASE_URL: url };
    const args = [
      "import",
      "users",
      input,
      "--checkpoint",
      checkpoint,
      "--every",
      String(plan.every),
      "--concurrency",
      String(plan.concurrency),
    ];
    const common = ["--rate-limits", "off", "--max-retries", "6"];

    let largestCheckpoint = 0;
    let largestFile = 0;
    let checkpointsSeen = 0;
    for (let kill = 0; kill < plan.kills; kill++) {
      const resume = existsSync(checkpoint) ? ["--resume", checkpoint] : [];
      const sentBefore = await creates.fired();
      const { child, exited } = run(bin, [...args, ...resume, ...common], env);
      let done = false;
      void exited.then(() => (done = true));
      const [from, to] = plan.killAfterCreates;
      const at = sentBefore + from + Math.floor(Math.random() * (to - from + 1));
      while (!done && (await creates.fired()) < at) await new Promise((wake) => setTimeout(wake, 10));
      child.kill("SIGKILL");
      await exited;
      if (existsSync(checkpoint)) {
        const text = readFileSync(checkpoint, "utf8");
        largestCheckpoint = Math.max(largestCheckpoint, Buffer.byteLength(JSON.stringify(JSON.parse(text).checkpoint)));
        largestFile = Math.max(largestFile, Buffer.byteLength(text));
        checkpointsSeen++;
      }
    }
    const { exited } = run(bin, [...args, ...(existsSync(checkpoint) ? ["--resume", checkpoint] : []), ...common], env);
    const { code, stderr } = await exited;
    const final = JSON.parse(readFileSync(checkpoint, "utf8")).checkpoint;
    const listed = await fetch(`${url}/users?perPage=1&withDeactivated=true`, { headers: { apikey: apiKey } });
    const stored = ((await listed.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
    // Beyond one create per user: one per fault (a reset is sent again; a lost answer is sent again and answers 409), and the crashes' repeats.
    const repeated = (await creates.fired()) - plan.users - (await drops.fired()) - (await resets.fired());
    return {
      code,
      stderr: code === 0 ? "" : stderr,
      final,
      stored,
      repeated,
      largestCheckpoint,
      largestFile,
      checkpointsSeen,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
