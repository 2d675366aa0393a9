import { webhookEvents } from "../../../src/testing/index";
import { ChatConfigError } from "../../../src/errors/chat-config-error";
import { createWebhookHandler, type WebhookHandlerOptions } from "../../../src/webhooks/index";

// createWebhookHandler against real Fetch API Requests: every documented answer, and that a
// handler runs only for an authenticated, well-formed event.
const credentials = { username: "chat-events", password: "s3cret" };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const url = "https://receiver.example/webhooks/chat";

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: "POST",
    headers: { authorization: basic(credentials.username, credentials.password), "content-type": "application/json", ...headers },
    body,
  });
}

function handlerWith(options: Partial<WebhookHandlerOptions> = {}) {
  const received: unknown[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    on: {
      message_sent: (event) => {
        received.push(event.data.message.id);
      },
    },
    ...options,
  });
  return { handler, received };
}

test("an authenticated, well-formed event runs its handler and gets 200 once the handler has finished", async () => {
  let finished = false;
  const { handler } = handlerWith({
    on: {
      group_created: async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = event.data.group.guid === "cometchat-guid-1";
      },
    },
  });
  const response = await handler(post(JSON.stringify(webhookEvents.group_created)));
  expect(response.status).toBe(200);
  expect(finished).toBe(true);
});

test("an event without a handler, or with an unknown trigger, is acknowledged with 200; onUnknown sees the unknown one", async () => {
  const unknown: string[] = [];
  const { handler, received } = handlerWith({ onUnknown: (event) => unknown.push(String(event.trigger)) });
  expect((await handler(post(JSON.stringify(webhookEvents.user_blocked)))).status).toBe(200);
  const added = { trigger: "a_trigger_added_later", data: { x: 1 }, appId: "a", region: "us", webhook: "w" };
  expect((await handler(post(JSON.stringify(added)))).status).toBe(200);
  expect(unknown).toEqual(["a_trigger_added_later"]);
  expect(received).toEqual([]);
});

test("the second spelling of the legacy connection trigger reaches the handler of its main name", async () => {
  const seen: string[] = [];
  const handler = createWebhookHandler({
    ...credentials,
    on: { user_connection_status_change: (event) => seen.push(event.data.user.uid) },
  });
  expect(webhookEvents.user_connection_status_change.trigger).toBe("after_connection_status_changed");
  expect((await handler(post(JSON.stringify(webhookEvents.user_connection_status_change)))).status).toBe(200);
  expect(seen).toEqual(["cometchat-uid-1"]);
});

test.each([
  ["no Authorization header", undefined],
  ["a wrong password", basic("chat-events", "guess")],
  ["a wrong username", basic("someone", "s3cret")],
  ["a Bearer token", "Bearer s3cret"],
  ["Basic with a value that is not base64", "Basic ???"],
  ["Basic without a colon", `Basic ${Buffer.from("chat-events").toString("base64")}`],
])("%s gets 401 with WWW-Authenticate: Basic, and no handler runs", async (_case, authorization) => {
  const { handler, received } = handlerWith();
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await handler(new Request(url, { method: "POST", headers, body: JSON.stringify(webhookEvents.message_sent) }));
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
  expect(await response.text()).not.toContain("s3cret");
  expect(received).toEqual([]);
});

test.each(["GET", "PUT", "DELETE"])("%s gets 405 with Allow: POST", async (method) => {
  const { handler } = handlerWith();
  const response = await handler(new Request(url, { method, headers: { authorization: basic("chat-events", "s3cret") } }));
  expect(response.status).toBe(405);
  expect(response.headers.get("allow")).toBe("POST");
});

test.each([
  ["not JSON", "{ not json", /must be JSON/],
  ["an empty body", "", /must be JSON/],
  ["a JSON array", "[1,2]", /JSON object; this one is an array/],
  ["an object without trigger", '{"data":{}}', /must have a `trigger`/],
  ["a numeric trigger", '{"trigger":7}', /`trigger` must be a string; this one is a number/],
])("%s gets 400 that says what is wrong", async (_case, body, message) => {
  const { handler, received } = handlerWith();
  const response = await handler(post(body));
  expect(response.status).toBe(400);
  expect(await response.text()).toMatch(message);
  expect(received).toEqual([]);
});

test("a body over maxBodyBytes gets 413, and the stream is cancelled instead of read to its end", async () => {
  const chunk = new Uint8Array(1024).fill(32);
  let pulled = 0;
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const { handler, received } = handlerWith({ maxBodyBytes: 4096 });
  const request = new Request(url, {
    method: "POST",
    headers: { authorization: basic("chat-events", "s3cret") },
    body: endless,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request);
  expect(response.status).toBe(413);
  expect(cancelled).toBe(true);
  // 4 KiB allowed: the fifth 1 KiB chunk passes the limit; a few more may sit in the stream's queue.
  expect(pulled).toBeLessThan(10);
  expect(received).toEqual([]);
});

test("a declared Content-Length over maxBodyBytes gets 413 before any of the body is read", async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(10));
      controller.close();
    },
  });
  const { handler } = handlerWith({ maxBodyBytes: 100 });
  const request = new Request(url, {
    method: "POST",
    headers: { authorization: basic("chat-events", "s3cret"), "content-length": "5000" },
    body,
    duplex: "half",
  } as RequestInit);
  expect((await handler(request)).status).toBe(413);
  expect(pulled).toBeLessThanOrEqual(1);
});

test("a body that stops arriving gets 408 after bodyTimeoutMs, with Connection: close, and its stream is cancelled", async () => {
  let cancelled = false;
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"trigger"'));
    },
    cancel() {
      cancelled = true;
    },
  });
  const { handler, received } = handlerWith({ bodyTimeoutMs: 50 });
  const request = new Request(url, {
    method: "POST",
    headers: { authorization: basic("chat-events", "s3cret") },
    body: stalled,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request);
  expect(response.status).toBe(408);
  expect(response.headers.get("connection")).toBe("close");
  expect(cancelled).toBe(true);
  expect(received).toEqual([]);
});

test("a body whose stream breaks (the client went away) gets 400 instead of a rejected promise", async () => {
  const broken = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"trigger"'));
    },
    pull(controller) {
      controller.error(new Error("socket hang up"));
    },
  });
  const { handler, received } = handlerWith();
  const request = new Request(url, {
    method: "POST",
    headers: { authorization: basic("chat-events", "s3cret") },
    body: broken,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request);
  expect(response.status).toBe(400);
  expect(response.headers.get("connection")).toBe("close");
  expect(received).toEqual([]);
});

test("a body of exactly maxBodyBytes is accepted", async () => {
  const text = JSON.stringify(webhookEvents.message_sent);
  const { handler, received } = handlerWith({ maxBodyBytes: Buffer.byteLength(text) });
  expect((await handler(post(text))).status).toBe(200);
  expect(received).toEqual(["1"]);
});

test("a handler that throws gets 500, so the service retries; the error goes to onError and not into the response", async () => {
  const errors: [unknown, string][] = [];
  const secret = new Error("database password is hunter2");
  const handler = createWebhookHandler({
    ...credentials,
    on: {
      message_sent: async () => {
        throw secret;
      },
    },
    onError: (error, event) => errors.push([error, String(event.trigger)]),
  });
  const response = await handler(post(JSON.stringify(webhookEvents.message_sent)));
  expect(response.status).toBe(500);
  expect(await response.text()).not.toContain("hunter2");
  expect(errors).toEqual([[secret, "message_sent"]]);
});

test("an onError that throws itself still leaves the answer at 500", async () => {
  const handler = createWebhookHandler({
    ...credentials,
    on: {
      message_sent: () => {
        throw new Error("handler");
      },
    },
    onError: () => {
      throw new Error("hook");
    },
  });
  expect((await handler(post(JSON.stringify(webhookEvents.message_sent)))).status).toBe(500);
});

test.each([
  ["an empty username", { username: "", password: "p" }],
  ["an empty password", { username: "u", password: "" }],
  ["a zero maxBodyBytes", { ...credentials, maxBodyBytes: 0 }],
  ["a fractional maxBodyBytes", { ...credentials, maxBodyBytes: 10.5 }],
  ["a zero bodyTimeoutMs", { ...credentials, bodyTimeoutMs: 0 }],
  ["a bodyTimeoutMs past what a timer can wait", { ...credentials, bodyTimeoutMs: 2 ** 31 }],
])("%s is refused with ChatConfigError when the handler is built", (_case, options) => {
  expect(() => createWebhookHandler({ on: {}, ...options })).toThrow(ChatConfigError);
});
