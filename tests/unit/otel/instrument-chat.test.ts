// instrumentChat against the fake, with OpenTelemetry's SDK recording in memory.
import { context, DiagLogLevel, diag, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import type { ReadableSpan, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { ChatConfigError, paginate, unwrap } from "../../../src/index";
import { instrumentChat } from "../../../src/otel/index";
import { memoryRateLimitStore } from "../../../src/rate-limits/index";
import { createWebhookHandler } from "../../../src/webhooks/index";
import { useFake } from "../../fake/use-fake";
import { type Recording, recordTelemetry, useOtelContext } from "./otel-harness";

useOtelContext();

const { fake, chat: client } = useFake({ seed: { users: ["ana", "ben"].map((uid) => ({ uid, name: uid })) } });
let telemetry: Recording;
let stop: (() => void) | undefined;
beforeEach(() => {
  telemetry = recordTelemetry();
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await telemetry.close();
});

const instrument = (options: Parameters<typeof instrumentChat>[0] = {}) =>
  (stop = instrumentChat({ tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider, ...options }));
const reply = { receiver: "ben", receiverType: "user" as const, data: { text: "private words" } };
const named = (name: string) => telemetry.spans().filter((span) => span.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** A span processor whose every hook throws, as a broken exporter's would. */
const throwingProcessor: SpanProcessor = {
  onStart: () => {
    throw new Error("processor down");
  },
  onEnd: () => {
    throw new Error("processor down");
  },
  forceFlush: async () => {},
  shutdown: async () => {},
};

async function parentMessage(): Promise<string> {
  const sent = await client().as("ana").POST("/messages", { body: reply });
  return String((sent.data as { data: { id: string } }).data.id);
}

test("a send answered 503 then 200 gives one call span and two CLIENT attempt spans under it, resend_count 1 on the second", async () => {
  const id = await parentMessage();
  fake.failNext("send-thread-message", { status: 503 });
  instrument();
  await unwrap(
    client()
      .as("ana")
      .POST("/messages/{id}/thread", { params: { path: { id } }, body: reply, idempotent: true }),
  );
  const [call, ...more] = named("chat send-thread-message");
  expect(more).toEqual([]);
  expect(call!.kind).toBe(SpanKind.INTERNAL);
  expect(call!.attributes).toMatchObject({ "chat.operation.id": "send-thread-message", "chat.attempts": 2, "chat.on_behalf_of": true });
  expect(call!.status.code).not.toBe(SpanStatusCode.ERROR);
  const attempts = named("POST /messages/{id}/thread");
  expect(attempts).toHaveLength(2);
  const url = new URL(fake.url);
  for (const attempt of attempts) {
    expect(attempt.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(attempt)).toBe(call!.spanContext().spanId);
    expect(attempt.attributes).toMatchObject({
      "http.request.method": "POST",
      "server.address": url.hostname,
      "server.port": Number(url.port),
      "url.full": `${fake.url}/messages/${id}/thread`,
      "url.template": "/messages/{id}/thread",
    });
  }
  expect(
    attempts.map((s) => [s.attributes["http.response.status_code"], s.attributes["error.type"], s.attributes["http.request.resend_count"]]),
  ).toEqual([
    [503, "503", undefined],
    [200, undefined, 1],
  ]);
  expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
  const durations = await telemetry.histogram("http.client.request.duration");
  expect(durations.map((point) => point.attributes["http.response.status_code"]).sort()).toEqual([200, 503]);
  expect(durations[0]!.attributes).toMatchObject({ "url.template": "/messages/{id}/thread", "http.request.method": "POST" });
  expect(durations.every((point) => point.value.count === 1 && point.value.sum! >= 0)).toBe(true);
});

test("a governed call that waited for room has a wait event on its span and a point in the wait histogram, by scope", async () => {
  instrument();
  const chat = client({ rateLimits: { perUser: { sendMessage: { limit: 1, windowMs: 300 } }, store: memoryRateLimitStore() } }).as("ana");
  await Promise.all([chat.POST("/messages", { body: reply }), chat.POST("/messages", { body: reply })]);
  const calls = named("chat send-message");
  expect(calls).toHaveLength(2);
  const events = calls.flatMap((span) => span.events);
  expect(events).toHaveLength(1);
  expect(events[0]!.name).toBe("chat.rate_limit.wait");
  expect(events[0]!.attributes).toMatchObject({ "chat.rate_limit.scope": "user" });
  expect(events[0]!.attributes!["chat.rate_limit.wait_ms"]).toBeGreaterThan(0);
  const waits = await telemetry.histogram("chat.rate_limit.wait.duration");
  expect(waits.map((point) => [point.attributes["chat.rate_limit.scope"], point.value.count])).toEqual([["user", 1]]);
});

test("a call refused before sending gets its span, failed, with no attempt span", async () => {
  instrument();
  const refusing = client({
    rateLimits: { perUser: { sendMessage: { limit: 1, windowMs: 60_000 } }, maxWaitMs: 0, store: memoryRateLimitStore() },
  });
  await refusing.as("ana").POST("/messages", { body: reply });
  const refused = await refusing
    .as("ana")
    .POST("/messages", { body: reply })
    .catch((error: unknown) => error);
  expect((refused as Error).name).toBe("RateLimitError");
  const badInput = await client()
    .GET("/users/{uid}", { params: { path: { uid: "" } } })
    .catch((error: unknown) => error);
  expect((badInput as Error).name).toBe("ChatConfigError");

  const [, refusedCall] = named("chat send-message");
  expect(refusedCall!.attributes).toMatchObject({ "error.type": "RateLimitError", "chat.attempts": 0 });
  expect(refusedCall!.status.code).toBe(SpanStatusCode.ERROR);
  expect(refusedCall!.events.map((event) => [event.name, event.attributes!["chat.rate_limit.scope"]])).toEqual([
    ["chat.rate_limit.refused", "user"],
  ]);
  const [badCall] = named("chat get-user");
  expect(badCall!.attributes).toMatchObject({ "error.type": "ChatConfigError", "chat.attempts": 0 });
  expect(named("POST /messages")).toHaveLength(1);
  expect(named("GET /users/{uid}")).toEqual([]);
});

test("paginate over 3 pages gives 3 call spans under the caller's active span", async () => {
  fake.seed({ users: Array.from({ length: 5 }, (_, i) => ({ uid: `u${i}`, name: `u${i}` })) });
  instrument();
  const tracer = telemetry.tracerProvider.getTracer("test");
  const chat = client();
  const uids = await tracer.startActiveSpan("nightly export", async (span) => {
    const seen: string[] = [];
    for await (const user of paginate(chat, "/users", { perPage: 3 })) seen.push(user.uid);
    span.end();
    return seen;
  });
  expect(uids).toHaveLength(7);
  const [outer] = named("nightly export");
  const pages = named("chat list-users");
  expect(pages).toHaveLength(3);
  expect(pages.map(parentOf)).toEqual(pages.map(() => outer!.spanContext().spanId));
  expect(new Set(pages.map((span) => span.spanContext().traceId))).toEqual(new Set([outer!.spanContext().traceId]));
});

test("a webhook delivery gives a SERVER span with its trigger, whether it was verified, and the handler's outcome", async () => {
  instrument();
  const handle = createWebhookHandler({
    username: "hook-user",
    password: "hook-password",
    on: {
      message_sent: () => undefined,
      user_blocked: () => {
        throw new TypeError("handler bug");
      },
    },
  });
  const deliver = (trigger: string, authorization: string) =>
    handle(
      new Request("http://receiver.test/webhooks", {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ trigger, appId: "app", region: "us", webhook: "w", data: {} }),
      }),
    );
  const good = `Basic ${btoa("hook-user:hook-password")}`;
  expect((await deliver("message_sent", good)).status).toBe(200);
  expect((await deliver("user_blocked", good)).status).toBe(500);
  expect((await deliver("message_sent", `Basic ${btoa("hook-user:wrong")}`)).status).toBe(401);
  const spans = telemetry.spans().filter((span) => span.kind === SpanKind.SERVER);
  expect(
    spans.map((s) => [
      s.name,
      s.attributes["chat.webhook.verified"],
      s.attributes["http.response.status_code"],
      s.attributes["error.type"],
    ]),
  ).toEqual([
    ["chat webhook message_sent", true, 200, undefined],
    ["chat webhook user_blocked", true, 500, "TypeError"],
    ["chat webhook", false, 401, undefined],
  ]);
  expect(spans.map((s) => s.attributes["http.request.method"])).toEqual(["POST", "POST", "POST"]);
  expect(spans[1]!.status.code).toBe(SpanStatusCode.ERROR);
  expect(spans[2]!.status.code).not.toBe(SpanStatusCode.ERROR);
});

test("propagate: true sends traceparent naming the attempt's span; off, nothing is sent", async () => {
  const sent: (string | null)[] = [];
  const recordingFetch = async (request: Request) => {
    sent.push(request.headers.get("traceparent"));
    return fetch(request);
  };
  instrument();
  await client({ fetch: recordingFetch }).GET("/users");
  instrument({ propagate: true });
  await client({ fetch: recordingFetch }).GET("/users");
  expect(sent[0]).toBeNull();
  const [, attempt] = named("GET /users");
  expect(sent[1]).toBe(`00-${attempt!.spanContext().traceId}-${attempt!.spanContext().spanId}-01`);
});

test("captureUserIds records the acting user and the UIDs of the URL; off, they read REDACTED", async () => {
  instrument();
  await client()
    .as("ana")
    .GET("/users/{uid}", { params: { path: { uid: "ben" } } });
  instrument({ captureUserIds: true });
  await client()
    .as("ana")
    .GET("/users/{uid}", { params: { path: { uid: "ben" } } });
  const [off, on] = named("GET /users/{uid}");
  expect(off!.attributes["url.full"]).toBe(`${fake.url}/users/REDACTED`);
  expect(on!.attributes["url.full"]).toBe(`${fake.url}/users/ben`);
  const [callOff, callOn] = named("chat get-user");
  expect(callOff!.attributes["enduser.id"]).toBeUndefined();
  expect(callOn!.attributes["enduser.id"]).toBe("ana");
});

test("a second instrumentChat replaces the first: spans are not recorded twice; the returned function stops it", async () => {
  instrument();
  const second = instrument();
  await client().GET("/users");
  expect(named("chat list-users")).toHaveLength(1);
  second();
  await client().GET("/users");
  expect(named("chat list-users")).toHaveLength(1);
});

test("a span processor that throws never breaks a call", async () => {
  telemetry = recordTelemetry([throwingProcessor]);
  instrument();
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", onUncaught);
  try {
    const { data } = await unwrap(client().GET("/users"));
    expect(data.length).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("uncaughtException", onUncaught);
  }
  expect(uncaught).toEqual([]);
  expect(trace.getActiveSpan()).toBeUndefined();
});

test("a bad option is a ChatConfigError naming it, and nothing is subscribed", async () => {
  const bad = [
    [{ captureUserIds: "yes" }, "captureUserIds must be true or false"],
    [{ propagate: 1 }, "propagate must be true or false"],
    [{ tracerProvider: {} }, "tracerProvider must be an OpenTelemetry tracerProvider"],
    [{ meterProvider: null }, "meterProvider must be an OpenTelemetry meterProvider"],
  ] as const;
  for (const [options, message] of bad) {
    const error = (() => {
      try {
        instrumentChat(options as never);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ChatConfigError);
    expect((error as Error).message).toContain(message);
  }
  await client().GET("/users");
  expect(telemetry.spans()).toEqual([]);
});

test("an attempt's span is active while its request is sent: a span a fetch instrumentation starts there nests under it", async () => {
  instrument();
  const tracer = telemetry.tracerProvider.getTracer("fetch-instrumentation");
  const seen: (string | undefined)[] = [];
  const instrumentedFetch = async (request: Request) => {
    seen.push(trace.getActiveSpan()?.spanContext().spanId);
    const span = tracer.startSpan("GET (fetch)");
    try {
      return await fetch(request);
    } finally {
      span.end();
    }
  };
  await client({ fetch: instrumentedFetch }).GET("/users");
  const [attempt] = named("GET /users");
  const [inner] = named("GET (fetch)");
  expect(seen).toEqual([attempt!.spanContext().spanId]);
  expect(parentOf(inner!)).toBe(attempt!.spanContext().spanId);
});

test("calls made inside a webhook handler nest under the delivery's SERVER span", async () => {
  instrument();
  const chat = client();
  const handle = createWebhookHandler({
    username: "hook-user",
    password: "hook-password",
    on: {
      message_sent: async () => {
        await chat.GET("/users");
      },
    },
  });
  const response = await handle(
    new Request("http://receiver.test/webhooks", {
      method: "POST",
      headers: { authorization: `Basic ${btoa("hook-user:hook-password")}`, "content-type": "application/json" },
      body: JSON.stringify({ trigger: "message_sent", appId: "app", region: "us", webhook: "w", data: {} }),
    }),
  );
  expect(response.status).toBe(200);
  const [server] = telemetry.spans().filter((span) => span.kind === SpanKind.SERVER);
  const [call] = named("chat list-users");
  expect(parentOf(call!)).toBe(server!.spanContext().spanId);
  expect(call!.spanContext().traceId).toBe(server!.spanContext().traceId);
});

test("a path filled in by the caller is described by its template: no UID or token in span names, url.full, url.template or the metric", async () => {
  const { data } = await unwrap(client().POST("/users/{uid}/auth_tokens", { params: { path: { uid: "ana" } } }));
  const token = (data as { authToken: string }).authToken;
  instrument();
  // @ts-expect-error a filled-in path is no template: as JavaScript, or a cast, would send it
  await client().request("delete", `/users/ana/auth_tokens/${token}`);
  // @ts-expect-error a filled-in path is no template: as JavaScript, or a cast, would send it
  await client().request("get", "/users/ben");
  // @ts-expect-error a filled-in path is no template: as JavaScript, or a cast, would send it
  await client().request("get", "/no-such-path/ana/7");
  expect(telemetry.spans().map((span) => span.name)).toEqual([
    "DELETE /users/{uid}/auth_tokens/{authToken}",
    "chat delete-authtoken",
    "GET /users/{uid}",
    "chat get-user",
    "GET /{segment}/{segment}/{segment}",
    "chat GET /{segment}/{segment}/{segment}",
  ]);
  const [deleteAttempt] = named("DELETE /users/{uid}/auth_tokens/{authToken}");
  expect(deleteAttempt!.attributes).toMatchObject({
    "url.full": `${fake.url}/users/REDACTED/auth_tokens/REDACTED`,
    "url.template": "/users/{uid}/auth_tokens/{authToken}",
  });
  const recorded = JSON.stringify([
    telemetry.spans().map((span) => [span.name, span.attributes]),
    await telemetry.histogram("http.client.request.duration"),
  ]);
  for (const secret of [token, "ana", "ben", "no-such-path"]) expect(recorded).not.toContain(secret);
  const templates = (await telemetry.histogram("http.client.request.duration")).map((point) => point.attributes["url.template"]);
  expect(templates.sort()).toEqual(["/users/{uid}", "/users/{uid}/auth_tokens/{authToken}", "/{segment}/{segment}/{segment}"]);
});

test("propagate: true sends the trace context but never the app's baggage, under the NodeSDK's default propagators", async () => {
  // A global propagator is registered once: the one set for this file is disabled first.
  propagation.disable();
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  const sent: { traceparent: string | null; baggage: string | null }[] = [];
  const recordingFetch = async (request: Request) => {
    sent.push({ traceparent: request.headers.get("traceparent"), baggage: request.headers.get("baggage") });
    return fetch(request);
  };
  const baggage = propagation.createBaggage({ "user.email": { value: "ana@example.com" }, session: { value: "s-1" } });
  instrument({ propagate: true });
  try {
    await context.with(propagation.setBaggage(context.active(), baggage), () => client({ fetch: recordingFetch }).GET("/users"));
  } finally {
    propagation.disable();
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  }
  expect(sent).toEqual([{ traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/), baggage: null }]);
});

test("a diag logger that throws too never turns a failing span processor into an uncaught exception", async () => {
  const logged: unknown[] = [];
  const fail = (...args: unknown[]) => {
    logged.push(args[0]);
    throw new Error("logger down");
  };
  diag.setLogger({ error: fail, warn: fail, info: fail, debug: fail, verbose: fail }, DiagLogLevel.ERROR);
  telemetry = recordTelemetry([throwingProcessor]);
  instrument();
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", onUncaught);
  try {
    const { data } = await unwrap(client().GET("/users"));
    expect(data.length).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("uncaughtException", onUncaught);
    diag.disable();
  }
  expect(logged.length).toBeGreaterThan(0);
  expect(uncaught).toEqual([]);
});
