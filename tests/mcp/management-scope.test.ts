// The Management API's tools, with the account's key and secret, against the fake: a scope that
// names `management` reaches the Management API's operations through createManagementClient.
import { createToolbox } from "../../src/mcp/mcp-toolbox";
import { type FakeServer, startFakeServer } from "../../src/testing/index";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake?.close());

test("with --scope read,write,management and the account's credentials, an agent creates a webhook and reads it back", async () => {
  const toolbox = await createToolbox({
    management: { key: fake.key, secret: fake.secret, baseUrl: fake.url },
    scope: { kinds: ["read", "write"], management: true, tags: ["Webhooks"] },
  });
  expect(toolbox.operations.every((tool) => tool.api === "management")).toBe(true);
  const body = { id: "orders", name: "Orders", webhookURL: "https://hooks.example.org/chat" };
  const created = await toolbox.call("create-webhook", { appId: fake.appId, "X-Webhook-Version": 2, body });
  expect(created.isError).toBeUndefined();
  const listed = await toolbox.call("list-webhooks", { appId: fake.appId, "X-Webhook-Version": 2 });
  const text = listed.content.map((part) => part.text).join("");
  expect(JSON.parse(text).data.map((webhook: { id: string }) => webhook.id)).toEqual(["orders"]);
  expect(text).not.toContain(fake.secret);
});
