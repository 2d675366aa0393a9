// The webhook handler served by Bun (`Bun.serve({ fetch })`) and Deno (`Deno.serve`) as they are,
// each from npm through npx (pinned as in runtimes.ts), and by Cloudflare's workerd as a Worker
// (`export default { fetch: handler }`), from the `workerd` devDependency: deliveries reach the
// handler once with memoryWebhookDedupe, a wrong password gets 401 and an oversized body 413 with no
// handler run. The entry point is bundled with esbuild, as a user's bundler would, into one ES module.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { deliverWebhook, webhookEvents } from "../../src/testing/index";
import { RUNTIMES } from "./runtimes";

// The `workerd` package's main export is the path of its platform's binary, which npm ci installed
// from @cloudflare/workerd-<platform>; its install script (denied in allowScripts) is not needed.
const workerd = require("workerd") as { default: string; compatibilityDate: string };

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
// workerd serves a config naming the Worker's modules and a socket on a free port, which it reports
// as JSON on its control descriptor (fd 3): `{"event":"listen","socket":"http","port":N}`.
const workerdConfig = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = (
    modules = [
      (name = "worker.mjs", esModule = embed "workerd-receiver.mjs"),
      (name = "webhooks.mjs", esModule = embed "webhooks.mjs"),
    ],
    compatibilityDate = "${workerd.compatibilityDate}",
  ))],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
`;

/** A receiver: the files it needs in `dir`, and the command that serves it. */
interface Receiver {
  files: Record<string, string>;
  command: string[];
}
const receivers: Record<"bun" | "deno" | "workerd", () => Receiver> = {
  bun: () => ({
    files: {
      "bun-receiver.mjs": `${handler}const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handler });
console.log("port " + server.port);
`,
    },
    command: RUNTIMES.find((r) => r.name === "bun")!.command(join(dir, "bun-receiver.mjs"), []),
  }),
  deno: () => ({
    files: {
      "deno-receiver.mjs": `${handler}Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log("port " + port) }, handler);
`,
    },
    command: RUNTIMES.find((r) => r.name === "deno")!.command(join(dir, "deno-receiver.mjs"), []),
  }),
  // --verbose prints the Worker's console.log, which counts the handled events.
  workerd: () => ({
    files: { "workerd-receiver.mjs": `${handler}export default { fetch: handler };\n`, "workerd.capnp": workerdConfig },
    command: [workerd.default, "serve", join(dir, "workerd.capnp"), "--verbose", "--control-fd=3"],
  }),
};

// Bun and Deno come from the registry through npx, so they run in `npm run test:runtimes` (which
// sets WEBHOOK_RUNTIMES=1), not in `npm test`, whose tests need no network. workerd is installed by
// npm ci, so it runs in both.
const inRuntimes = process.env.WEBHOOK_RUNTIMES === "1" ? describe.each : describe.skip.each;
inRuntimes(["bun", "deno"] as const)("%s (skipped outside npm run test:runtimes, which fetches it)", (name) => served(name));
describe("workerd", () => served("workerd"));

function served(name: keyof typeof receivers): void {
  let child: ChildProcess;
  let output = "";
  let url = "";
  beforeAll(async () => {
    const receiver = receivers[name]();
    for (const [file, text] of Object.entries(receiver.files)) writeFileSync(join(dir, file), text);
    const [command, ...args] = receiver.command;
    // Its own process group: npx starts the runtime as a child, and both must stop at the end.
    child = spawn(command!, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe", "pipe"], detached: true });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    url = await new Promise<string>((resolve, reject) => {
      const listen = (chunk: Buffer) => {
        output += chunk;
        const port = /port"?:? ?(\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}/webhooks/chat`);
      };
      child.stdout!.on("data", listen);
      (child.stdio[3] as NodeJS.ReadableStream).on("data", listen);
      child.once("exit", (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
    });
  });
  afterAll(() => {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    for (const stream of child.stdio) stream?.destroy();
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
}
