import { redactText, redactValue } from "./redact.js";
import { mayHaveBeenProcessed, retryAfterSeconds } from "./retry-policy.js";
import { brand, ChatError } from "./chat-error.js";

/** What the SDK knows about the call that failed; never the credentials. */
export interface FailedCall {
  /** HTTP method, e.g. `POST`. */
  method: string;
  /** The path template of the operation, e.g. `/messages/{id}/thread`. */
  path: string;
  /**
   * Whether the call was safe to repeat. `false` marks a POST or PATCH (without
   * `idempotent: true`), which the SDK never repeats after a 5xx; the message then says so.
   */
  idempotent?: boolean;
  /** The request URL; a connection error names it, without its query, as where the call went. */
  url?: string;
  /** Set by the transport once the call is over: whether an attempt of it may have been applied. */
  mayHaveReachedService?: boolean;
}

/** A failed call, with the strings the error must mask: what the service could echo is redacted before the error exists. */
export interface RedactedCall extends FailedCall {
  /** The client's credentials; kept by no field of the error. */
  secrets?: readonly string[];
}

/** Fields of the service's error envelope, as far as a body provided them. */
interface ErrorBody {
  code?: string;
  message?: string;
  devMessage?: string;
  details?: Record<string, unknown>;
}

// An HTML page from a proxy or a truncated body must still give a readable message.
function describeBody(body: unknown): string {
  if (body === undefined || body === "") return "empty body";
  const flat = (typeof body === "string" ? body : JSON.stringify(body)).replace(/\s+/g, " ").trim();
  return `non-JSON body: ${flat.length > 200 ? `${flat.slice(0, 200)}…` : flat}`;
}

/**
 * Thrown by {@link unwrap} (and the pagination helper) when the service answers with a status
 * outside 2xx. The subclass tells the status family; `code` tells the service's reason.
 *
 * It carries no request headers. The service's answer may echo a credential: given the
 * call's secrets, the message, `body`, `code`, `details` and `requestId` are masked (as
 * `[REDACTED]`) before the error is built, so its stack never holds them either.
 *
 * @example
 * const failed = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "cometchat-uid-9" } } })).catch((e: unknown) => e);
 * if (failed instanceof ChatApiError) console.log(failed.status, failed.code, failed.requestId); // 404 ERR_UID_NOT_FOUND ...
 */
export class ChatApiError extends ChatError {
  override name = "ChatApiError";
  // Declared, not defined: the constructor assigns every field, so no field initializers are emitted.
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The service's error code, e.g. `ERR_UID_NOT_FOUND`, when the body had one. */
  declare readonly code: string | undefined;
  /**
   * Per-field validation messages, when the service sent them. The mock of `chat-rest-sdk/testing`
   * names the parameters and fields it rejected here, e.g. `{ perPage: [...] }`.
   */
  declare readonly details: Record<string, unknown> | undefined;
  /** HTTP method of the failed call. */
  declare readonly method: string;
  /** Path template of the failed call, e.g. `/users/{uid}/auth_tokens`. */
  declare readonly path: string;
  /** The service's request id (`x-request-id`), when the response had one. */
  declare readonly requestId: string | undefined;
  /** The parsed body (or its text when it was not JSON). */
  declare readonly body: unknown;
  /**
   * Whether an attempt of the call may have been applied: `true` after a 5xx, or when an earlier
   * attempt's connection closed after the request was written, timed out, or was answered with a
   * 5xx (so a DELETE answered 404 on its retry may have been applied by the first attempt);
   * `false` when no attempt can have been applied (a 429, or a 4xx with no such attempt before it).
   * @example
   * if (error instanceof NotFoundError && error.mayHaveReachedService) console.warn("deleted by an earlier attempt?");
   */
  declare readonly mayHaveReachedService: boolean;

  constructor(status: number, body: unknown, headers: Headers, call: RedactedCall, message?: string) {
    const secrets = call.secrets ?? [];
    body = redactValue(body, secrets);
    const error = (body as { error?: unknown } | null)?.error;
    const envelope = error && typeof error === "object" ? (error as ErrorBody) : undefined;
    const reason = envelope?.message ?? envelope?.devMessage ?? describeBody(body);
    // A 5xx does not tell whether the service applied the request before failing; a caller
    // about to send a message again needs to know that the SDK did not.
    const unsure =
      call.idempotent === false && mayHaveBeenProcessed({ kind: "status", status }, false)
        ? "; it may have been processed, so it was not repeated"
        : "";
    super(
      redactText(
        message ?? `${call.method} ${call.path} failed with ${status}${envelope?.code ? ` ${envelope.code}` : ""}: ${reason}${unsure}`,
        secrets,
      ),
    );
    this.status = status;
    this.code = envelope?.code;
    this.details = envelope?.details;
    this.method = call.method;
    this.path = call.path;
    const requestId = headers.get("x-request-id");
    this.requestId = requestId === null ? undefined : redactText(requestId, secrets);
    this.body = body;
    this.mayHaveReachedService = call.mayHaveReachedService === true || (status >= 500 && call.mayHaveReachedService === undefined);
  }

  /** Builds the subclass that matches the status. */
  static from(status: number, body: unknown, headers: Headers, call: RedactedCall, message?: string): ChatApiError {
    let Class: typeof ChatApiError = status >= 500 ? InternalServerError : ChatApiError;
    for (const Status of API_ERROR_CLASSES) if (Status.status === status) Class = Status;
    return new Class(status, body, headers, call, message);
  }

  /** The status this class stands for; undefined for a class that stands for a range. */
  declare static readonly status: number | undefined;
}
brand(ChatApiError, "api");

/**
 * 400: the service rejected the input; see `details` for the fields.
 * @example
 * const error = await unwrap(chat.GET("/users", { params: { query: { perPage: 5000 } } })).catch((e: unknown) => e);
 * if (error instanceof BadRequestError) console.log(error.details?.perPage);
 */
export class BadRequestError extends ChatApiError {
  static override readonly status = 400;
  override name = "BadRequestError";
}
/**
 * 401: the key is missing, wrong or revoked.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (error instanceof AuthenticationError) console.log(error.code); // AUTH_ERR_APIKEY_NOT_FOUND;
 */
export class AuthenticationError extends ChatApiError {
  static override readonly status = 401;
  override name = "AuthenticationError";
}
/**
 * 403: the key is valid but its scope does not allow the operation (e.g. an `authOnly` key).
 * @example
 * const error = await unwrap(chat.GET("/apikeys")).catch((e: unknown) => e);
 * if (error instanceof PermissionDeniedError) console.log(error.code); // AUTH_ERR_NO_ACCESS;
 */
export class PermissionDeniedError extends ChatApiError {
  static override readonly status = 403;
  override name = "PermissionDeniedError";
}
/**
 * 404: the user, group or message named in the path does not exist.
 * @example
 * const error = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "cometchat-uid-9" } } })).catch((e: unknown) => e);
 * if (error instanceof NotFoundError) console.log(error.code); // ERR_UID_NOT_FOUND;
 */
export class NotFoundError extends ChatApiError {
  static override readonly status = 404;
  override name = "NotFoundError";
}
/**
 * 409: the resource already exists.
 * @example
 * const error = await unwrap(chat.POST("/users", { body: { uid: "cometchat-uid-1", name: "Again" } })).catch((e: unknown) => e);
 * if (error instanceof ConflictError) console.log(error.code); // ERR_UID_ALREADY_EXISTS;
 */
export class ConflictError extends ChatApiError {
  static override readonly status = 409;
  override name = "ConflictError";
}
/**
 * 422: the input is well-formed but cannot be processed.
 * @example
 * const error = await unwrap(chat.POST("/users", { body: { uid: "cometchat-uid-9", name: "Amara" } })).catch((e: unknown) => e);
 * if (error instanceof UnprocessableEntityError) console.log(error.details);
 */
export class UnprocessableEntityError extends ChatApiError {
  static override readonly status = 422;
  override name = "UnprocessableEntityError";
}
/** Why a client's `rateLimits` refused a call before sending it. */
export interface RateLimitRefusal {
  /** Whose limit had no room: the acting user's, or the app's. */
  scope: "user" | "app";
  /** The key counted, e.g. `<appId>:sendMessage:<uid>` or `<appId>:standard`. */
  key: string;
  /** How long the call would have had to wait for room, in milliseconds. */
  waitMs: number;
}

/**
 * 429: rate limited, in one of two ways. The service answered 429 (`ERR_TOO_MANY_REQUESTS`), and
 * `retryAfter` says how many seconds to wait, when it said. Or the client's `rateLimits` refused
 * the call before sending it, because its wait for room would have passed `maxWaitMs` (or the
 * call's budget): then nothing was sent, `scope`, `key` and `waitMs` say why, `status` is 429,
 * `code` is `ERR_TOO_MANY_REQUESTS` and `retryAfter` is `waitMs` in whole seconds. A refusal
 * rejects the call itself, as a `ChatConfigError` does; a 429 answer comes back as the call's
 * `error` (and `unwrap` throws it).
 *
 * @example
 * try {
 *   await unwrap(chat.as("cometchat-uid-1").POST("/messages", { body: { receiver: "cometchat-uid-2", receiverType: "user", type: "text", data: { text: "Hi" } } }));
 * } catch (error) {
 *   if (error instanceof RateLimitError && error.scope) console.warn(`not sent: ${error.key} needs ${error.waitMs} ms`);
 *   else throw error;
 * }
 */
export class RateLimitError extends ChatApiError {
  static override readonly status = 429;
  override name = "RateLimitError";
  /** Seconds to wait before the next attempt, from `Retry-After`. */
  declare readonly retryAfter: number | undefined;
  /** Set only on a refusal by the client's `rateLimits` (nothing was sent): whose limit had no room. */
  declare readonly scope: RateLimitRefusal["scope"] | undefined;
  /** Set only on a refusal: the key that had no room. */
  declare readonly key: string | undefined;
  /** Set only on a refusal: the wait the call would have needed, in milliseconds. */
  declare readonly waitMs: number | undefined;
  constructor(status: number, body: unknown, headers: Headers, call: RedactedCall, message?: string) {
    super(status, body, headers, call, message);
    this.retryAfter = retryAfterSeconds(headers);
  }
}
/**
 * 5xx: the service or a proxy in front of it failed.
 * @example
 * const error = await unwrap(chat.GET("/users")).catch((e: unknown) => e);
 * if (error instanceof InternalServerError) console.log(error.status, error.requestId);
 */
export class InternalServerError extends ChatApiError {
  override name = "InternalServerError";
}

/**
 * Every API error class of one status: `from` picks one by its `status`. A new class is added
 * here, and only here. (The guards read the brand every `ChatApiError` carries, not this list.)
 */
export const API_ERROR_CLASSES: (typeof ChatApiError)[] = [
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
];
