import { ChatConfigError } from "chat-rest-sdk";
import { checkCount, checkFunction, checkOptions, checkSignal } from "./check-input.js";
import { checkCheckpoint, type JobCheckpoint } from "./job-checkpoint.js";
import { type JobProgress, progressOf } from "./job-progress.js";

/** Options every export takes. */
export interface ExportOptions {
  /**
   * Receives a checkpoint (under 1 KB of JSON) every `checkpointEvery` lines handled, and at the
   * end (also when the loop stops early): how many lines were handled and where the list goes on.
   * A line counts as handled once the loop that got it asks for the next one, so write each line
   * before asking for the next; a loop left with `break` leaves its last line uncounted (a resumed
   * export yields it again): stop with `signal` instead.
   * @default undefined (no checkpoints)
   * @example (checkpoint) => writeFileSync("export.checkpoint.json", JSON.stringify(checkpoint))
   */
  onCheckpoint?: (checkpoint: JobCheckpoint) => void;
  /**
   * A checkpoint of an earlier run of the same export: the lines it covers are not yielded again.
   * Keep the output as it was at that checkpoint (truncate what was written after it).
   * @default undefined (from the start of the list)
   * @example JSON.parse(readFileSync("export.checkpoint.json", "utf8"))
   */
  resumeFrom?: JobCheckpoint;
  /**
   * How many lines a checkpoint is apart.
   * @default 100
   * @example 1000
   */
  checkpointEvery?: number;
  /**
   * Called with the progress after each page the list is read by, and once at the end.
   * @default undefined (no progress reports)
   * @example ({ done, rate }) => console.log(`${done} lines, ${rate}/s`)
   */
  onProgress?: (progress: JobProgress) => void;
  /**
   * How many items the list holds, when known, for the time left in the progress.
   * @default undefined (no estimate)
   * @example 100_000
   */
  total?: number;
  /**
   * Stops the export before the next line, with a last checkpoint.
   * @default undefined (runs to the list's end)
   * @example controller.signal
   */
  signal?: AbortSignal;
  /**
   * How many items each request reads.
   * @default 100
   * @example 1000
   */
  pageSize?: number;
}

export const EXPORT_OPTIONS = ["onCheckpoint", "resumeFrom", "checkpointEvery", "onProgress", "total", "signal", "pageSize"] as const;

/** An item of a list, with where the list goes on after it. */
export interface Positioned<T> {
  item: T;
  /** The position to resume after this item. */
  position: Record<string, string | number>;
  /** Whether this item ends a page (a moment to report progress). */
  pageEnd: boolean;
}

/** The checked options of an export, for `read` (which starts the list at `resumeFrom`'s position). */
export function exportSettings(where: string, job: string, options: ExportOptions | undefined) {
  const checked = checkOptions<ExportOptions>(`${where} options`, options, EXPORT_OPTIONS);
  checkSignal(`${where} options.signal`, checked.signal);
  const total = checked.total;
  if (total !== undefined && !(Number.isSafeInteger(total) && total >= 0))
    throw new ChatConfigError(`${where} options.total must be a whole number; nothing was sent.`);
  return {
    onCheckpoint: checkFunction<(checkpoint: JobCheckpoint) => void>(`${where} options.onCheckpoint`, checked.onCheckpoint),
    onProgress: checkFunction<(progress: JobProgress) => void>(`${where} options.onProgress`, checked.onProgress),
    resumeFrom: checkCheckpoint(`${where} options.resumeFrom`, job, checked.resumeFrom),
    checkpointEvery: checkCount(`${where} options.checkpointEvery`, checked.checkpointEvery, 100, 1_000_000),
    pageSize: checkCount(`${where} options.pageSize`, checked.pageSize, 100, 1000),
    total,
    signal: checked.signal,
  };
}

/**
 * Yields each item of `items` as one NDJSON line (its JSON and a newline), with checkpoints and
 * progress as `settings` ask. The checkpoint of a line is handed over once the consumer asks for
 * the next one (or ends the loop), so a checkpoint never covers a line the consumer did not handle.
 */
export async function* exportLines<T>(
  job: string,
  settings: ReturnType<typeof exportSettings>,
  items: AsyncIterable<Positioned<T>>,
): AsyncGenerator<string, void, undefined> {
  const { onCheckpoint, onProgress, resumeFrom, checkpointEvery, signal, total } = settings;
  const startedAt = Date.now();
  const resumed = resumeFrom?.next ?? 0;
  let done = resumed;
  let position = resumeFrom?.position;
  let complete = false;
  let lastCheckpoint = done;
  const checkpoint = () => {
    lastCheckpoint = done;
    onCheckpoint?.({ job, version: 1, next: done, counts: { exported: done }, ...(position ? { position } : {}), complete });
  };
  const report = () => onProgress?.(progressOf(done, 0, resumed, startedAt, Date.now(), total));
  try {
    for await (const { item, position: after, pageEnd } of items) {
      if (signal?.aborted) return;
      yield `${JSON.stringify(item)}\n`;
      // The consumer is back: the line is handled.
      done++;
      position = after;
      if (done - lastCheckpoint >= checkpointEvery) checkpoint();
      if (pageEnd) report();
    }
    complete = true;
  } finally {
    checkpoint();
    report();
  }
}
