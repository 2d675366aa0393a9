import { ChatConfigError } from "./errors/chat-config-error.js";

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
   * @default 30000
   * @example 5000
   */
  timeoutMs?: number;
  /**
   * How long the call may take in total, across all attempts and backoff waits, in milliseconds.
   * @default undefined (bounded only by timeoutMs and maxRetries)
   * @example 10000
   */
  deadlineMs?: number;
  /**
   * Declare a POST or PATCH safe to repeat, so it is retried like a GET after a 5xx, a timeout
   * or a dropped connection. Only set it for a call whose repetition cannot create a duplicate.
   * @default false (GET, HEAD, PUT, DELETE, OPTIONS are idempotent anyway)
   * @example true
   */
  idempotent?: boolean;
}

/** The settings a call ends up with, once client and call options are merged. */
export interface ResolvedRequestOptions {
  maxRetries: number;
  timeoutMs: number;
  deadlineMs: number | undefined;
  idempotent: boolean;
}

export const REQUEST_DEFAULTS: ResolvedRequestOptions = {
  maxRetries: 2,
  timeoutMs: 30_000,
  deadlineMs: undefined,
  idempotent: false,
};


function nonNegative(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
    throw new ChatConfigError(`${name} must be a finite number >= 0, got ${String(value)}.`);
  }
}

/** Merges call options over client options over defaults, checking each number. */
export function resolveRequestOptions(base: ResolvedRequestOptions, override: RequestOptions): ResolvedRequestOptions {
  nonNegative("maxRetries", override.maxRetries);
  nonNegative("timeoutMs", override.timeoutMs);
  nonNegative("deadlineMs", override.deadlineMs);
  return {
    maxRetries: Math.floor(override.maxRetries ?? base.maxRetries),
    timeoutMs: override.timeoutMs ?? base.timeoutMs,
    deadlineMs: override.deadlineMs ?? base.deadlineMs,
    idempotent: override.idempotent ?? base.idempotent,
  };
}
