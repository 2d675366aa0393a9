import { ChatConfigError } from "../errors/chat-config-error.js";
import type { Logger } from "./logger.js";

/** The lines a client logs: those of its level and above. `"off"` logs none, not even deprecation warnings. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/**
 * A logger as a call holds it: the methods below its level left out, so that the transport builds
 * no line, and reads no clock, that nobody would receive.
 */
export type LevelledLogger = Partial<Logger>;

const LEVELS = ["debug", "info", "warn", "error", "off"];

/** The level `env.CHAT_LOG` names (any case, spaces around ignored), or `undefined` for none or any other value. */
export function logLevelFromEnv(env: Record<string, string | undefined> | undefined): LogLevel | undefined {
  const value = env?.CHAT_LOG?.trim().toLowerCase();
  return LEVELS.includes(value!) ? (value as LogLevel) : undefined;
}

// `CHAT_LOG`, read once, when the first client needs it, where `process.env` exists (not in a browser or a Worker without it).
let fromEnv: [LogLevel | undefined] | undefined;

/**
 * The logger a client's calls use. An explicit `logLevel` wins; with none, a client given a
 * `logger` logs every line to it, as it always has, and a client given neither follows `CHAT_LOG`,
 * else logs warnings and errors (deprecations) to the console.
 */
export function levelledLogger(logger: Logger | undefined, level: LogLevel | undefined): LevelledLogger | undefined {
  const from = LEVELS.indexOf(
    level ?? (logger ? "debug" : ((fromEnv ??= [logLevelFromEnv((globalThis as { process?: { env?: {} } }).process?.env)])[0] ?? "warn")),
  );
  if (from < 0) throw new ChatConfigError(`logLevel must be one of ${LEVELS}, got ${level}.`);
  const to = logger ?? console;
  const levelled: LevelledLogger = {};
  // Looked up at each line, not bound once: a logger's methods may be replaced (or spied on) later.
  for (const name of LEVELS.slice(from, 4) as (keyof Logger)[]) levelled[name] = (...line) => to[name](...line);
  return from < 4 ? levelled : undefined;
}
