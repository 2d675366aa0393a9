// A backend of several apps tells their calls apart: spans, metric points, webhook spans and the
// logger's lines name the app (`chat.app.id`), against a fake serving two apps.
import { createChatClient, createManagementClient, type Logger } from "../../../src/index";
import { instrumentChat } from "../../../src/otel/index";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";
import { createWebhookHandler } from "../../../src/webhooks/index";
import { type Recording, recordTelemetry, useOtelContext } from "./otel-harness";

useOtelContext();

let fake: FakeServer;
let telemetry: Recording;
let stop: (() => void) | undefined;
beforeAll(async () => {
  fake = await startFakeServer({ apps: [{ appId: "tenant-eu", region: "eu" }, { appId: "tenant-us" }] });
});
afterAll(() => fake.close());
beforeEach(() => {
  telemetry = recordTelemetry();
  stop = instrumentChat({ tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider });
});
afterEach(async () => {
  stop?.();
  await telemetry.close();
});

const clientOf = (appId: string, logger?: Logger) => {
  const app = fake.apps.find((one) => one.appId === appId)!;
  // Given in upper case: the app is named as its hosts name it, in lower case.
  return createChatClient({ appId: appId.toUpperCase(), apiKey: app.apiKey, baseUrl: app.url, logger });
};

test("each call's span, its attempt's span and its duration point carry chat.app.id; the Management client's carry none", async () => {
  await clientOf("tenant-eu").GET("/users");
  await clientOf("tenant-us").GET("/users");
  await createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url }).GET("/apps");
  const calls = telemetry.spans().filter((span) => span.name === "chat list-users");
  expect(calls.map((span) => span.attributes["chat.app.id"])).toEqual(["tenant-eu", "tenant-us"]);
  const attempts = telemetry.spans().filter((span) => span.name === "GET /users");
  expect(attempts.map((span) => span.attributes["chat.app.id"])).toEqual(["tenant-eu", "tenant-us"]);
  const management = telemetry.spans().find((span) => span.name === "chat list-apps");
  expect(management?.attributes).not.toHaveProperty("chat.app.id");
  const points = await telemetry.histogram("http.client.request.duration");
  const apps = points.map((point) => point.attributes["chat.app.id"]).sort();
  expect(apps).toEqual([undefined, "tenant-eu", "tenant-us"].sort());
});

test("a webhook delivery's span carries the app its event names", async () => {
  const handler = createWebhookHandler({
    apps: { "tenant-eu": { username: "eu", password: "eu-secret" } },
    on: { message_sent: () => undefined },
  });
  const event = { trigger: "message_sent", appId: "tenant-eu", region: "eu", webhook: "wh", data: { message: { id: "1" } } };
  await handler(
    new Request("https://receiver.example/", {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from("eu:eu-secret").toString("base64")}` },
      body: JSON.stringify(event),
    }),
  );
  const [delivery] = telemetry.spans().filter((span) => span.name === "chat webhook message_sent");
  expect(delivery?.attributes["chat.app.id"]).toBe("tenant-eu");
});

test("the logger's lines name the client's app", async () => {
  const lines: Record<string, unknown>[] = [];
  const record = (_message: string, fields?: Record<string, unknown>) => void lines.push(fields ?? {});
  const logger: Logger = { debug: record, info: record, warn: record, error: record };
  await clientOf("tenant-us", logger).GET("/users");
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.map((line) => line.appId)).toEqual(lines.map(() => "tenant-us"));
});
