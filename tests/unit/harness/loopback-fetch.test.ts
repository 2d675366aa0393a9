// The harness's fetch to a mock on loopback sends a request once more when the kept-alive
// connection it went out on was closed by the server at that moment, and only then.
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { json, withServer } from "../../harness/fault-server";
import { loopbackFetch } from "../../harness/loopback-fetch";

test("a request on a kept-alive connection that the server closes under it goes again, on a new connection", async () => {
  const served = new WeakMap<Socket, number>();
  let closed = 0;
  await withServer(
    (req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      // The second request on a connection meets it closing, as when a server drops an idle one.
      if (count > 1) {
        closed++;
        req.socket.destroy();
      } else json(res, 200, { ok: true });
    },
    async (server) => {
      const statuses: number[] = [];
      // fetch puts a connection back in its pool a moment after the body is read; until a request
      // has gone out on a reused one, send another.
      for (let n = 0; n < 20 && closed === 0; n++) {
        const response = await loopbackFetch(`${server.url}/users/${n}`);
        await response.text();
        statuses.push(response.status);
        await sleep(20);
      }
      expect(closed).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
      // Each request that met a closing connection reached the server twice.
      expect(server.requests).toHaveLength(statuses.length + closed);
    },
  );
});

test("a server that closes every connection fails the request after the second try", async () => {
  await withServer(
    (req) => req.socket.destroy(),
    async (server) => {
      await expect(loopbackFetch(`${server.url}/gone`)).rejects.toThrow("fetch failed");
      expect(server.requests).toHaveLength(2);
    },
  );
});
