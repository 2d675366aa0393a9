// The recording's format: one JSON object per line (NDJSON), a header first, then one line per
// exchange. Why NDJSON and not HAR: see README.md beside this file.
import { readFileSync } from "node:fs";

/** The format and version every recording's header names; a reader refuses any other. */
export const RECORDING_FORMAT = "chat-rest-sdk/recording@1";

/** The first line of a recording: what was recorded, and how it was scrubbed. */
export interface RecordingHeader {
  format: typeof RECORDING_FORMAT;
  /** When the recorder was made, as an ISO 8601 time. */
  recordedAt: string;
  /** The app the exchanges went to, when the recorder knew it (from its option or the Chat host). */
  appId?: string;
  /** Whether user ids and message texts were replaced by pseudonyms. */
  pseudonyms: boolean;
  /** The labels of API keys that were auth-only keys (`apikey-2`), so a replay sends the fake's auth-only key for them. */
  authOnlyKeys?: string[];
  /** What made the recording, e.g. `chat-rest-sdk/0.2.0`. */
  recorder?: string;
}

/** The answer of one exchange, or why there was none. */
export interface RecordedResponse {
  status: number;
  /** Only the headers that carry meaning for a client: `retry-after` and the `x-ratelimit-*` headers. */
  headers: Record<string, string>;
  /** The parsed JSON body; a body that is not JSON is kept as text. Absent when the answer had none. */
  body?: unknown;
}

/** One request and its answer, scrubbed. */
export interface RecordedExchange {
  /** The order the requests were sent in, from 1: a replay follows it. */
  seq: number;
  /** When the request was sent, as an ISO 8601 time. */
  time: string;
  /** From the request to the end of the answer's body, in milliseconds. */
  durationMs: number;
  /** The spec's operationId; undefined for a path and method the spec does not have. */
  operationId?: string;
  /** Which API served it: `chat`, `calls` or `management`. */
  api?: string;
  method: string;
  /** The path template, e.g. `/users/{uid}`. */
  path: string;
  params: { path?: Record<string, string>; query?: Record<string, unknown> };
  /** The user the request acted for (the `onBehalfOf` header). */
  onBehalfOf?: string;
  /** Which credential was sent, by label (`apikey-1`, `management-1`), never its value. */
  credential?: string;
  /** The JSON body; a multipart body as `{ "$multipart": { field: value } }`, files as `{ "$file": name, size }`. */
  requestBody?: unknown;
  /** The answer; absent when no answer came, with `error` saying why. */
  response?: RecordedResponse;
  error?: string;
}

/** A whole recording, as {@link parseRecording} reads it. */
export interface Recording {
  header: RecordingHeader;
  exchanges: RecordedExchange[];
}

/**
 * The NDJSON text of a recording: the header's line, then one line per exchange.
 *
 * @example
 * const text = formatRecording(readRecording("staging.ndjson"));
 * console.log(text.split("\n")[0]); // {"format":"chat-rest-sdk/recording@1",...}
 */
export function formatRecording(recording: Recording): string {
  return [recording.header, ...recording.exchanges].map((line) => `${JSON.stringify(line)}\n`).join("");
}

/**
 * Reads a recording's NDJSON text: the header, then the exchanges sorted by `seq` (a recorder
 * writes an exchange when its answer ends, so concurrent calls may be written out of order).
 * Throws a TypeError naming the line that is not one.
 *
 * @example
 * const recording = parseRecording('{"format":"chat-rest-sdk/recording@1","recordedAt":"2026-01-05T09:00:00Z","pseudonyms":true}\n');
 * console.log(recording.exchanges.length); // 0
 */
export function parseRecording(text: string): Recording {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const parse = (line: string, at: number) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new TypeError(`recording: line ${at + 1} is not JSON.`);
    }
  };
  const header = lines.length ? parse(lines[0]!, 0) : undefined;
  if (header?.format !== RECORDING_FORMAT)
    throw new TypeError(
      `recording: the first line must be a header with format "${RECORDING_FORMAT}" (got ${JSON.stringify(header?.format)}).`,
    );
  const exchanges = lines.slice(1).map((line, at) => {
    const exchange = parse(line, at + 1);
    if (typeof exchange.seq !== "number" || typeof exchange.method !== "string" || typeof exchange.path !== "string")
      throw new TypeError(`recording: line ${at + 2} is not an exchange (it needs seq, method and path).`);
    return exchange as unknown as RecordedExchange;
  });
  return { header: header as unknown as RecordingHeader, exchanges: exchanges.sort((a, b) => a.seq - b.seq) };
}

/**
 * Reads a recording file written by `recordTraffic`, as {@link parseRecording} reads its text.
 *
 * @example
 * const { header, exchanges } = readRecording("staging.ndjson");
 * console.log(header.appId, exchanges.length);
 */
export function readRecording(file: string): Recording {
  return parseRecording(readFileSync(file, "utf8"));
}
