import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { bundleForChild } from "./bundle-for-child";

const root = join(__dirname, "..", "..");

/** A server running in a child process, so that a test can show no request ends it. */
export interface ChildServer {
  /** What the child printed on its first line: at least `url`. */
  info: { url: string; port: number } & Record<string, unknown>;
  /** Whether the child is still running. */
  alive(): boolean;
  /** What the child wrote to stderr so far (an uncaught error's stack, say). */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Bundles `source` (TypeScript, importing from the repository root as `./src/...`) with esbuild
 * and runs it under Node in a child process. The source must print one line of JSON with the
 * server's `url` once it listens. `name` names the bundle in `.tmp/`: one per test file.
 */
export async function startServerInChild(name: string, source: string): Promise<ChildServer> {
  const file = bundleForChild(name, { source });
  const child: ChildProcess = spawn(process.execPath, [file], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const info = await new Promise<ChildServer["info"]>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) {
        const parsed = JSON.parse(out.slice(0, out.indexOf("\n")));
        resolve({ ...parsed, port: Number(new URL(parsed.url).port) });
      }
    });
    child.once("exit", (code) => reject(new Error(`the child exited (${code}) before it listened: ${stderr}`)));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    info,
    alive,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!alive()) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** How one raw exchange went: the answer's status (undefined when none came) and its whole text. */
export interface RawAnswer {
  status: number | undefined;
  text: string;
}

/**
 * Writes `parts` to a fresh TCP connection, waiting `pauseMs` between them, and collects what
 * comes back until the server closes the connection or `waitMs` passes. With `cut`, the
 * connection is destroyed right after the last part, as a client that goes away mid-body.
 */
export function rawExchange(
  port: number,
  parts: (string | Buffer)[],
  { pauseMs = 0, waitMs = 2_000, cut = false }: { pauseMs?: number; waitMs?: number; cut?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? undefined : Number(status), text });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.on("connect", async () => {
      for (const [index, part] of parts.entries()) {
        if (socket.destroyed) return;
        if (index > 0 && pauseMs > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
        // Once the last part is flushed, a cut drops the connection with the body unfinished.
        socket.write(part, () => {
          if (cut && index === parts.length - 1) finish();
        });
      }
    });
  });
}
