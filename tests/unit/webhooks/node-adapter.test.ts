import { request as httpRequest, createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deliverWebhook, webhookEvents } from "../../../src/testing/index";
import { createWebhookHandler, toNodeHandler, webhookEventKey } from "../../../src/webhooks/index";

// toNodeHandler on a real node:http server on loopback: the same answers as the Fetch handler,
// a body over the limit refused while the client is still sending it, and a body that a parser
// (as Express's express.json()) already read.
const credentials = { username: "chat-events", password: "s3cret" };
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

function receiver(maxBodyBytes?: number) {
  const keys: string[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
    on: { message_sent: (event) => void keys.push(webhookEventKey(event)) },
  });
  return { keys, listener: toNodeHandler(handler) };
}

test("a delivery by the test kit is handled and answered 200; wrong credentials get 401 with WWW-Authenticate", async () => {
  const { keys, listener } = receiver();
  const url = await listen(createServer(listener));
  expect((await deliverWebhook(url, webhookEvents.message_sent, credentials)).status).toBe(200);
  const refused = await deliverWebhook(url, webhookEvents.message_sent, { ...credentials, password: "guess" });
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toMatch(/^Basic /);
  expect(keys).toEqual(['["<appId>","<webhookID>","message_sent","1"]']);
});

test("a GET gets 405 and a malformed body 400", async () => {
  const { listener } = receiver();
  const url = await listen(createServer(listener));
  expect((await fetch(url)).status).toBe(405);
  const authorization = `Basic ${Buffer.from("chat-events:s3cret").toString("base64")}`;
  expect((await fetch(url, { method: "POST", headers: { authorization }, body: "nope" })).status).toBe(400);
});

test("a chunked body over the limit gets 413 while the client is still sending, and the rest is never read", async () => {
  const { keys, listener } = receiver(4096);
  let bytesReadByServer = 0;
  const url = await listen(
    createServer((req, res) => {
      req.on("data", (chunk: Buffer) => {
        bytesReadByServer += chunk.length;
      });
      void listener(req, res);
    }),
  );
  const chunk = Buffer.alloc(1024, 0x20);
  const total = 1024 * 1024;
  let written = 0;
  const status = await new Promise<number>((resolve, reject) => {
    const client = httpRequest(url, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from("chat-events:s3cret").toString("base64")}`, "transfer-encoding": "chunked" },
    });
    const timer = setTimeout(() => reject(new Error("no answer")), 10_000);
    client.on("response", (response: IncomingMessage) => {
      clearTimeout(timer);
      response.resume();
      resolve(response.statusCode ?? 0);
      client.destroy();
    });
    client.on("error", () => {});
    const pump = () => {
      if (written >= total || client.destroyed) return;
      written += chunk.length;
      if (client.write(chunk)) setImmediate(pump);
      else client.once("drain", pump);
    };
    pump();
  });
  expect(status).toBe(413);
  expect(written).toBeLessThan(total);
  expect(bytesReadByServer).toBeLessThan(64 * 1024);
  expect(keys).toEqual([]);
});

test("a body that a JSON parser already read (as express.json() leaves it) is used as parsed", async () => {
  const { keys, listener } = receiver();
  const url = await listen(
    createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      (req as IncomingMessage & { body?: unknown }).body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      await listener(req, res);
    }),
  );
  expect((await deliverWebhook(url, webhookEvents.message_sent, credentials)).status).toBe(200);
  expect(keys).toEqual(['["<appId>","<webhookID>","message_sent","1"]']);
});
