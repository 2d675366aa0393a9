import {
  type Attributes,
  type Context,
  context,
  diag,
  type Histogram,
  type MeterProvider,
  metrics,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import { ChatConfigError } from "chat-rest-sdk";
import type { TracingChannel } from "node:diagnostics_channel";
import { SDK_VERSION } from "../client/user-agent.js";
import { ATTEMPT_CHANNEL, CALL_CHANNEL, WEBHOOK_CHANNEL } from "../diagnostics/channel-names.js";
import type { AttemptDiagnostics, CallDiagnostics } from "../diagnostics/diagnostics-types.js";
import type { WebhookDiagnostics } from "../webhooks/webhook-diagnostics.js";

/** Options of {@link instrumentChat}. */
export interface InstrumentChatOptions {
  /**
   * Where the spans go.
   * @default the global tracer provider (`trace.getTracerProvider()`)
   * @example new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] })
   */
  tracerProvider?: TracerProvider;
  /**
   * Where the metrics go.
   * @default the global meter provider (`metrics.getMeterProvider()`)
   * @example new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })] })
   */
  meterProvider?: MeterProvider;
  /**
   * Record the UIDs of a call: the acting user as `enduser.id`, and the UIDs in `url.full`. Off,
   * they read `REDACTED` and only `chat.on_behalf_of` says whether the call acted as a user.
   * Credentials are never recorded.
   * @default false
   * @example true
   */
  captureUserIds?: boolean;
  /**
   * Send the trace context (`traceparent` and `tracestate`, through the global propagator) with
   * each request, so that the service could continue the trace. The app's baggage is never sent,
   * whatever propagators are set. Off, as the service belongs to someone else.
   * @default false
   * @example true
   */
  propagate?: boolean;
}

/** The buckets the HTTP semantic conventions advise for `http.client.request.duration`, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** A process has one instrumentation, even when this module is loaded twice (its ESM and CJS builds). */
const CURRENT = Symbol.for("chat-rest-sdk.otel.instrumentation");
type Holder = { [CURRENT]?: () => void };

type Channels = typeof import("node:diagnostics_channel");

interface Started {
  span: Span;
  /** The context the span is active in: attempts nest under it. */
  within: Context;
  startedAt: number;
}

/**
 * Where a message keeps its span while its call or attempt runs: a property of the message under
 * a symbol of this module, which no other subscriber sees (Object.keys, JSON.stringify skip it).
 * Cheaper per call than a WeakMap, whose entries the garbage collector must trace apart.
 */
const STARTED = Symbol("chat-rest-sdk.otel.started");
type Traced<T> = T & { [STARTED]?: Started | undefined };

type Events = "start" | "end" | "asyncStart" | "asyncEnd" | "error";

/** Tells OpenTelemetry's diag logger of a failure; a logger that throws as well is ignored, as its throw would end the process. */
function reportFailure(what: string, error: unknown): void {
  try {
    diag.error(`chat-rest-sdk/otel: ${what}`, error);
  } catch {}
}

/**
 * Subscribes each handler to its event's own channel, guarded: a subscriber's failure (a span
 * processor or exporter that throws) must never break a call, and `diagnostics_channel` would
 * rethrow it on the next tick, as an uncaught exception. Only the events handled are subscribed,
 * so the others cost a call nothing; each event's channel is subscribed alone, as not every
 * runtime's `TracingChannel.subscribe()` skips a missing handler.
 */
function subscribeGuarded<T extends object>(
  channel: TracingChannel<unknown, T>,
  handlers: Partial<Record<Events, (message: T) => void>>,
): () => void {
  const subscribed: [Events, (message: unknown) => void][] = [];
  for (const [name, handler] of Object.entries(handlers) as [Events, (message: T) => void][]) {
    const safe = (message: unknown) => {
      try {
        handler(message as T);
      } catch (error) {
        reportFailure(`the ${name} handler failed`, error);
      }
    };
    channel[name].subscribe(safe);
    subscribed.push([name, safe]);
  }
  return () => {
    for (const [name, safe] of subscribed) channel[name].unsubscribe(safe);
  };
}

/**
 * Subscribes `handlers` to a channel, with the span `open` makes for a message active while the
 * traced function runs: calls made in a webhook handler nest under the delivery's span, and a
 * fetch instrumentation's span under the attempt's. `open` runs as a store of the start event
 * (`bindStore`), whose `run` is OpenTelemetry's `context.with`; a runtime without `bindStore`
 * gets the spans, not the active context.
 */
function subscribeActive<T extends object>(
  channel: TracingChannel<unknown, T>,
  open: (message: T) => Context | undefined,
  handlers: Partial<Record<Events, (message: T) => void>>,
): () => void {
  const start = channel.start as TracingChannel<unknown, T>["start"] & { bindStore?: unknown; unbindStore?: unknown };
  if (typeof start.bindStore !== "function" || typeof start.unbindStore !== "function") {
    return subscribeGuarded(channel, { ...handlers, start: (message) => void open(message) });
  }
  const store = { run: (active: Context, fn: () => unknown) => context.with(active, fn) };
  // A throw here would reach the process as an uncaught exception: the call runs in the caller's context instead.
  const transform = (message: T): Context => {
    try {
      return open(message) ?? context.active();
    } catch (error) {
      reportFailure("the start handler failed", error);
      return context.active();
    }
  };
  start.bindStore(store as never, transform as never);
  const unsubscribe = subscribeGuarded(channel, handlers);
  return () => {
    unsubscribe();
    (start.unbindStore as (store: unknown) => boolean)(store);
  };
}

/** What `error.type` and the status of a span say when the call or attempt ended badly. */
function endSpan(span: Span, outcome: { status?: number; errorType?: string; errorCode?: string }, failedAt: number): void {
  if (outcome.status !== undefined) span.setAttribute("http.response.status_code", outcome.status);
  const failed = outcome.errorType !== undefined && (outcome.status === undefined || outcome.status >= failedAt);
  if (failed) {
    span.setAttribute("error.type", outcome.errorType!);
    if (outcome.errorCode) span.setAttribute("chat.error.code", outcome.errorCode);
    // No description: an error's message may quote the service's answer, which may name a user.
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

function subscribeCalls(channels: Channels, tracer: Tracer, captureUserIds: boolean) {
  const finish = (call: Traced<CallDiagnostics>) => {
    const started = call[STARTED];
    if (!started) return;
    call[STARTED] = undefined;
    const { span } = started;
    span.setAttribute("chat.attempts", call.attempts);
    const refusal = call.error as { scope?: unknown; waitMs?: unknown } | undefined;
    if (call.errorType === "RateLimitError" && typeof refusal?.waitMs === "number")
      span.addEvent("chat.rate_limit.refused", {
        "chat.rate_limit.scope": String(refusal.scope),
        "chat.rate_limit.wait_ms": refusal.waitMs,
      });
    endSpan(span, call, 400);
  };
  const open = (call: Traced<CallDiagnostics>) => {
    const parent = context.active();
    const attributes: Attributes = {
      "chat.call.id": call.callId,
      "http.request.method": call.method,
      "url.template": call.path,
      "server.address": call.serverAddress,
      "server.port": call.serverPort,
      "chat.on_behalf_of": call.onBehalfOf,
    };
    if (call.appId !== undefined) attributes["chat.app.id"] = call.appId;
    if (call.operationId) attributes["chat.operation.id"] = call.operationId;
    const uid = captureUserIds ? call.userIds().onBehalfOf : undefined;
    if (uid !== undefined) attributes["enduser.id"] = uid;
    const name = `chat ${call.operationId ?? `${call.method} ${call.path}`}`;
    const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }, parent);
    const within = trace.setSpan(parent, span);
    call[STARTED] = { span, within, startedAt: 0 };
    return within;
  };
  return subscribeActive(channels.tracingChannel<unknown, CallDiagnostics>(CALL_CHANNEL), open, {
    // A call that fails ends at its error event, which comes before asyncEnd (or alone, for a
    // function that throws rather than rejects); a call that resolves publishes no error event, so
    // the handler costs it nothing, as an end handler would. finish() ends a span once.
    error: finish,
    asyncEnd: finish,
  });
}

function subscribeAttempts(
  channels: Channels,
  tracer: Tracer,
  durations: Histogram,
  waits: Histogram,
  { captureUserIds, propagate }: { captureUserIds: boolean; propagate: boolean },
) {
  const finish = (attempt: Traced<AttemptDiagnostics>) => {
    const started = attempt[STARTED];
    if (!started) return;
    attempt[STARTED] = undefined;
    const attributes: Attributes = {
      "http.request.method": attempt.method,
      "server.address": attempt.serverAddress,
      "server.port": attempt.serverPort,
      "url.template": attempt.path,
    };
    if (attempt.appId !== undefined) attributes["chat.app.id"] = attempt.appId;
    if (attempt.operationId) attributes["chat.operation.id"] = attempt.operationId;
    if (attempt.status !== undefined) attributes["http.response.status_code"] = attempt.status;
    if (attempt.errorType !== undefined) attributes["error.type"] = attempt.errorType;
    durations.record((performance.now() - started.startedAt) / 1000, attributes);
    endSpan(started.span, attempt, 400);
  };
  const open = (attempt: Traced<AttemptDiagnostics>) => {
    const call = (attempt.call as Traced<CallDiagnostics>)[STARTED];
    if (attempt.rateLimitWaitMs > 0) {
      const scope = attempt.rateLimitScope ?? "unknown";
      call?.span.addEvent("chat.rate_limit.wait", {
        "chat.rate_limit.scope": scope,
        "chat.rate_limit.wait_ms": attempt.rateLimitWaitMs,
        "chat.attempt": attempt.attempt,
      });
      const attributes: Attributes = { "chat.rate_limit.scope": scope };
      if (attempt.appId !== undefined) attributes["chat.app.id"] = attempt.appId;
      if (attempt.operationId) attributes["chat.operation.id"] = attempt.operationId;
      waits.record(attempt.rateLimitWaitMs / 1000, attributes);
    }
    const parent = call?.within ?? context.active();
    const attributes: Attributes = {
      "chat.call.id": attempt.callId,
      "http.request.method": attempt.method,
      "server.address": attempt.serverAddress,
      "server.port": attempt.serverPort,
      "url.full": captureUserIds ? attempt.userIds().url : attempt.url,
      "url.template": attempt.path,
    };
    if (attempt.appId !== undefined) attributes["chat.app.id"] = attempt.appId;
    if (attempt.attempt > 1) attributes["http.request.resend_count"] = attempt.attempt - 1;
    const span = tracer.startSpan(`${attempt.method} ${attempt.path}`, { kind: SpanKind.CLIENT, attributes }, parent);
    const within = trace.setSpan(parent, span);
    // Only the trace context: without the baggage, the app's own entries (a user's e-mail, a session
    // id) reach no propagator, and a header named baggage is dropped whatever wrote it.
    if (propagate)
      propagation.inject(propagation.deleteBaggage(within), attempt, {
        set: (carrier, name, value) => {
          if (name.toLowerCase() !== "baggage") carrier.setHeader(name, value);
        },
      });
    attempt[STARTED] = { span, within, startedAt: performance.now() };
    return within;
  };
  return subscribeActive(channels.tracingChannel<unknown, AttemptDiagnostics>(ATTEMPT_CHANNEL), open, {
    error: finish,
    asyncEnd: finish,
  });
}

function subscribeWebhooks(channels: Channels, tracer: Tracer) {
  const deliveries = new WeakMap<WebhookDiagnostics, Span>();
  const finish = (delivery: WebhookDiagnostics) => {
    const span = deliveries.get(delivery);
    if (!span) return;
    deliveries.delete(delivery);
    // The handler reads the request's method once it runs, after the start event.
    if (typeof delivery.method === "string") span.setAttribute("http.request.method", delivery.method);
    if (delivery.trigger !== undefined) {
      span.updateName(`chat webhook ${delivery.trigger}`);
      span.setAttribute("chat.webhook.trigger", delivery.trigger);
    }
    if (delivery.verified !== undefined) span.setAttribute("chat.webhook.verified", delivery.verified);
    if (delivery.appId !== undefined) span.setAttribute("chat.app.id", delivery.appId);
    const thrown = delivery.handlerError ?? delivery.error;
    const status = delivery.result?.status;
    // A server span fails on a 5xx only: a 4xx is the sender's mistake.
    endSpan(
      span,
      {
        ...(status !== undefined && { status }),
        ...(thrown !== undefined
          ? { errorType: (thrown as Error | undefined)?.name ?? typeof thrown }
          : status !== undefined && status >= 500 && { errorType: String(status) }),
      },
      500,
    );
  };
  const open = (delivery: WebhookDiagnostics) => {
    const parent = context.active();
    const span = tracer.startSpan("chat webhook", { kind: SpanKind.SERVER }, parent);
    deliveries.set(delivery, span);
    return trace.setSpan(parent, span);
  };
  return subscribeActive(channels.tracingChannel<unknown, WebhookDiagnostics>(WEBHOOK_CHANNEL), open, {
    error: finish,
    asyncEnd: finish,
  });
}

/**
 * Turns the SDK's diagnostics channels into OpenTelemetry spans and metrics, after the HTTP client
 * semantic conventions: a span per call (`chat send-thread-message`), a CLIENT span per attempt
 * under it (`POST /messages/{id}/thread`), a SERVER span per webhook delivery, the histograms
 * `http.client.request.duration` and `chat.rate_limit.wait.duration`. Calls made inside an active
 * span (by `paginate`, the helpers, your own code) nest under it.
 *
 * Calling it again replaces the earlier instrumentation: nothing is recorded twice. Where the
 * runtime has no `node:diagnostics_channel`, it records nothing.
 *
 * @throws {ChatConfigError} when an option has the wrong type.
 * @returns A function that stops the instrumentation.
 * @example
 * const stop = instrumentChat(); // the global tracer and meter providers
 * await chat.GET("/users"); // a span "chat list-users" and its attempt "GET /users"
 * stop();
 */
export function instrumentChat(options: InstrumentChatOptions = {}): () => void {
  if (!options || typeof options !== "object") throw new ChatConfigError("instrumentChat takes an options object.");
  const { captureUserIds = false, propagate = false } = options;
  for (const [name, value] of Object.entries({ captureUserIds, propagate }))
    if (typeof value !== "boolean") throw new ChatConfigError(`instrumentChat: ${name} must be true or false, got ${String(value)}.`);
  for (const [name, value, method] of [
    ["tracerProvider", options.tracerProvider, "getTracer"],
    ["meterProvider", options.meterProvider, "getMeter"],
  ] as const)
    if (value !== undefined && typeof (value as unknown as Record<string, unknown> | null)?.[method] !== "function")
      throw new ChatConfigError(`instrumentChat: ${name} must be an OpenTelemetry ${name} (with ${method}()).`);
  const holder = globalThis as Holder;
  holder[CURRENT]?.();
  const channels = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process?.getBuiltinModule?.(
    "node:diagnostics_channel",
  ) as Channels | undefined;
  if (!channels) return () => {};

  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer("chat-rest-sdk", SDK_VERSION);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter("chat-rest-sdk", SDK_VERSION);
  const durations = meter.createHistogram("http.client.request.duration", {
    unit: "s",
    description: "Duration of HTTP client requests.",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const waits = meter.createHistogram("chat.rate_limit.wait.duration", {
    unit: "s",
    description: "Time a request waited for room under the client's rate limits before it was sent.",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const unsubscribes = [
    subscribeCalls(channels, tracer, captureUserIds),
    subscribeAttempts(channels, tracer, durations, waits, { captureUserIds, propagate }),
    subscribeWebhooks(channels, tracer),
  ];
  const stop = () => {
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    if (holder[CURRENT] === stop) delete holder[CURRENT];
  };
  holder[CURRENT] = stop;
  return stop;
}
