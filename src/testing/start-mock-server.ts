import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /**
   * Port to listen on. `0` picks a free port.
   * @default 0
   * @example 4010
   */
  port?: number;
  /**
   * Interface to listen on. Keep it on loopback unless other machines must reach the mock.
   * @default "127.0.0.1"
   * @example "0.0.0.0"
   */
  host?: string;
  /**
   * Turn request and response violations into error responses (Prism's `--errors`), so that a
   * call the spec does not allow fails loudly instead of getting a best-effort answer.
   * @default true
   * @example false
   */
  errors?: boolean;
  /**
   * The OpenAPI document to mock.
   * @default the spec bundled with this package
   * @example "./openapi.json"
   */
  spec?: string;
  /**
   * How long to wait for the mock to listen before giving up, in milliseconds.
   * @default 30000
   * @example 60000
   */
  startTimeoutMs?: number;
}

/** A running mock. */
export interface MockServer {
  /** Base URL to pass as `baseUrl` to a client, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the mock and waits for it to exit. */
  close(): Promise<void>;
}

// Walks up to this package's own package.json, so the kit finds its spec from src/, a build or a bundle.
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "chat-rest-sdk") return dir;
    if (dirname(dir) === dir) throw new Error(`chat-rest-sdk: cannot find the package root above ${from}.`);
  }
}

const packageRoot = findPackageRoot(__dirname);

function freePort(host: string): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function prismBin(): string {
  const require = createRequire(join(packageRoot, "package.json"));
  const manifest = require("@stoplight/prism-cli/package.json") as { bin: { prism: string } };
  return join(require.resolve("@stoplight/prism-cli/package.json"), "..", manifest.bin.prism);
}

/**
 * Starts a Prism mock of the Chat and Management APIs, answering from the spec's examples and
 * validating every request against it.
 *
 * @example
 * const mock = await startMockServer();
 * const chat = createChatClient({ appId: "demo", apiKey: "test", baseUrl: mock.url });
 * // ... exercise your code ...
 * await mock.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port || (await freePort(host));
  const spec = options.spec ?? join(packageRoot, "generated", "openapi.json");
  const args = [prismBin(), "mock", spec, "--host", host, "--port", String(port)];
  if (options.errors ?? true) args.push("--errors");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const exited = new Promise<void>((done) => child.once("exit", () => done()));

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Prism did not start within ${options.startTimeoutMs ?? 30000} ms:\n${log}`)), options.startTimeoutMs ?? 30000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Prism is listening on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        done(match[1]!.replace(/\/+$/, ""));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`Prism exited (code ${code}) before listening:\n${log}`));
    });
  }).catch((error) => {
    child.kill("SIGKILL");
    throw error;
  });
  // Keep draining output so a chatty mock never blocks on a full pipe.
  child.stdout.removeAllListeners("data").resume();
  child.stderr.removeAllListeners("data").resume();

  return {
    url,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
