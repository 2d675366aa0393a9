// The SDK's TracingChannels of node:diagnostics_channel, read as an APM agent would: by subscribing,
// with no OpenTelemetry. Every call runs against the fake.
import diagnosticsChannel from "node:diagnostics_channel";
import {
  type AttemptDiagnostics,
  type CallDiagnostics,
  ChatConfigError,
  createChatClient,
  type Logger,
  RateLimitError,
} from "../../../src/index";
import { memoryRateLimitStore } from "../../../src/rate-limits/index";
import { useFake } from "../../fake/use-fake";
import { json, withServer } from "../../harness/fault-server";

type Event = [name: string, message: CallDiagnostics | AttemptDiagnostics];

/** Records every event of `channel` while `run` runs, as a subscriber of all five. */
async function recording<T>(name: string, run: () => Promise<T>): Promise<{ events: Event[]; result: T | undefined; error: unknown }> {
  const channel = diagnosticsChannel.tracingChannel(name);
  const events: Event[] = [];
  // A snapshot at each event: the message is one object, filled in as the call goes on.
  const at = (event: string) => (message: unknown) => void events.push([event, { ...(message as CallDiagnostics) }]);
  const handlers = { start: at("start"), end: at("end"), asyncStart: at("asyncStart"), asyncEnd: at("asyncEnd"), error: at("error") };
  channel.subscribe(handlers);
  try {
    return { events, result: await run(), error: undefined };
  } catch (error) {
    return { events, result: undefined, error };
  } finally {
    channel.unsubscribe(handlers);
  }
}

const { fake, chat: client } = useFake({ seed: { users: ["ana", "ben"].map((uid) => ({ uid, name: uid })) } });
const reply = { receiver: "ben", receiverType: "user" as const, data: { text: "private words" } };

async function parentMessage(): Promise<string> {
  const sent = await client().as("ana").POST("/messages", { body: reply });
  return String((sent.data as { data: { id: string | number } }).data.id);
}

test("a call publishes start and asyncEnd on chat-rest-sdk:call with its operation, server and outcome, and no UID", async () => {
  const id = await parentMessage();
  const { events } = await recording("chat-rest-sdk:call", () =>
    client()
      .as("ana")
      .POST("/messages/{id}/thread", { params: { path: { id } }, body: reply }),
  );
  expect(events.map(([name]) => name)).toEqual(["start", "end", "asyncStart", "asyncEnd"]);
  const [, started] = events[0]!;
  const url = new URL(fake.url);
  expect(started).toMatchObject({
    operationId: "send-thread-message",
    method: "POST",
    path: "/messages/{id}/thread",
    serverAddress: url.hostname,
    serverPort: Number(url.port),
    url: `${fake.url}/messages/${id}/thread`,
    onBehalfOf: true,
    attempts: 0,
    rateLimitWaitMs: 0,
  });
  expect(started.callId).toMatch(/^[a-z0-9]+$/);
  const [, ended] = events[3]!;
  expect(ended).toMatchObject({ status: 200, attempts: 1, callId: started.callId });
  expect(ended.errorType).toBeUndefined();
  // The SDK's fields name no user: the UID, the key and the body appear in none of them (the
  // channel's own `result` is what the caller gets).
  for (const [, { result: _result, ...message }] of events) {
    const text = JSON.stringify(message);
    expect(text).not.toContain("ana");
    expect(text).not.toContain(fake.apiKey);
    expect(text).not.toContain("private words");
  }
  // The subscriber that wants the UIDs asks for them.
  expect(started.userIds()).toEqual({ onBehalfOf: "ana", url: `${fake.url}/messages/${id}/thread` });
});

test("a UID in the path reads REDACTED in the message's url, and as sent from userIds()", async () => {
  const { events } = await recording("chat-rest-sdk:call", () => client().GET("/users/{uid}", { params: { path: { uid: "ana" } } }));
  const [, started] = events[0]!;
  expect(started.url).toBe(`${fake.url}/users/REDACTED`);
  expect(started).toMatchObject({ operationId: "get-user", onBehalfOf: false });
  expect(started.userIds().url).toBe(`${fake.url}/users/ana`);
});

test("each attempt publishes on chat-rest-sdk:attempt with its number and outcome, under the call's id", async () => {
  const id = await parentMessage();
  fake.failNext("send-thread-message", { status: 503 });
  const chat = client().as("ana");
  let attempts: Event[] = [];
  const { events: calls, result } = await recording("chat-rest-sdk:call", async () => {
    const recorded = await recording("chat-rest-sdk:attempt", () =>
      chat.POST("/messages/{id}/thread", { params: { path: { id } }, body: reply, idempotent: true }),
    );
    attempts = recorded.events;
    return recorded.result;
  });
  expect(result?.response.status).toBe(200);
  const ends = attempts.filter(([name]) => name === "asyncEnd").map(([, message]) => message as AttemptDiagnostics);
  expect(ends.map((m) => [m.attempt, m.status, m.errorType])).toEqual([
    [1, 503, "503"],
    [2, 200, undefined],
  ]);
  const callId = calls[0]![1].callId;
  expect(ends.map((m) => m.callId)).toEqual([callId, callId]);
  expect(ends.map((m) => m.call.callId)).toEqual([callId, callId]);
  expect(ends[0]!.operationId).toBe("send-thread-message");
});

test("a call refused before sending publishes start and error on the call channel, and nothing on the attempt channel", async () => {
  let attempts: Event[] = [];
  const { events, error } = await recording("chat-rest-sdk:call", async () => {
    const recorded = await recording("chat-rest-sdk:attempt", () => client().GET("/users/{uid}", { params: { path: { uid: "" } } }));
    attempts = recorded.events;
    if (recorded.error) throw recorded.error;
    return recorded.result;
  });
  expect(error).toBeInstanceOf(ChatConfigError);
  expect(events.map(([name]) => name)).toEqual(["start", "end", "error", "asyncStart", "asyncEnd"]);
  expect(events.at(-1)![1]).toMatchObject({ errorType: "ChatConfigError", attempts: 0 });
  expect(attempts).toEqual([]);
});

test("a governed call that waited for room carries the wait and the limit's scope; one refused carries the scope", async () => {
  const rateLimits = { perUser: { sendMessage: { limit: 1, windowMs: 300 } }, store: memoryRateLimitStore() };
  const chat = client({ rateLimits }).as("ana");
  const { events } = await recording("chat-rest-sdk:attempt", () =>
    Promise.all([chat.POST("/messages", { body: reply }), chat.POST("/messages", { body: reply })]),
  );
  const starts = events.filter(([name]) => name === "start").map(([, message]) => message as AttemptDiagnostics);
  expect(starts).toHaveLength(2);
  expect(starts[0]!.rateLimitWaitMs).toBe(0);
  expect(starts[1]!.rateLimitWaitMs).toBeGreaterThan(0);
  expect(starts[1]!.rateLimitScope).toBe("user");
  expect(starts[1]!.call.rateLimitWaitMs).toBe(starts[1]!.rateLimitWaitMs);

  const refusing = client({ rateLimits: { ...rateLimits, maxWaitMs: 0, store: memoryRateLimitStore() } }).as("ana");
  await refusing.POST("/messages", { body: reply });
  const { events: calls, error } = await recording("chat-rest-sdk:call", () => refusing.POST("/messages", { body: reply }));
  expect(error).toBeInstanceOf(RateLimitError);
  expect(calls.at(-1)![1]).toMatchObject({ errorType: "RateLimitError", rateLimitScope: "user", attempts: 0 });
});

test("the logger's lines of a call carry the call's id, the same for every attempt and on the channel", async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = (_message: string, fields?: Record<string, unknown>) => void lines.push(fields ?? {});
  const logger: Logger = { debug: sink, info: sink, warn: sink, error: sink };
  fake.failNext("list-users", { status: 503 });
  const { events } = await recording("chat-rest-sdk:call", () => client({ logger }).GET("/users"));
  expect(lines).toHaveLength(3); // attempt, retrying, attempt
  const callId = events[0]![1].callId;
  expect(lines.map((line) => line.callId)).toEqual([callId, callId, callId]);

  // Without a subscriber the lines still carry one id per call, another for the next call.
  lines.length = 0;
  await client({ logger }).GET("/users");
  await client({ logger }).GET("/users");
  expect(lines).toHaveLength(2);
  expect(lines[0]!.callId).toEqual(expect.any(String));
  expect(lines[0]!.callId).not.toBe(lines[1]!.callId);
});

test("a header set in the attempt's start event is sent; a credential or onBehalfOf header cannot be set", async () => {
  const channel = diagnosticsChannel.tracingChannel("chat-rest-sdk:attempt");
  const start = (message: unknown) => {
    const attempt = message as AttemptDiagnostics;
    attempt.setHeader("traceparent", `00-0af7651916cd43dd8448eb211c80319c-b7ad6b716920333${attempt.attempt}-01`);
    attempt.setHeader("apikey", "stolen");
    attempt.setHeader("onBehalfOf", "ben");
  };
  const seen: Headers[] = [];
  const recordingFetch = async (request: Request) => {
    seen.push(new Headers(request.headers));
    return fetch(request);
  };
  channel.subscribe({ start } as never);
  try {
    fake.failNext("list-users", { status: 503 });
    await client({ fetch: recordingFetch }).as("ana").GET("/users");
    // Without an injected fetch the request is `fetch(url, init)`: the header reaches the server too.
    await withServer(
      (_request, response) => json(response, 200, { data: [], meta: {} }),
      async (server) => {
        await createChatClient({ appId: "plain", apiKey: "plain-key", baseUrl: server.url }).as("ana").GET("/users");
        const [sent] = server.requests;
        seen.push(new Headers(sent!.headers as Record<string, string>));
      },
    );
  } finally {
    channel.unsubscribe({ start } as never);
  }
  expect(seen.map((headers) => headers.get("traceparent"))).toEqual([
    "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203332-01",
    "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
  ]);
  expect(seen.map((headers) => [headers.get("apikey"), headers.get("onbehalfof")])).toEqual([
    [fake.apiKey, "ana"],
    [fake.apiKey, "ana"],
    ["plain-key", "ana"],
  ]);
});
