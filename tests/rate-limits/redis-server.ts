// Starts Debian's redis-server on a free loopback port for one test file, with no persistence,
// and stops it. Where redis-server is missing, the tests that need it fail and say how to get it.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export interface RedisServer {
  url: string;
  port: number;
  /** Sends the process a signal: SIGSTOP leaves the port accepting connections that are never answered, until SIGCONT. */
  signal(signal: NodeJS.Signals): void;
  /** Stops the server (resuming it first, should it be stopped with SIGSTOP). */
  stop(): Promise<void>;
}

export const INSTALL_HINT = "redis-server is not installed: run `apt-get install -y redis-server` (the Debian package), as .ci/run does.";

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Starts redis-server on `port`, or on a free one. */
export async function startRedis(command = "redis-server", port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const child: ChildProcess = spawn(command, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(error.code === "ENOENT" ? new Error(INSTALL_HINT) : error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        ready();
      }
    });
  });
  child.removeAllListeners("exit");
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    signal: (signal) => child.kill(signal),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGCONT");
        child.kill("SIGTERM");
      }),
  };
}
