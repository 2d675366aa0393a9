import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The records of an NDJSON file, one per non-blank line, read as the import takes them. A line that
 * is not JSON is yielded as its text, which the import then reports as a bad record at that
 * position: the positions stay those of the file's records, which a resumed import relies on.
 */
export async function* ndjsonRecords(path: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    try {
      yield JSON.parse(line);
    } catch {
      yield line;
    }
  }
}

/** How many records the file holds: its non-blank lines, for the progress bar's total. */
export async function countRecords(path: string): Promise<number> {
  let count = 0;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line.trim() !== "") count++;
  return count;
}
