// ChatConnectionError.mayHaveReachedService: true when an attempt may have been applied (the
// connection closed after the request was written, no answer in time, an earlier 5xx), false when
// the service cannot have seen the call (a refused connection); a POST that may have been applied
// is never sent again.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { ChatConnectionError, ChatTimeoutError, createChatClient, InternalServerError, NotFoundError, unwrap } from "../../../src/index";
import { json, startFaultServer, withServer } from "../../harness/fault-server";

const client = (baseUrl: string, options: { timeoutMs?: number; maxRetries?: number; idempotent?: boolean } = {}) =>
  createChatClient({ appId: "reach", apiKey: "k-reach", baseUrl, ...options });

const send = (baseUrl: string, options?: Parameters<typeof client>[1]) =>
  unwrap(
    client(baseUrl, options)
      .as("ana")
      .POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "once" } } }),
  );

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}

test("a POST whose connection closed after it was written: may have reached the service, sent once", async () => {
  await withServer(
    (req) => req.socket.destroy(),
    async (server) => {
      const error = await send(server.url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChatConnectionError);
      expect(error).toMatchObject({ mayHaveReachedService: true, attempts: 1 });
      expect((error as Error).message).toContain("it may have reached the service, so it was not repeated");
      expect(server.requests).toHaveLength(1);
    },
  );
});

test("a POST with no answer in time: a ChatTimeoutError that may have reached the service, sent once", async () => {
  await withServer(
    () => {},
    async (server) => {
      const error = await send(server.url, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChatTimeoutError);
      expect(error).toMatchObject({ mayHaveReachedService: true });
      expect(server.requests).toHaveLength(1);
    },
  );
});

test("a refused connection cannot have reached the service: retried, and the error says it never arrived", async () => {
  const error = await send(await closedPort(), { maxRetries: 1 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect(error).toMatchObject({ mayHaveReachedService: false, attempts: 2 });
  expect((error as Error).message).not.toContain("may have reached");
});

test("a call retried after an attempt that may have been applied still says so when the last attempt is refused", async () => {
  const server = await startFaultServer((req) => {
    // The first attempt is cut off after the server read it; then nothing listens any more.
    req.socket.destroy();
    void server.close();
  });
  const error = await unwrap(client(server.url, { maxRetries: 2 }).GET("/users")).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect((error as Error).message).toMatch(/connection failed \(refused/);
  expect(error).toMatchObject({ mayHaveReachedService: true });
  expect(server.requests).toHaveLength(1);
});

test("an error built without saying is told as one that may have reached the service", () => {
  const error = new ChatConnectionError("c", { method: "POST", path: "/messages" }, 1);
  expect(error.mayHaveReachedService).toBe(true);
  expect(
    new ChatConnectionError("c", { method: "POST", path: "/messages" }, 1, { mayHaveReachedService: false }).mayHaveReachedService,
  ).toBe(false);
});

test("a ChatApiError says whether an attempt may have been applied: a DELETE's 404 after a dropped attempt does", async () => {
  await withServer(
    (req, res, hit) =>
      hit === 1 ? req.socket.destroy() : json(res, 404, { error: { code: "ERR_MESSAGE_ID_NOT_FOUND", message: "gone" } }),
    async (server) => {
      const error = await unwrap(client(server.url).DELETE("/messages/{id}", { params: { path: { id: "7" } } })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, mayHaveReachedService: true });
      expect(server.requests).toHaveLength(2);
    },
  );
  await withServer(
    (_req, res) => json(res, 404, { error: { code: "ERR_MESSAGE_ID_NOT_FOUND", message: "gone" } }),
    async (server) => {
      const error = await unwrap(client(server.url).DELETE("/messages/{id}", { params: { path: { id: "7" } } })).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, mayHaveReachedService: false });
    },
  );
  await withServer(
    (_req, res) => json(res, 503, { error: { code: "ERR_UNAVAILABLE", message: "busy" } }),
    async (server) => {
      const error = await send(server.url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 503, mayHaveReachedService: true });
      expect(server.requests).toHaveLength(1);
    },
  );
});
