import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

/** A real HTTP server on loopback whose answers a test scripts, counting every request it receives. */
export async function startFaultServer(handler: Handler) {
  // `raw` keeps the bytes as sent (a binary upload is not valid UTF-8); `body` is their text.
  const requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string; raw: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw.toString("utf8"), raw });
      handler(req, res, requests.length);
    });
  });
  // Idle connections are closed by the client (or by close() below), never by this server as the
  // client reuses one: on a busy machine that race would fail a test for nothing.
  server.keepAliveTimeout = 0;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

export type FaultServer = Awaited<ReturnType<typeof startFaultServer>>;

/** Runs `body` against a fresh fault server and always closes it. */
export async function withServer<T>(handler: Handler, body: (server: FaultServer) => Promise<T>): Promise<T> {
  const server = await startFaultServer(handler);
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/** Answers the first request with a 503 that asks for an immediate retry, and every later one with `then`. */
export const unavailableOnce =
  (then: Handler): Handler =>
  (req, res, hit) =>
    hit === 1
      ? json(res, 503, { error: { code: "ERR_SERVICE_UNAVAILABLE", message: "try again" } }, { "retry-after": "0" })
      : then(req, res, hit);
