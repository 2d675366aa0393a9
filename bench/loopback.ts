import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export interface ServerStats {
  /** Connections open right now. */
  open: number;
  /** Most connections open at once since the last reset. */
  peak: number;
  /** Connections accepted since the last reset. */
  connections: number;
  requests: number;
  cpu: NodeJS.CpuUsage;
}

export interface Loopback {
  url: string;
  stats(): Promise<ServerStats>;
  reset(): Promise<void>;
  /** Closes every idle connection from the server's side; resolves with how many are still open. */
  closeIdle(): Promise<number>;
  close(): Promise<void>;
}

/** Starts bench/server.ts (built by scripts/bench.sh) in its own process, on 127.0.0.1; each answer waits `delayMs`. */
export async function startLoopback(delayMs = 0): Promise<Loopback> {
  const child: ChildProcess = fork(join(process.cwd(), "bench/.out/server.mjs"), delayMs ? ["--delay-ms", String(delayMs)] : [], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (type: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) while waiting for ${type}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const { url } = await next("listening");
  const ask = <T>(type: string): Promise<T> => {
    const answer = next(type);
    child.send({ type });
    return answer;
  };
  return {
    url,
    stats: () => ask<ServerStats>("stats"),
    reset: async () => void (await ask("reset")),
    closeIdle: async () => (await ask<{ open: number }>("close-idle")).open,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send({ type: "close" });
        setTimeout(() => child.kill(), 2_000).unref();
      }),
  };
}
