import { ChatConfigError } from "../errors/chat-config-error.js";
import type { Logger } from "./logger.js";

/** Options that shape how a call is sent. Set them per client, or per call to override. */
export interface RequestOptions {
  /**
   * How many times a failed attempt may be repeated. Only failures that are safe to repeat
   * are retried: see the retry policy in the README.
   * @default 2
   * @example 0
   */
  maxRetries?: number;
  /**
   * How long one attempt may take, from sending to the last byte of the body, in milliseconds.
   * `0` turns the per-attempt timeout off: no timer and no signal, unless you pass a `signal`.
   * At most 2147483647 (about 24.8 days), the longest timer a runtime keeps.
   * @default 30000
   * @example 5000
   */
  timeoutMs?: number;
  /**
   * How long the call may take in total, across all attempts and backoff waits, in milliseconds.
   * `0` means no deadline, e.g. to lift a client's deadline for one call. At most 2147483647.
   * @default undefined (bounded only by timeoutMs and maxRetries)
   * @example 10000
   */
  deadlineMs?: number;
  /**
   * The most bytes a response body may have, counted as it is read, after decompression (so a
   * small gzip body cannot expand into gigabytes). Past it the download stops and the call fails
   * with a `ChatInvalidResponseError`, without a retry. It applies to error bodies too, not to a
   * 2xx read with `parseAs: "stream"`. `0`: no limit. The default leaves room for the largest
   * pages the API serves (up to 1000 items), yet bounds what a broken proxy or a hostile server
   * can make each concurrent call hold in memory; raise it for a call that needs more.
   * @default 10485760 (10 MiB)
   * @example 1048576
   */
  maxResponseBytes?: number;
  /**
   * Declare a POST or PATCH safe to repeat, so it is retried like a GET after a 5xx, a timeout
   * or a dropped connection. Only set it for a call whose repetition cannot create a duplicate.
   * @default false (GET, HEAD, PUT, DELETE, OPTIONS are idempotent anyway)
   * @example true
   */
  idempotent?: boolean;
  /**
   * Receives a debug line per attempt (method, path template, status, attempt, duration), an
   * info line per retry, and deprecation warnings. Never credentials or bodies.
   * @default undefined (silent; deprecation warnings go to console.warn)
   * @example console
   */
  logger?: Logger;
  /**
   * The `User-Agent` header. Browsers do not let a page set it, so it is not sent there.
   * @default "chat-rest-sdk/<version> <runtime>/<version>", e.g. "chat-rest-sdk/0.2.0 node/20.20.2"
   * @example "billing-worker/2.3 chat-rest-sdk/0.2.0"
   */
  userAgent?: string;
}

/** The settings a call ends up with, once client and call options are merged. `0` turns a time limit off. */
export interface ResolvedRequestOptions {
  maxRetries: number;
  timeoutMs: number;
  deadlineMs: number;
  maxResponseBytes: number;
  idempotent: boolean;
}

export const REQUEST_DEFAULTS: ResolvedRequestOptions = {
  maxRetries: 2,
  timeoutMs: 30_000,
  deadlineMs: 0,
  maxResponseBytes: 10 * 2 ** 20,
  idempotent: false,
};

/** The options that are numbers, in the order they are checked. */
export const NUMBER_OPTIONS = ["maxRetries", "timeoutMs", "deadlineMs", "maxResponseBytes"] as const;

// setTimeout fires at once, with only a warning, for a delay of 2^31 ms or more.
const MAX_TIMER_MS = 2 ** 31 - 1;

function checked(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  // Written so that NaN and non-numbers fail too.
  if (!(typeof value === "number" && value >= 0 && value <= MAX_TIMER_MS)) {
    throw new ChatConfigError(`${name} must be a finite number from 0 to ${MAX_TIMER_MS}, got ${String(value)}.`);
  }
  return value;
}

/** Merges call options over client options over defaults, checking each number. */
export function resolveRequestOptions(base: ResolvedRequestOptions, override: RequestOptions): ResolvedRequestOptions {
  const resolved = { ...base, idempotent: override.idempotent ?? base.idempotent };
  for (const name of NUMBER_OPTIONS) resolved[name] = checked(name, override[name], base[name]);
  resolved.maxRetries = Math.floor(resolved.maxRetries);
  return resolved;
}
