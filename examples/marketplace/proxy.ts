// The load balancer in front of the receivers, as an unreliable network makes it: round robin over
// the receivers, every `dropEvery`-th answer dropped after the receiver gave it (the service sees
// the connection close and delivers the event again), and a receiver that is gone answered with
// a 502 once and taken out of the rotation (the service retries that delivery too).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface DroppingProxy {
  url: string;
  /** Deliveries that reached the proxy, and answers it dropped. */
  counts(): { received: number; dropped: number };
  close(): Promise<void>;
}

export async function startDroppingProxy(ports: number[], { dropEvery = 10, path = "/webhooks/chat" } = {}): Promise<DroppingProxy> {
  let turn = 0;
  let answers = 0;
  let received = 0;
  let dropped = 0;
  const gone = new Set<number>();
  const server: Server = createServer((incoming, outgoing) => {
    received++;
    const live = ports.filter((port) => !gone.has(port));
    const port = live[turn++ % live.length]!;
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const upstream = request({ host: "127.0.0.1", port, method: "POST", path, headers: incoming.headers }, (answer) => {
        answer.resume();
        answer.on("end", () => {
          if (++answers % dropEvery === 0) {
            dropped++;
            outgoing.destroy();
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502).end();
        });
      });
      upstream.on("error", () => {
        gone.add(port);
        if (!outgoing.headersSent) outgoing.writeHead(502).end();
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    counts: () => ({ received, dropped }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
