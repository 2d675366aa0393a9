import { checkHeaders, type CallInit } from "../safety/input-checks.js";
import type { ClientConfig } from "./client-config.js";
import type { Logger } from "../transport/logger.js";
import type { LevelledLogger } from "../transport/log-level.js";
import { resolveRequestOptions, NUMBER_OPTIONS, type RequestOptions, type ResolvedRequestOptions } from "../transport/request-options.js";

/** The SDK's own options of one call (retries, timeouts, logger, User-Agent), which never reach fetch. */
export const CALL_OPTIONS = [...NUMBER_OPTIONS, "idempotent", "logger", "userAgent"];

/** The settings one call runs with: its own options over the client's. */
export interface CallSettings {
  options: ResolvedRequestOptions;
  /** The client's logger at its level, or a call's own `logger`, which gets every line. */
  logger: LevelledLogger | undefined;
  /** A per-call `userAgent`, which replaces the client's header. */
  userAgent: string | undefined;
}

/** Merges a call's options over its client's, once, and checks them. */
export function callSettings(config: ClientConfig, init: CallInit | undefined): CallSettings {
  // Most calls set none of them, and then the client's settings are used as they are.
  if (!init || !CALL_OPTIONS.some((key) => init[key] !== undefined)) return config.settings;
  if (init.userAgent !== undefined) checkHeaders("userAgent", { "user-agent": init.userAgent });
  return {
    options: resolveRequestOptions(config.settings.options, init as RequestOptions),
    logger: (init.logger as Logger | undefined) ?? config.settings.logger,
    userAgent: init.userAgent === undefined ? undefined : String(init.userAgent),
  };
}
