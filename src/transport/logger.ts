/**
 * Where the SDK reports what it does. `console` fits; so do pino, winston and most loggers.
 * The SDK logs method, path template, status, attempt and duration: never credentials,
 * header values or bodies.
 */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
