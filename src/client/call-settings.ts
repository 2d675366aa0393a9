import { checkHeaders, type CallInit } from "../safety/input-checks.js";
import type { ClientConfig } from "./client-config.js";
import type { Logger } from "./logger.js";
import { resolveRequestOptions, type RequestOptions, type ResolvedRequestOptions } from "./request-options.js";

/** The SDK's own options of one call (retries, timeouts, logger, User-Agent), which never reach fetch. */
export const CALL_OPTIONS = ["maxRetries", "timeoutMs", "deadlineMs", "maxResponseBytes", "idempotent", "logger", "userAgent"];

/** The settings one call runs with: its own options over the client's. */
export interface CallSettings {
  options: ResolvedRequestOptions;
  logger: Logger | undefined;
  /** A per-call `userAgent`, which replaces the client's header. */
  userAgent: string | undefined;
}

/** Merges a call's options over its client's, once, and checks them. */
export function callSettings(config: ClientConfig, init: CallInit | undefined): CallSettings {
  let set = false;
  if (init) for (const key of CALL_OPTIONS) set ||= init[key] !== undefined;
  // Most calls set none of them, and then the client's settings are used as they are.
  if (!set) return config.settings;
  init = init as CallInit;
  if (init.userAgent !== undefined) checkHeaders("userAgent", { "user-agent": init.userAgent });
  return {
    options: resolveRequestOptions(config.settings.options, init as RequestOptions),
    logger: (init.logger as Logger | undefined) ?? config.settings.logger,
    userAgent: init.userAgent === undefined ? undefined : String(init.userAgent),
  };
}
