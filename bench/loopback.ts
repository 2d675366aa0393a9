// A loopback keep-alive HTTP server that answers like the service, in a process of its own so
// that it does not share the measured client's CPU. It counts connections, so the load section
// can report the peak of open sockets from the server's side. Sections call startLoopback(),
// which forks this file's build (bench/.out/loopback.mjs) with --serve.
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { threadReply, usersPage } from "./fixtures.js";

export interface ServerStats {
  /** Most connections open at once, and connections accepted, since the last reset. */
  peak: number;
  connections: number;
  requests: number;
}

/**
 * Starts the server on 127.0.0.1; each answer waits `delayMs`, like a service across a network.
 * `closeIdle` closes every idle connection from the server's side and resolves with how many are still open.
 */
export async function startLoopback(delayMs = 0) {
  const child = fork(join(process.cwd(), "bench/.out/loopback.mjs"), ["--serve", String(delayMs)], { execArgv: [] });
  const ask = <T>(type: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) while waiting for ${type}`));
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage).off("exit", onExit);
        resolve(m as T);
      };
      child.on("message", onMessage).once("exit", onExit);
      if (type !== "listening") child.send({ type });
    });
  const { url } = await ask<{ url: string }>("listening");
  return {
    url,
    stats: () => ask<ServerStats>("stats"),
    reset: () => ask("reset"),
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

function serve(delayMs: number): void {
  const bodies = [threadReply, usersPage].map((body) => Buffer.from(JSON.stringify(body)));
  const notFound = Buffer.from(JSON.stringify({ error: { code: "ERR_NOT_FOUND", message: "no such route" } }));
  const headers = (body: Buffer) => ({
    "content-type": "application/json; charset=utf-8",
    "content-length": String(body.length),
    "x-rate-limit": "20000",
    "x-rate-limit-remaining": "19873",
    "x-request-id": "bench",
  });
  const stats = { open: 0, peak: 0, connections: 0, requests: 0 };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    stats.requests++;
    const isThread = req.method === "POST" && /^\/messages\/[^/]+\/thread$/.test(req.url!);
    const body = isThread ? bodies[0]! : req.method === "GET" && req.url!.startsWith("/users") ? bodies[1]! : notFound;
    const answer = () => res.writeHead(body === notFound ? 404 : 200, headers(body)).end(body);
    // Drain the request body before answering, as a real service would.
    req.resume().on("end", () => (delayMs && body !== notFound ? setTimeout(answer, delayMs) : answer()));
  });
  server.on("connection", (socket) => {
    stats.connections++;
    stats.peak = Math.max(stats.peak, ++stats.open);
    socket.on("close", () => stats.open--);
  });
  server.maxRequestsPerSocket = 0;
  server.headersTimeout = server.requestTimeout = 120_000;
  // A deep accept queue, so that a burst of 2 000 connections is not dropped and retried by the kernel.
  server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () =>
    process.send!({ type: "listening", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
  );
  process.on("disconnect", () => process.exit(0));
  process.on("message", ({ type }: { type: string }) => {
    if (type === "stats") process.send!({ type, ...stats });
    if (type === "reset") process.send!({ type, ...Object.assign(stats, { peak: stats.open, connections: 0, requests: 0 }) });
    if (type === "close") server.close(() => process.exit(0));
    if (type !== "close-idle") return;
    // Ends every idle keep-alive connection, then answers once all are gone (or after 5 s).
    server.closeIdleConnections();
    const until = Date.now() + 5_000;
    const poll = setInterval(() => {
      if (stats.open > 0 && Date.now() < until) return;
      clearInterval(poll);
      process.send!({ type, open: stats.open });
    }, 10);
  });
}

if (process.argv[2] === "--serve") serve(Number(process.argv[3]));
