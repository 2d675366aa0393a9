// The webhook handler served by Bun (`Bun.serve({ fetch })`) and Deno (`Deno.serve`) as they are,
// each from npm through npx (pinned as in runtimes.ts), by Cloudflare's workerd as a Worker
// (`export default { fetch: handler }`), from the `workerd` devDependency, and by Next.js as an app
// router's route (`export const POST = handler`), from the `next` devDependency: deliveries reach the
// handler once with memoryWebhookDedupe, a wrong password gets 401 and an oversized body 413 with no
// handler run. The entry point is bundled with esbuild, as a user's bundler would, into one ES module.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { deliverWebhook, webhookEvents } from "../../src/testing/index";
import { RUNTIMES } from "./runtimes";

// The `workerd` package's main export is the path of its platform's binary, which npm ci installed
// from @cloudflare/workerd-<platform>; its install script (denied in allowScripts) is not needed.
const workerd = require("workerd") as { default: string; compatibilityDate: string };

jest.setTimeout(180_000);

const credentials = { username: "hook", password: "s3cret" };
const dir = mkdtempSync(join(tmpdir(), "webhook-runtimes-"));
// The Next.js app sits inside the repository (in the ignored .tmp/), where it resolves `next` and
// React from node_modules as an app of its own would: Turbopack refuses a node_modules symlinked
// from outside the app's root.
const root = join(__dirname, "..", "..");
mkdirSync(join(root, ".tmp"), { recursive: true });
const nextApp = mkdtempSync(join(root, ".tmp", "webhook-next-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  // Next.js may still be writing its cache as it exits: retry a removal that meets a new file.
  rmSync(nextApp, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

beforeAll(async () => {
  await build({
    entryPoints: [join(root, "src", "webhooks", "index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: join(dir, "webhooks.mjs"),
    logLevel: "silent",
  });
});

// The receiver prints its port once listening, then one line per handled event.
const handlerFrom = (webhooks: string) => `import { createWebhookHandler, memoryWebhookDedupe } from "${webhooks}";
const handler = createWebhookHandler({
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

const handler = handlerFrom("./webhooks.mjs");

// Next.js's own network calls, which a server that must not reach out has to go without: the dev
// server's security-advisory check (`experimental.agentUpgrade`, on by default) is turned off in the
// config, telemetry by NEXT_TELEMETRY_DISABLED. Anything else that would reach past loopback (a
// download of SWC's WebAssembly build when the native binary does not load, a version check) is
// reported by this preload, from Node's diagnostics channels for fetch, HTTP requests and new
// sockets, and fails the test.
const outboundWatch = `const channel = require("node:diagnostics_channel");
const loopback = /^(127\\.|::1$|::ffff:127\\.|\\[::1\\]$|localhost$)/;
const report = (host) => {
  if (!loopback.test(host)) process.stderr.write("outbound connection to " + host + "\\n");
};
channel.subscribe("undici:client:beforeConnect", ({ connectParams }) => report(connectParams.hostname));
channel.subscribe("http.client.request.start", ({ request }) => report(request.host));
channel.subscribe("net.client.socket", ({ socket }) => {
  socket.once("lookup", (_error, _address, _family, host) => report(host));
  socket.once("connect", () => report(socket.remoteAddress));
});
`;
const nextVersion = (require("next/package.json") as { version: string }).version;

/** A receiver: the files it needs in its folder (`dir` unless it names one), and the command that serves it. */
interface Receiver {
  files: Record<string, string>;
  command: string[];
  dir?: string;
  env?: Record<string, string>;
}
const receivers: Record<"bun" | "deno" | "workerd" | "next", () => Receiver> = {
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
  // `next dev` on a free port, from node_modules; Turbopack, its default bundler, is part of the native
  // SWC binary that npm ci installed from @next/swc-<platform>. It prints `- Local: http://127.0.0.1:N`.
  next: () => ({
    dir: nextApp,
    files: {
      "package.json": `{ "private": true }\n`,
      "next.config.mjs": "export default { experimental: { agentUpgrade: false } };\n",
      "app/webhooks/chat/route.js": `${handlerFrom("../../../webhooks.mjs")}export const POST = handler;\n`,
      "outbound-watch.cjs": outboundWatch,
    },
    command: [process.execPath, require.resolve("next/dist/bin/next"), "dev", "--port", "0", "--hostname", "127.0.0.1"],
    env: { NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: `--require ${join(nextApp, "outbound-watch.cjs")}` },
  }),
};

// Bun and Deno come from the registry through npx, so they run in `npm run test:runtimes` (which
// sets WEBHOOK_RUNTIMES=1), not in `npm test`, whose tests need no network. workerd is installed by
// npm ci, and so is Next.js, so they run in both.
const inRuntimes = process.env.WEBHOOK_RUNTIMES === "1" ? describe.each : describe.skip.each;
inRuntimes(["bun", "deno"] as const)("%s (skipped outside npm run test:runtimes, which fetches it)", (name) => served(name));
describe("workerd", () => served("workerd"));
describe(`Next.js ${nextVersion} (app router, next dev)`, () => {
  served("next");
  test("runs on the native SWC binary from node_modules, and nothing leaves the machine", () => {
    expect(output).toContain(`Next.js ${nextVersion} (Turbopack)`);
    expect(output).not.toMatch(/outbound connection|wasm|Downloading/i);
  });
});

/** What the receiver served last printed, for checks beyond the deliveries. */
let output = "";

function served(name: keyof typeof receivers): void {
  let child: ChildProcess;
  let url = "";
  beforeAll(async () => {
    output = "";
    const receiver = receivers[name]();
    const cwd = receiver.dir ?? dir;
    if (cwd !== dir) copyFileSync(join(dir, "webhooks.mjs"), join(cwd, "webhooks.mjs"));
    for (const [file, text] of Object.entries(receiver.files)) {
      mkdirSync(dirname(join(cwd, file)), { recursive: true });
      writeFileSync(join(cwd, file), text);
    }
    const [command, ...args] = receiver.command;
    const env = { ...process.env, ...receiver.env };
    // Its own process group: npx starts the runtime as a child, and both must stop at the end.
    child = spawn(command!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe", "pipe"], detached: true });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    url = await new Promise<string>((resolve, reject) => {
      const listen = (chunk: Buffer) => {
        output += chunk;
        const port = /(?:port"?:? ?|http:\/\/127\.0\.0\.1:)(\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}/webhooks/chat`);
      };
      child.stdout!.on("data", listen);
      (child.stdio[3] as NodeJS.ReadableStream).on("data", listen);
      child.once("exit", (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
    });
  });
  afterAll(async () => {
    const exited = new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(null) : child.once("exit", done)));
    // The whole group: npx starts the runtime as a child. A group already gone is no error here.
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, name);
      } catch {}
    };
    signal("SIGTERM");
    // The folder it served from is removed after it: wait until it is gone (SIGKILL after 10 s).
    const kill = setTimeout(() => signal("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
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
