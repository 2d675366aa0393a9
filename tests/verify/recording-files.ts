// Every recording a test of this folder writes goes through here: a file in a temporary folder,
// and, in the last test of the file that wrote it, a search of each one for the credentials its
// tests used. A recording that holds a key, a secret, an auth token or a password fails that test.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RecordingFiles {
  /** A new file path for a recording, searched after the file's tests for every credential given to `usedCredentials`. */
  path(name: string): string;
  /** Credentials the test sent or was given (keys, secrets, auth tokens, passwords): none may appear in a recording. */
  usedCredentials(...values: string[]): void;
  /** Each recording written so far that holds a credential given to `usedCredentials`, as `<file> holds <first 4 characters>…`. */
  leaks(): string[];
  /** The recordings written so far. */
  readonly files: readonly string[];
}

/** The credentials of `values` that `text` holds (each as sent, and as JSON would escape it). */
export function credentialsIn(text: string, values: Iterable<string>): string[] {
  return [...new Set(values)].filter(
    (value) => value.length >= 4 && (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))),
  );
}

export function useRecordingFiles(): RecordingFiles {
  const dir = mkdtempSync(join(tmpdir(), "chat-rest-recordings-"));
  const files: string[] = [];
  const credentials = new Set<string>();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    files,
    leaks: () =>
      files.flatMap((file) => credentialsIn(readFileSync(file, "utf8"), credentials).map((value) => `${file} holds ${value.slice(0, 4)}…`)),
    path(name) {
      const file = join(dir, name);
      files.push(file);
      return file;
    },
    usedCredentials(...values) {
      for (const value of values) credentials.add(value);
    },
  };
}
