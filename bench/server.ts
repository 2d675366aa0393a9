// A loopback keep-alive HTTP server that answers like the service, run as a child process so
// that it does not share the measured client's CPU. It counts connections, so the load test
// can report the peak number of open sockets from the server's side.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { threadReply, usersPage } from "./fixtures.js";

const thread = Buffer.from(JSON.stringify(threadReply));
const users = Buffer.from(JSON.stringify(usersPage));
const notFound = Buffer.from(JSON.stringify({ error: { code: "ERR_NOT_FOUND", message: "no such route" } }));

// `--delay-ms N` makes every answer wait N ms, like a service across a network.
const at = process.argv.indexOf("--delay-ms");
const delayMs = at === -1 ? 0 : Number(process.argv[at + 1]);

let open = 0;
let peak = 0;
let connections = 0;
let requests = 0;

function headers(body: Buffer) {
  return {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(body.length),
    "x-rate-limit": "20000",
    "x-rate-limit-remaining": "19873",
    "x-request-id": "bench",
  };
}

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  requests++;
  const route =
    req.method === "POST" && /^\/messages\/[^/]+\/thread$/.test(req.url!)
      ? thread
      : req.method === "GET" && req.url!.startsWith("/users")
        ? users
        : undefined;
  // Drain the request body before answering, as a real service would.
  req.resume();
  req.on("end", () => {
    if (!route) {
      res.writeHead(404, headers(notFound));
      return res.end(notFound);
    }
    const answer = () => {
      res.writeHead(200, headers(route));
      res.end(route);
    };
    if (delayMs) setTimeout(answer, delayMs);
    else answer();
  });
});
server.on("connection", (socket) => {
  connections++;
  peak = Math.max(peak, ++open);
  socket.on("close", () => open--);
});
server.maxRequestsPerSocket = 0;
server.headersTimeout = 120_000;
server.requestTimeout = 120_000;

// A deep accept queue, so that a burst of 2 000 connections is not dropped and retried by the kernel.
server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
  const { port } = server.address() as AddressInfo;
  process.send!({ type: "listening", url: `http://127.0.0.1:${port}` });
});

process.on("message", (message: { type: string }) => {
  if (message.type === "stats") process.send!({ type: "stats", open, peak, connections, requests, cpu: process.cpuUsage() });
  if (message.type === "reset") {
    peak = open;
    connections = 0;
    requests = 0;
    process.send!({ type: "reset" });
  }
  if (message.type === "close-idle") {
    // Ends every idle keep-alive connection, then answers once all are gone (or after 5 s).
    server.closeIdleConnections();
    const until = Date.now() + 5_000;
    const poll = setInterval(() => {
      if (open > 0 && Date.now() < until) return;
      clearInterval(poll);
      process.send!({ type: "close-idle", open });
    }, 10);
  }
  if (message.type === "close") server.close(() => process.exit(0));
});
process.on("disconnect", () => process.exit(0));
