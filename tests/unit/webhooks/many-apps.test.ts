// One receiver for several apps: each delivery is checked against the credentials of the app its
// event names, handlers are routed by app, and one dedupe store keeps the apps' keys apart.
import { createWebhookHandler, memoryWebhookDedupe, type WebhookEventOf } from "../../../src/webhooks/index";
import { ChatConfigError } from "../../../src/index";

const apps = {
  "tenant-eu": { username: "eu-hook", password: "eu-secret" },
  "tenant-us": { username: "us-hook", password: "us-secret" },
};

const messageSent = (appId: string, id = "1") => ({
  trigger: "message_sent",
  appId,
  region: "eu",
  webhook: "wh-1",
  data: {
    message: {
      id,
      conversationId: "a_user_b",
      sender: "a",
      receiver: "b",
      receiverType: "user",
      type: "text",
      category: "message",
      data: { text: "hi" },
      sentAt: 1,
      updatedAt: 1,
    },
  },
});

function deliver(event: unknown, { username, password }: { username: string; password: string }): Request {
  return new Request("https://receiver.example/webhooks/chat", {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify(event),
  });
}

test("a delivery with one app's credentials that claims another app is refused 401, and no handler or store sees it", async () => {
  const handled: string[] = [];
  const claims: string[] = [];
  const dedupe = memoryWebhookDedupe();
  const watched = {
    ...dedupe,
    claim: (key: string, token: string) => {
      claims.push(key);
      return dedupe.claim(key, token);
    },
  };
  const handler = createWebhookHandler({ apps, dedupe: watched, on: { message_sent: (event) => void handled.push(event.appId) } });
  const crossed = await handler(deliver(messageSent("tenant-us"), apps["tenant-eu"]));
  expect(crossed.status).toBe(401);
  expect(crossed.headers.get("www-authenticate")).toContain("Basic");
  expect((await handler(deliver(messageSent("nobody"), apps["tenant-eu"]))).status).toBe(401);
  expect((await handler(deliver(messageSent("tenant-eu"), { username: "eu-hook", password: "wrong" }))).status).toBe(401);
  expect(handled).toEqual([]);
  expect(claims).toEqual([]);
  expect((await handler(deliver(messageSent("tenant-us"), apps["tenant-us"]))).status).toBe(200);
  expect((await handler(deliver(messageSent("tenant-eu"), apps["tenant-eu"]))).status).toBe(200);
  expect(handled).toEqual(["tenant-us", "tenant-eu"]);
});

test("each app's own handlers run for its events, the shared ones for the triggers it leaves out, typed by app", async () => {
  const seen: string[] = [];
  const handler = createWebhookHandler({
    apps: {
      "tenant-eu": { ...apps["tenant-eu"], on: { message_sent: (event) => void seen.push(`eu's own: ${event.data.message.id}`) } },
      "tenant-us": apps["tenant-us"],
    },
    on: {
      message_sent: (event: WebhookEventOf<"message_sent"> & { appId: "tenant-eu" | "tenant-us" }) => {
        const appId: "tenant-eu" | "tenant-us" = event.appId;
        seen.push(`shared: ${appId}`);
      },
    },
  });
  await handler(deliver(messageSent("tenant-eu", "7"), apps["tenant-eu"]));
  await handler(deliver(messageSent("tenant-us", "7"), apps["tenant-us"]));
  expect(seen).toEqual(["eu's own: 7", "shared: tenant-us"]);
});

test("the same event id in two apps is two events for one dedupe store; a repeat within one app is one", async () => {
  let count = 0;
  const handler = createWebhookHandler({ apps, dedupe: memoryWebhookDedupe(), on: { message_sent: () => void count++ } });
  await handler(deliver(messageSent("tenant-eu", "1"), apps["tenant-eu"]));
  await handler(deliver(messageSent("tenant-us", "1"), apps["tenant-us"]));
  await handler(deliver(messageSent("tenant-us", "1"), apps["tenant-us"]));
  expect(count).toBe(2);
});

test("apps naming no app, or an app without its username or password, is refused when the handler is made", () => {
  expect(() => createWebhookHandler({ apps: {} })).toThrow(/at least one app/);
  expect(() => createWebhookHandler({ apps: { "tenant-eu": { username: "eu-hook", password: "" } } })).toThrow(/tenant-eu/);
});

test("two app ids that differ only in case are one app, refused when the handler is made", () => {
  const hook = { username: "eu-hook", password: "eu-secret" };
  expect(() => createWebhookHandler({ apps: { "Tenant-EU": hook, "tenant-eu": hook } })).toThrow(
    new ChatConfigError("createWebhookHandler: apps names one app twice, as Tenant-EU and tenant-eu."),
  );
});
