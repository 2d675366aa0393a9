import { readFileSync, renameSync, writeFileSync } from "node:fs";
import type { JobCheckpoint } from "../helpers/job-checkpoint.js";
import { ChatRestUsageError } from "./usage-error.js";

/** What the command keeps in its checkpoint file: the job's checkpoint, and what it needs to go on. */
export interface CommandCheckpoint {
  /** The command line's job: `import users`, `export messages`, ... */
  command: string;
  /** The input file of an import, or the output file of an export. */
  file: string;
  /** For an export: the bytes of the output the checkpoint covers (what comes after is cut on resume). */
  bytes?: number;
  /** The conversation of a message export. */
  conversationId?: string;
  checkpoint: JobCheckpoint;
}

/**
 * Writes the checkpoint file whole or not at all: to a temporary file, then renamed over the old one,
 * so a process killed mid-write leaves the previous checkpoint, never half of one.
 */
export function writeCheckpointFile(path: string, value: CommandCheckpoint): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value)}\n`);
  renameSync(temporary, path);
}

export function readCheckpointFile(path: string, command: string): CommandCheckpoint {
  let value: CommandCheckpoint;
  try {
    value = JSON.parse(readFileSync(path, "utf8")) as CommandCheckpoint;
  } catch (error) {
    throw new ChatRestUsageError(`--resume: cannot read ${path} (${(error as Error).message}).`);
  }
  if (value?.command !== command)
    throw new ChatRestUsageError(`--resume: ${path} is a checkpoint of "${value?.command}", not of "${command}".`);
  return value;
}
