// Internal: the end of a child process's output, kept for error messages.

/** How much of a child's output is kept: Prism writes a line per request for as long as it runs. */
export const LOG_TAIL_CHARS = 64 * 1024;

/**
 * The last `max` characters of a stream of text. Prism writes several chunks per request, so
 * cutting the kept text on every chunk copied up to `max` characters each time (milliseconds of
 * CPU per request in the process that runs the mock); chunks are gathered instead, and cut only
 * once they hold twice the cap, so each character is copied a bounded number of times.
 */
export class LogTail {
  #chunks: string[] = [];
  #length = 0;

  constructor(readonly max = LOG_TAIL_CHARS) {}

  push(chunk: string): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    if (this.#length > 2 * this.max) {
      const kept = this.toString();
      this.#chunks = [kept];
      this.#length = kept.length;
    }
  }

  toString(): string {
    const text = this.#chunks.join("");
    return text.length > this.max ? text.slice(-this.max) : text;
  }
}
