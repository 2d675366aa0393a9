// The webhook handler served by Bun (`Bun.serve({ fetch })`) and Deno (`Deno.serve`) as they are,
// each from npm through npx (pinned as in runtimes.ts): deliveries reach the handler once with
// memoryWebhookDedupe, a wrong password gets 401 and an oversized body 413 with no handler run.
// The entry point is bundled with esbuild, as a user's bundler would, into one ES module.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { deliverWebhook, webhookEvents } from "../../src/testing/index";
import { RUNTIMES } from "./runtimes";

jest.setTimeout(180_000);

const credentials = { username: "hook", password: "s3cret" };
const dir = mkdtempSync(join(tmpdir(), "webhook-runtimes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await build({
    entryPoints: [join(__dirname, "..", "..", "src", "webhooks", "index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: join(dir, "webhooks.mjs"),
    logLevel: "silent",
  });
});

// The receiver prints its port once listening, then one line per handled event.
const handler = `import { createWebhookHandler, memoryWebhookDedupe } from "./webhooks.mjs";
export const handler = createWebhookHandler({
  username: "hook", password: "s3cret", maxBodyBytes: 65536, dedupe: memoryWebhookDedupe(),
  on: { message_sent: (event) => console.log("handled " + event.data.message.id) },
});
`;
const programs = {
  bun: `${handler}const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handler });
console.log("port " + server.port);
`,
  deno: `${handler}Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log("port " + port) }, handler);
`,
};

// Bun and Deno come from the registry through npx, so this runs in `npm run test:runtimes`
// (which sets WEBHOOK_RUNTIMES=1), not in `npm test`, whose tests need no network.
const inRuntimes = process.env.WEBHOOK_RUNTIMES === "1" ? describe.each : describe.skip.each;
inRuntimes(Object.keys(programs) as (keyof typeof programs)[])("%s (skipped outside npm run test:runtimes, which fetches it)", (name) => {
  const runtime = RUNTIMES.find((r) => r.name === name)!;
  let child: ChildProcess;
  let output = "";
  let url = "";
  beforeAll(async () => {
    const file = join(dir, `${name}-receiver.mjs`);
    writeFileSync(file, programs[name]);
    const [command, ...args] = runtime.command(file, []);
    // Its own process group: npx starts the runtime as a child, and both must stop at the end.
    child = spawn(command!, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk;
        const port = /port (\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}/webhooks/chat`);
      });
      child.once("exit", (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
    });
  });
  afterAll(() => {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    child.stdout!.destroy();
    child.stderr!.destroy();
  });

  test("a delivery is handled once, a repeat acknowledged; a wrong password gets 401 and an oversized body 413", async () => {
    const event = webhookEvents.message_sent;
    expect((await deliverWebhook(url, event, credentials)).status).toBe(200);
    expect((await deliverWebhook(url, event, credentials)).status).toBe(200);
    expect((await deliverWebhook(url, event, { ...credentials, password: "wrong" })).status).toBe(401);
    const big = { ...event, padding: "x".repeat(100 * 1024) };
    expect((await deliverWebhook(url, big, credentials)).status).toBe(413);
    expect(output.match(/handled /g)).toHaveLength(1);
  });
});
