// A TCP proxy in front of a redis-server that counts round trips: a client's write that follows a
// reply from the server (or opens the connection) starts one, and the chunks it sends until the
// next reply belong to it. Commands a client pipelines in one write are thus one round trip, and a
// command sent alone after an answer is another. Used by the webhook dedupe's tests and bench.
import { createServer, type Server, Socket } from "node:net";

export interface RoundTripProxy {
  /** A Redis URL that reaches the server through the proxy. */
  url: string;
  /** Round trips since the start or the last `reset()`, over every connection. */
  readonly roundTrips: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startRoundTripProxy(redisPort: number): Promise<RoundTripProxy> {
  let roundTrips = 0;
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(redisPort, "127.0.0.1");
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        (socket === inbound ? outbound : inbound).destroy();
      });
    }
    let answered = true;
    inbound.on("data", (chunk) => {
      if (answered) roundTrips++;
      answered = false;
      outbound.write(chunk);
    });
    outbound.on("data", (chunk) => {
      answered = true;
      inbound.write(chunk);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(proxy.address() as { port: number }).port}`,
    get roundTrips() {
      return roundTrips;
    },
    reset() {
      roundTrips = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
