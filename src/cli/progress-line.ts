import type { JobProgress } from "../helpers/job-progress.js";

/**
 * One line of progress: a bar when the total is known, done / total, the rate and the time left.
 * Written by hand rather than taken from a library (cli-progress, progress): the line is a dozen
 * lines of code, and the command then needs no dependency beyond the package itself.
 */
export function progressLine(progress: JobProgress, width = 24): string {
  const { done, failed, total, rate, etaSeconds } = progress;
  const parts: string[] = [];
  if (total) {
    const filled = Math.min(width, Math.round((done / total) * width));
    parts.push(`[${"#".repeat(filled)}${"-".repeat(width - filled)}]`, `${done}/${total}`, `${Math.floor((done / total) * 100)}%`);
  } else parts.push(`${done} done`);
  parts.push(`${rate}/s`);
  if (etaSeconds !== undefined) parts.push(`${formatSeconds(etaSeconds)} left`);
  if (failed) parts.push(`${failed} failed`);
  return parts.join("  ");
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m${String(seconds % 60).padStart(2, "0")}s`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}m`;
}

/** Where progress goes: a line redrawn in place on a terminal, a plain line every `plainEveryMs` otherwise. */
export function progressWriter(out: { write(text: string): unknown; isTTY?: boolean }, plainEveryMs = 5_000) {
  let last = 0;
  let drawn = false;
  let lastLine = "";
  return {
    update(progress: JobProgress) {
      if (out.isTTY) {
        out.write(`\r\x1b[2K${progressLine(progress)}`);
        drawn = true;
        return;
      }
      const now = Date.now();
      if (now - last < plainEveryMs) return;
      last = now;
      lastLine = progressLine(progress);
      out.write(`${lastLine}\n`);
    },
    /** Ends the line in place, and writes the final progress as a plain line (unless that line was just written). */
    finish(progress: JobProgress) {
      if (drawn) out.write("\r\x1b[2K");
      const line = progressLine(progress);
      if (drawn || line !== lastLine) out.write(`${line}\n`);
    },
  };
}
