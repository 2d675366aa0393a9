// The fake behind MSW: the clients keep the service's real URLs (no baseUrl), MSW hands each
// request to the fake in process, and a webhook still fires to a receiver on loopback.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setupServer } from "msw/node";
import { createCallsClient, createChatClient, createManagementClient, type NotFoundError, unwrap } from "../../src/index";
import { chatFakeHandlers, type FakeServer, startFakeServer } from "../../src/testing/index";
import { createWebhookHandler, toNodeHandler } from "../../src/webhooks/index";
import { attachWebhook } from "./attach-webhook";

let fake: FakeServer;
let msw: ReturnType<typeof setupServer>;
let receiver: Server;

beforeAll(async () => {
  fake = await startFakeServer();
  msw = setupServer(...chatFakeHandlers(fake));
  // A request the handlers do not serve must fail the test, not reach the network.
  msw.listen({
    onUnhandledRequest: (request) => {
      if (!request.url.startsWith("http://127.0.0.1:")) throw new Error(`unhandled ${request.method} ${request.url}`);
    },
  });
});
afterAll(async () => {
  msw.close();
  receiver?.closeAllConnections();
  await new Promise((done) => (receiver ? receiver.close(done) : done(undefined)));
  await fake.close();
});
beforeEach(() => fake.reset());

test("the Chat, Calls and Management clients reach the fake at their real URLs in every region, with no baseUrl", async () => {
  const chats = (["us", "eu", "in"] as const).map((region) => createChatClient({ appId: fake.appId, apiKey: fake.apiKey, region }));
  await unwrap(chats[0]!.POST("/users", { body: { uid: "ada", name: "Ada" } }));
  for (const chat of chats) expect((await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "ada" } } }))).data.name).toBe("Ada");
  const calls = createCallsClient({ appId: fake.appId, apiKey: fake.apiKey, region: "eu" });
  expect((await calls.GET("/calls")).response.status).toBe(200);
  const management = createManagementClient({ key: fake.key, secret: fake.secret });
  const error = await unwrap(
    management.GET("/apps/{appId}/webhooks/{webhookId}", { params: { path: { appId: fake.appId, webhookId: "none" } } }),
  ).catch((e: unknown) => e);
  expect((error as NotFoundError).code).toBe("ERR_WEBHOOK_NOT_FOUND");
  const wrongKey = createChatClient({ appId: fake.appId, apiKey: "wrong", region: "us" });
  expect((await wrongKey.GET("/users")).response.status).toBe(401);
  expect(fake.state.users.get("ada")?.name).toBe("Ada");
});

test("each host serves its own API: a path of another API is 404 there, with nothing stored", async () => {
  const chatHost = `https://${fake.appId}.api-eu.cometchat.io/v3`;
  const callsHost = `https://${fake.appId}.call-eu.cometchat.io/v3`;
  const managementHost = "https://apimgmt.cometchat.io";
  const apikey = { apikey: fake.apiKey, "content-type": "application/json" };
  const management = { key: fake.key, secret: fake.secret, "content-type": "application/json" };
  const createUser = { method: "POST", headers: apikey, body: JSON.stringify({ uid: "ada", name: "Ada" }) };
  const answers = await Promise.all([
    fetch(`${managementHost}/users`, createUser),
    fetch(`${callsHost}/users`, createUser),
    fetch(`${managementHost}/v3/users`, createUser),
    fetch(`${chatHost}/calls`, { headers: apikey }),
    fetch(`${chatHost}/apps/${fake.appId}/webhooks`, { headers: management }),
    fetch(`${callsHost}/apps/${fake.appId}/webhooks`, { headers: management }),
  ]);
  for (const answer of answers) {
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.code).toBe("ERR_NOT_FOUND");
  }
  expect(fake.state.users.size).toBe(0);
  // Each API on its own host.
  expect((await fetch(`${chatHost}/users`, createUser)).status).toBe(200);
  expect((await fetch(`${callsHost}/calls`, { headers: apikey })).status).toBe(200);
  expect((await fetch(`${managementHost}/apps/${fake.appId}/webhooks`, { headers: management })).status).toBe(200);
});

test("journey through MSW: a webhook with message_sent receives the event, and the createWebhookHandler receiver parses it", async () => {
  const texts: string[] = [];
  const handler = createWebhookHandler({
    username: "hook",
    password: "secret",
    on: { message_sent: (event) => void texts.push(String(event.data.message.data.text)) },
  });
  receiver = createServer(toNodeHandler(handler));
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  const management = createManagementClient({ key: fake.key, secret: fake.secret });
  const webhookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  const webhook = { id: "hooks", name: "Hooks", webhookURL, useBasicAuth: true, username: "hook", password: "secret" };
  await attachWebhook(management, fake.appId, webhook, ["message_sent"]);
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, region: "eu" });
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  await unwrap(chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "through MSW" } } }));
  await fake.webhooksSettled();
  expect(texts).toEqual(["through MSW"]);
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ trigger: "message_sent", state: "delivered", status: 200 })]);
});
