// How the fake delivers: only to http and https URLs, without following redirects (a 3xx is a
// failed attempt, as the service counts it), and reading no more of a receiver's answer than a
// short prefix, however much the receiver sends.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BadRequestError, createChatClient, createManagementClient, unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { attachWebhook } from "./attach-webhook";

const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
});
afterEach(async () => {
  await fake.webhooksSettled();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    }),
  );
});

const management = () => createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });

const webhookFor = (url: string) =>
  attachWebhook(management(), fake.appId, { id: "hooks", name: "Hooks", webhookURL: url }, ["message_sent"]);

async function sendMessage() {
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  await unwrap(chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "hello" } } }));
  await fake.webhooksSettled();
}

test.each(["file:///etc/passwd", "data:text/plain,hi", "gopher://example.org/", "javascript:alert(1)"])(
  "a webhook URL %s is refused with 400 ERR_BAD_REQUEST on create and on update",
  async (webhookURL) => {
    const path = { appId: fake.appId };
    const created = await unwrap(
      management().POST("/apps/{appId}/webhooks", { params: { path }, body: { id: "bad", name: "Bad", webhookURL } }),
    ).catch((e: unknown) => e);
    expect(created).toBeInstanceOf(BadRequestError);
    expect((created as BadRequestError).code).toBe("ERR_BAD_REQUEST");
    expect(fake.state.size).toBe(1);

    await unwrap(
      management().POST("/apps/{appId}/webhooks", {
        params: { path },
        body: { id: "good", name: "Good", webhookURL: "https://hooks.example.org/chat" },
      }),
    );
    const updated = await unwrap(
      management().PUT("/apps/{appId}/webhooks/{webhookId}", { params: { path: { ...path, webhookId: "good" } }, body: { webhookURL } }),
    ).catch((e: unknown) => e);
    expect((updated as BadRequestError).code).toBe("ERR_BAD_REQUEST");
    const kept = await unwrap(management().GET("/apps/{appId}/webhooks/{webhookId}", { params: { path: { ...path, webhookId: "good" } } }));
    expect(kept.data.webhookURL).toBe("https://hooks.example.org/chat");
  },
);

test("a receiver that answers 307 to another origin gets a failed attempt with that status; the other origin gets nothing", async () => {
  const elsewhere: string[] = [];
  const other = await listen(
    createServer((req, res) => {
      elsewhere.push(req.method ?? "");
      req.resume();
      res.writeHead(200).end();
    }),
  );
  await webhookFor(await listen(createServer((_req, res) => res.writeHead(307, { location: other }).end())));
  await sendMessage();
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "failed", status: 307, attempts: 1 })]);
  expect(elsewhere).toEqual([]);
});

test("a receiver that answers with an endless body: the delivery keeps a 1 KiB prefix, and the rest is never read", async () => {
  let connectionClosed = false;
  const url = await listen(
    createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "ok ".repeat(20_000);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => {
        clearInterval(timer);
        connectionClosed = true;
      });
    }),
  );
  await webhookFor(url);
  await sendMessage();
  const [delivery] = fake.webhookDeliveries;
  expect(delivery).toMatchObject({ state: "delivered", status: 200 });
  expect(delivery?.responseText).toBe("ok ".repeat(400).slice(0, 1024));
  await new Promise<void>((done) => {
    const check = setInterval(() => {
      if (!connectionClosed) return;
      clearInterval(check);
      done();
    }, 5);
  });
  expect(connectionClosed).toBe(true);
});

test("a receiver's short answer is kept whole as responseText", async () => {
  await webhookFor(await listen(createServer((req, res) => req.resume().on("end", () => res.writeHead(400).end("missing trigger")))));
  await sendMessage();
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "failed", status: 400, responseText: "missing trigger" })]);
});
