import type { CallInit } from "../safety/input-checks.js";
import type { AttemptResult } from "../transport/attempt.js";
import type { TracedAttempt } from "../transport/transport.js";

/** Who made a call and where it went, as every message of the call and its attempts carries it. */
export interface CallDescription {
  /** The call's id, shared by its attempts and the logger's lines about it. */
  callId: string;
  /**
   * The app the client is for (its `appId`, in lower case, as the service's hosts name it), so that
   * a backend of several apps tells their calls apart; undefined for the Management API's client,
   * which acts for the account.
   */
  appId: string | undefined;
  /** The operation's `operationId` in the spec, e.g. `send-thread-message`; undefined for a path the spec does not list. */
  operationId: string | undefined;
  /** HTTP method, upper case. */
  method: string;
  /**
   * The path template from the spec, e.g. `/messages/{id}/thread`, also for a path the caller
   * filled in (`/messages/1843/thread`). A path the spec does not know keeps only the words of the
   * spec's paths, the rest reading `{segment}`.
   */
  path: string;
  /** The service's host name and port. */
  serverAddress: string;
  serverPort: number;
  /**
   * The URL the call goes to, without its query (which may carry anything); a UID, a conversation
   * id, an API key, an auth token or a push token in the path, and any of the client's
   * credentials, read `REDACTED`.
   */
  url: string;
  /** Whether the call acts as a user (`onBehalfOf`); never which one. */
  onBehalfOf: boolean;
  /**
   * The call's UIDs, for a subscriber that was asked to record them: the acting user and the URL
   * with its UIDs unmasked (credentials stay masked). A method, so that a subscriber that logs the
   * message whole does not log them.
   */
  userIds(): { onBehalfOf: string | undefined; url: string };
}

/** How a call or an attempt ended, filled in before its `asyncEnd` (or `error`) event. */
export interface Outcome {
  /** The answer's HTTP status. */
  status?: number;
  /**
   * Why it failed: the status as a string for an answer of 400 or more (`"503"`), the kind of a
   * failed attempt (`timeout`, `refused`, `dns`, `network`), else the thrown error's class name
   * (`RateLimitError`, `ChatConfigError`, `ChatTimeoutError`, `AbortError`, ...).
   */
  errorType?: string;
  /** The service's error code (`ERR_UID_NOT_FOUND`), or the runtime's for a connection (`ECONNREFUSED`). */
  errorCode?: string;
}

/**
 * The message of the `chat-rest-sdk:call` TracingChannel of `node:diagnostics_channel`, one per
 * call, from before its input is checked to its result. `start` comes in the caller's async
 * context; `asyncEnd` comes with `result` (the `{ data, error, response }` the caller gets: a
 * non-2xx answer resolves), and `error` with the error the call rejects with.
 */
export interface CallDiagnostics extends CallDescription, Outcome {
  /** Attempts sent so far; 0 for a call refused before sending (bad input, or the rate-limit governor). */
  attempts: number;
  /** Milliseconds the call's attempts waited for rate-limit room, in all. */
  rateLimitWaitMs: number;
  /** Whose limit the call last waited for, or refused it: `user` or `app`. */
  rateLimitScope?: "user" | "app";
  /** Set by the channel when the call resolves. */
  result?: { data?: unknown; error?: unknown; response: Response };
  /** Set by the channel when the call rejects. */
  error?: unknown;
}

/**
 * The message of the `chat-rest-sdk:attempt` TracingChannel: one per request sent for a call
 * (a retry is another attempt), published after its wait for rate-limit room. `asyncEnd` comes
 * with `result`: the answer and its body, or how the attempt failed.
 */
export interface AttemptDiagnostics extends CallDescription, Outcome {
  /** The message of the call this attempt belongs to. */
  call: CallDiagnostics;
  /** 1 for the first request, 2 for the first retry, and so on. */
  attempt: number;
  /** Milliseconds this attempt waited for rate-limit room before it was sent. */
  rateLimitWaitMs: number;
  /** Whose limit it waited for: `user` or `app`. */
  rateLimitScope?: "user" | "app";
  /**
   * Sets a header on the request, for trace propagation (`traceparent`); only in the `start`
   * event, before the request is sent. A credential header or `onBehalfOf` cannot be set.
   */
  setHeader(name: string, value: string): void;
  result?: AttemptResult;
  error?: unknown;
}

/**
 * What a traced call hands to sendCall: its id, the attempt runner the transport runs each attempt
 * through, and the user the call acts as, which the trace worked out once to describe the call.
 */
export interface CallTrace {
  /** The call's id. */
  id: string;
  /** Runs attempt `n` under the attempt channel. */
  attempt: TracedAttempt;
  /** The user the call acts as, as `actingUser` decided it (undefined for the app); throws what it threw. */
  user(): string | undefined;
}

/** What describing a traced call reads of its client's config. */
export interface TracedConfig {
  baseUrl: string;
  /** The client's app, in lower case; undefined for the Management API's client. */
  appId?: string | undefined;
  secrets: readonly string[];
  credentialNames: readonly string[];
}

/** A call's answer, as a traced call reads how it ended. */
export interface CallAnswer {
  response: Response;
  error?: unknown;
}

/**
 * The one way a call is sent (sendCall), which the client's entry passes in: the diagnostics
 * import nothing of the client, which sits above them on the request path.
 */
export type SendCall<C extends TracedConfig, R extends CallAnswer> = (
  config: C,
  method: string,
  path: string,
  init: CallInit | undefined,
  boundUid: string | undefined,
  trace?: CallTrace,
) => Promise<R>;
