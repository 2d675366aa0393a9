// The fake behind MSW set to fail every request it is not told about (`onUnhandledRequest:
// "error"`): the fake's own webhook deliveries still reach a receiver built with
// chat-rest-sdk/webhooks, with no handler added for them; and a client built with another app's
// id fails as it would against the service.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setupServer } from "msw/node";
import { AuthenticationError, createCallsClient, createChatClient, createManagementClient, unwrap } from "../../src/index";
import { chatFakeHandlers, type FakeServer, startFakeServer } from "../../src/testing/index";
import { createWebhookHandler, toNodeHandler, webhookEventKey } from "../../src/webhooks/index";
import { attachWebhook } from "./attach-webhook";

let fake: FakeServer;
let msw: ReturnType<typeof setupServer>;
const unhandled: string[] = [];
let receiver: Server | undefined;

beforeAll(async () => {
  fake = await startFakeServer({ appId: "appaaaa" });
  msw = setupServer(...chatFakeHandlers(fake));
  msw.events.on("request:unhandled", ({ request }) => void unhandled.push(`${request.method} ${request.url}`));
  msw.listen({ onUnhandledRequest: "error" });
});
afterAll(async () => {
  msw.close();
  receiver?.closeAllConnections();
  await new Promise((done) => (receiver ? receiver.close(done) : done(undefined)));
  await fake.close();
});
beforeEach(() => fake.reset());
afterEach(() => expect(unhandled).toEqual([]));

test("journey: a message sent through the SDK reaches a createWebhookHandler receiver on loopback, under onUnhandledRequest 'error'", async () => {
  const keys: string[] = [];
  const texts: string[] = [];
  const handler = createWebhookHandler({
    username: "hook",
    password: "secret",
    on: {
      message_sent: (event) => {
        keys.push(webhookEventKey(event));
        texts.push(String(event.data.message.data.text));
      },
    },
  });
  receiver = createServer(toNodeHandler(handler));
  await new Promise<void>((done) => receiver?.listen(0, "127.0.0.1", done));
  const management = createManagementClient({ key: fake.key, secret: fake.secret });
  const webhookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/chat-events`;
  const webhook = { id: "orders", name: "Orders", webhookURL, useBasicAuth: true, username: "hook", password: "secret" };
  await attachWebhook(management, fake.appId, webhook, ["message_sent"]);
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, region: "eu" });
  await unwrap(chat.POST("/users", { body: { uid: "buyer-1", name: "Ada" } }));
  await unwrap(chat.POST("/users", { body: { uid: "seller-1", name: "Grace" } }));
  const sent = await unwrap(
    chat.POST("/messages", {
      params: { header: { onBehalfOf: "buyer-1" } },
      body: { receiver: "seller-1", receiverType: "user", data: { text: "Is the lamp still for sale?" } },
    }),
  );
  await fake.webhooksSettled();
  expect(texts).toEqual(["Is the lamp still for sale?"]);
  expect(keys).toEqual([`["${fake.appId}","orders","message_sent","${sent.data.id}"]`]);
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ trigger: "message_sent", state: "delivered", status: 200 })]);
});

test.each([
  ["another app in the same region", "https://otherapp.api-eu.cometchat.io/v3"],
  ["an app in a region that does not exist", "https://anything-at-all.api-zz.cometchat.io/v3"],
])("a Chat client for %s gets 401 AUTH_ERR_INVALID_APPID with the fake's own key", async (_case, baseUrl) => {
  const chat = createChatClient({ appId: "otherapp", apiKey: fake.apiKey, baseUrl });
  const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AuthenticationError);
  expect((error as AuthenticationError).code).toBe("AUTH_ERR_INVALID_APPID");
});

test("the Calls host of another app is refused the same way; the fake's own app, in any case, is served", async () => {
  const calls = createCallsClient({ appId: "otherapp", apiKey: fake.apiKey, region: "eu" });
  const refused = await calls.GET("/calls");
  expect(refused.response.status).toBe(401);
  expect(refused.error?.error.code).toBe("AUTH_ERR_INVALID_APPID");
  const own = createChatClient({ appId: "APPAAAA", apiKey: fake.apiKey, region: "in" });
  expect((await own.GET("/users")).response.status).toBe(200);
});
