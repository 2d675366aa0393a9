// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { appendFileSync, writeFileSync } from "node:fs";
import type { Middleware } from "openapi-fetch";
import { operations } from "../../../generated/manifest";
import { SDK_VERSION } from "../../client/user-agent";
import { ON_BEHALF_OF } from "../../safety/acting-user";
import { type RecordedExchange, type RecordedResponse, type Recording, RECORDING_FORMAT, type RecordingHeader } from "./recording";
import { Scrubber } from "./scrub";

/** Options of {@link recordTraffic}. */
export interface RecordTrafficOptions {
  /**
   * A file to write the recording to, as NDJSON: created (or emptied) at the first exchange, then
   * one line appended as each exchange ends, so a process that stops midway leaves every exchange
   * before it readable. Without one, the recording is only kept in memory (`recorder.recording`).
   * @default undefined
   * @example "staging-recording.ndjson"
   */
  file?: string;
  /**
   * Replace user ids and message texts with pseudonyms (`user-1`, `text-1`), the same input
   * always giving the same pseudonym within the recording, so that a replay still links them.
   * Credentials are replaced whatever this says.
   * @default true
   * @example false
   */
  pseudonyms?: boolean;
  /**
   * More values that must never reach the recording (a webhook password your code sends, a
   * signing secret). The credentials the client sends (`apikey`, `key`, `secret`) and every value
   * under a key named like a credential (`authToken`, `apiKey`, `password`, ...) are replaced anyway.
   * @default []
   * @example [process.env.WEBHOOK_PASSWORD!]
   */
  secrets?: string[];
  /**
   * The app's ID, kept in the recording's header so that a replay can map it to the fake's.
   * Read from the Chat or Calls host when not given.
   * @default the first label of the Chat or Calls host
   * @example "2a1b3c4d5e6f7a8b"
   */
  appId?: string;
  /**
   * The app's auth-only key, when a client that sends it is recorded too: its exchanges are marked,
   * so that a replay sends the fake's auth-only key for them. Never written to the recording.
   * @default undefined
   * @example process.env.CHAT_AUTH_KEY
   */
  authOnlyKey?: string;
  /**
   * The clock of each exchange's `time`. A replay runs the fake's clock at these times, so a test
   * that records against the fake passes the fake's clock, and its replay sees the same seconds.
   * @default Date.now
   * @example () => fake.clock.now()
   */
  now?: () => number;
}

type Hook<K extends "onRequest" | "onResponse" | "onError"> = NonNullable<Extract<Middleware, Record<K, unknown>>[K]>;

/** A middleware that records every exchange of the clients that use it. */
export interface TrafficRecorder {
  /**
   * The recording so far: its header and the exchanges, in the order they were sent. Every
   * exchange is kept here, in memory, for as long as the recorder lives, also when it writes a file.
   */
  readonly recording: Recording;
  onRequest: Hook<"onRequest">;
  onResponse: Hook<"onResponse">;
  onError: Hook<"onError">;
}

/** Operation ids by "METHOD path template". */
const OPERATIONS = new Map<string, { operationId: string; api: string }>(
  operations.map((op) => [`${op.method} ${op.path}`, { operationId: op.operationId, api: op.api }]),
);

/** The answer's headers a client acts on. */
const KEPT_HEADERS = /^(retry-after|x-ratelimit-.*)$/;

/** The body of a request or an answer as JSON, as text when it is not JSON, or a multipart body's fields. */
async function bodyOf(message: Request | Response): Promise<unknown> {
  const type = message.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const fields: Record<string, unknown> = {};
    const form = await message.clone().formData();
    // FormData's iterator is not in the DOM typings this package compiles against.
    for (const [name, value] of (form as unknown as { entries(): Iterable<[string, FormDataEntryValue]> }).entries())
      fields[name] = typeof value === "string" ? value : { $file: value.name, size: value.size };
    return { $multipart: fields };
  }
  const text = await message.clone().text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface Pending {
  exchange: RecordedExchange;
  started: number;
}

/**
 * Records every exchange of a client, for `verifyFake` to replay through the fake: the
 * operationId, the method, the path template and its parameters, the request's body, the
 * answer's status, its rate-limit and `Retry-After` headers and its body, and the time. Add it
 * with `client.use(recorder)`; a client made with `as(uid)` shares its client's middleware. It
 * sees what the client's middleware sees: one exchange per call, the answer after the SDK's
 * retries. Credentials never reach the recording; user ids and message texts become pseudonyms
 * unless `pseudonyms: false`. The format is described in `src/testing/record/README.md`.
 *
 * @example
 * const recorder = recordTraffic({ file: "staging.ndjson" });
 * const chat = createChatClient({ appId: process.env.CHAT_APP_ID!, apiKey: process.env.CHAT_API_KEY!, region: "eu" });
 * chat.use(recorder);
 * await chat.GET("/users"); // one line in staging.ndjson
 */
export function recordTraffic(options: RecordTrafficOptions = {}): TrafficRecorder {
  const clock = options.now ?? Date.now;
  const scrubber = new Scrubber(options.pseudonyms ?? true, [...(options.secrets ?? [])]);
  const authOnlyLabel = options.authOnlyKey ? scrubber.label("apikey", options.authOnlyKey) : undefined;
  const header: RecordingHeader = {
    format: RECORDING_FORMAT,
    recordedAt: new Date().toISOString(),
    pseudonyms: scrubber.pseudonyms,
    recorder: `chat-rest-sdk/${SDK_VERSION}`,
    ...(options.appId && { appId: options.appId }),
    ...(authOnlyLabel && { authOnlyKeys: [authOnlyLabel] }),
  };
  const recording: Recording = { header, exchanges: [] };
  const pending = new Map<string, Pending>();
  let seq = 0;
  let started = false;

  const write = (exchange: RecordedExchange) => {
    const line = scrubber.line(exchange);
    // In `seq` order: an answer that ends before an earlier call's goes in before it.
    const kept = JSON.parse(line) as RecordedExchange;
    let at = recording.exchanges.length;
    while (at > 0 && recording.exchanges[at - 1]!.seq > kept.seq) at--;
    recording.exchanges.splice(at, 0, kept);
    if (!options.file) return;
    if (!started) writeFileSync(options.file, `${JSON.stringify(header)}\n`);
    started = true;
    appendFileSync(options.file, `${line}\n`);
  };

  const finish = (id: string, response: RecordedResponse | undefined, error?: unknown) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    entry.exchange.durationMs = clock() - entry.started;
    if (response) entry.exchange.response = response;
    else entry.exchange.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    write(entry.exchange);
  };

  return {
    recording,
    async onRequest({ request, schemaPath, params, id }) {
      const now = clock();
      const url = new URL(request.url);
      header.appId ??= /^([a-z0-9]+)\.(api|call)-/i.exec(url.hostname)?.[1];
      const known = OPERATIONS.get(`${request.method} ${schemaPath}`);
      const { path, query } = params as { path?: Record<string, string>; query?: Record<string, unknown> };
      const apiKey = request.headers.get("apikey");
      const key = request.headers.get("key");
      const secret = request.headers.get("secret");
      if (secret) scrubber.placeholder("secret", secret);
      const credential = apiKey ? scrubber.label("apikey", apiKey) : key ? scrubber.label("management", key) : undefined;
      // The header as it was sent: the acting user is decided by the client (src/safety/acting-user.ts), not here.
      const onBehalfOf = request.headers.get(ON_BEHALF_OF) ?? undefined;
      const exchange: RecordedExchange = {
        seq: ++seq,
        time: new Date(now).toISOString(),
        durationMs: 0,
        ...(known && { operationId: known.operationId, api: known.api }),
        method: request.method,
        path: schemaPath,
        params: {
          ...(path && Object.keys(path).length && { path: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, String(v)])) }),
          ...(query && Object.keys(query).length && { query }),
        },
        ...(onBehalfOf !== undefined && { onBehalfOf }),
        ...(credential && { credential }),
      };
      const body = request.body ? await bodyOf(request) : undefined;
      if (body !== undefined) exchange.requestBody = body;
      pending.set(id, { exchange, started: now });
    },
    async onResponse({ response, id }) {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (KEPT_HEADERS.test(name)) headers[name] = value;
      });
      const body = await bodyOf(response);
      finish(id, { status: response.status, headers, ...(body !== undefined && { body }) });
    },
    onError({ error, id }) {
      finish(id, undefined, error);
    },
  };
}
