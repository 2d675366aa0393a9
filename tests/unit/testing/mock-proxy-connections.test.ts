// The test kit's proxy keeps its connections to Prism alive. A kept-alive connection can close at
// the moment a request goes out on it; the proxy then sends that request once more, on a new
// connection. A loopback server plays Prism and closes connections when told to.
import type { Socket } from "node:net";
import { startViolationsProxy } from "../../../src/testing/violations-proxy";
import { json, withServer } from "../../harness/fault-server";

/** Sends the same POST through the proxy `times` times, one after the other; resolves to each status or error message. */
async function sendThrough(upstream: string, times: number): Promise<(number | string)[]> {
  const proxy = await startViolationsProxy(upstream, "127.0.0.1", 0);
  try {
    const outcomes: (number | string)[] = [];
    for (let n = 0; n < times; n++) {
      const answer = await fetch(`${proxy.url}/users`, { method: "POST", body: '{"uid":"u1"}' }).then(
        async (response) => ((await response.text()) === '{"ok":true}' ? response.status : `${response.status} with another body`),
        (error: Error) => error.message,
      );
      outcomes.push(answer);
    }
    return outcomes;
  } finally {
    await proxy.close();
  }
}

test("a request goes out on the connection of the request before it", async () => {
  const sockets = new Set<Socket>();
  await withServer(
    (req, res) => {
      sockets.add(req.socket);
      json(res, 200, { ok: true });
    },
    async (server) => {
      expect(await sendThrough(server.url, 3)).toEqual([200, 200, 200]);
      expect(server.requests).toHaveLength(3);
    },
  );
  expect(sockets.size).toBe(1);
});

test("a request on a kept-alive connection that closes under it is sent again on a new one, with its body", async () => {
  const served = new WeakMap<Socket, number>();
  await withServer(
    (req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      // The second request on a connection meets it closing, as when Prism drops an idle one.
      if (count > 1) req.socket.destroy();
      else json(res, 200, { ok: true });
    },
    async (server) => {
      expect(await sendThrough(server.url, 2)).toEqual([200, 200]);
      // The first request, the one that met the closing connection, and that one again.
      expect(server.requests.map((request) => request.body)).toEqual(['{"uid":"u1"}', '{"uid":"u1"}', '{"uid":"u1"}']);
    },
  );
});

test("a request on a new connection that closes is not sent again: the client sees the failure", async () => {
  await withServer(
    (req) => req.socket.destroy(),
    async (server) => {
      const [outcome] = await sendThrough(server.url, 1);
      expect(outcome).toEqual(expect.any(String));
      expect(server.requests).toHaveLength(1);
    },
  );
});

test("the proxy listens before the server behind it is known: a request waits for it, or fails when it never comes", async () => {
  await withServer(
    (_req, res) => json(res, 200, { ok: true }),
    async (server) => {
      let known!: (url: string) => void;
      const proxy = await startViolationsProxy(new Promise<string>((resolve) => (known = resolve)), "127.0.0.1", 0);
      try {
        const answer = fetch(`${proxy.url}/users`, { method: "POST", body: '{"uid":"u1"}' });
        // The request has reached the proxy, and waits there.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(server.requests).toHaveLength(0);
        known(server.url);
        expect(await (await answer).json()).toEqual({ ok: true });
        expect(server.requests.map((request) => request.body)).toEqual(['{"uid":"u1"}']);
      } finally {
        await proxy.close();
      }
    },
  );
  const proxy = await startViolationsProxy(Promise.reject(new Error("Prism did not start")), "127.0.0.1", 0);
  try {
    await expect(fetch(`${proxy.url}/users`)).rejects.toThrow();
  } finally {
    await proxy.close();
  }
});
