import { closeSync, existsSync, ftruncateSync, openSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { type ChatClient, createChatClient, type Region } from "chat-rest-sdk";
import { exportGroups, exportMessages, exportUsers, importGroups, importUsers } from "../helpers/index.js";
import type { JobCheckpoint } from "../helpers/job-checkpoint.js";
import type { JobProgress } from "../helpers/job-progress.js";
import { type CommandCheckpoint, readCheckpointFile, writeCheckpointFile } from "./checkpoint-file.js";
import { countRecords, ndjsonRecords } from "./ndjson-input.js";
import { progressWriter } from "./progress-line.js";
import { ChatRestUsageError } from "./usage-error.js";

export const CHAT_REST_USAGE = `Usage: chat-rest import [users|groups] <file.ndjson> [options]
       chat-rest export users|groups --out <file.ndjson> [options]
       chat-rest export messages <conversationId> --out <file.ndjson> [options]

Imports users (or groups with their members) from an NDJSON file, one record a line, or exports
them (or a conversation's messages) to one. Each is a job that saves a checkpoint as it goes:
after a crash or Ctrl-C, the same command with --resume goes on where it stopped.
  --resume <file>       go on from the checkpoint in <file> (and keep writing it there)
  --checkpoint <file>   where to write the checkpoint (default: <file.ndjson>.checkpoint.json)
  --out <file>          the NDJSON file an export writes (cut back to the checkpoint on --resume)
  --concurrency <n>     records in flight at once (default 8 for users, 4 for groups)
  --every <n>           records between two checkpoints (default 100)
  --rate-limits <l>     "service" (default) paces to the service's documented limits,
                        "off" sends as fast as the concurrency allows, or a JSON rateLimits object
  --as <uid>            export messages as this user
  --max-retries <n>     how often the client repeats a request that failed without effect (default 2)
Environment: CHAT_APP_ID, CHAT_API_KEY, CHAT_REGION (default us), CHAT_BASE_URL (a mock's or
fake's URL). Failed records are written to <checkpoint>.failed.ndjson as they fail.
Exit codes: 0 done, 1 done with failed records, 2 usage, 130 stopped by Ctrl-C (checkpoint written).`;

/** Where the command writes, and the signal Ctrl-C fires. */
export interface ChatRestIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Fires when the user asks to stop (the bin wires SIGINT to it). */
  stop: AbortSignal;
}

interface Parsed {
  command: string;
  file: string;
  conversationId?: string;
  values: Record<string, string | undefined>;
}

function parse(argv: readonly string[]): Parsed {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        resume: { type: "string" },
        checkpoint: { type: "string" },
        out: { type: "string" },
        concurrency: { type: "string" },
        every: { type: "string" },
        "rate-limits": { type: "string" },
        as: { type: "string" },
        "max-retries": { type: "string" },
      },
    });
  } catch (error) {
    throw new ChatRestUsageError((error as Error).message);
  }
  const [verb, ...rest] = parsed.positionals;
  const values = parsed.values as Record<string, string | undefined>;
  if (verb === "import") {
    const [kind, file] = rest.length === 1 ? ["users", rest[0]] : rest;
    if ((kind !== "users" && kind !== "groups") || !file || rest.length > 2)
      throw new ChatRestUsageError("import takes [users|groups] and one NDJSON file.");
    if (!existsSync(file)) throw new ChatRestUsageError(`${file} does not exist.`);
    return { command: `import ${kind}`, file, values };
  }
  if (verb === "export") {
    const [kind, conversationId] = rest;
    if (kind !== "users" && kind !== "groups" && kind !== "messages")
      throw new ChatRestUsageError("export takes users, groups or messages.");
    if (kind === "messages" ? !conversationId || rest.length > 2 : rest.length > 1)
      throw new ChatRestUsageError(
        kind === "messages" ? "export messages takes one conversation ID." : `export ${kind} takes no other argument.`,
      );
    if (!values.out) throw new ChatRestUsageError("export needs --out <file.ndjson>.");
    return { command: `export ${kind}`, file: values.out, conversationId, values };
  }
  throw new ChatRestUsageError(verb ? `unknown command ${verb}.` : "a command is needed: import or export.");
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ChatRestUsageError(`--${name} must be a positive integer, got ${value}.`);
  return n;
}

function clientFromEnv(env: Record<string, string | undefined>, rateLimits: string | undefined, maxRetries: number): ChatClient {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new ChatRestUsageError(`${name} is not set.`);
    return value;
  };
  let limits: unknown = "service";
  if (rateLimits === "off") limits = undefined;
  else if (rateLimits !== undefined && rateLimits !== "service") {
    try {
      limits = JSON.parse(rateLimits);
    } catch {
      throw new ChatRestUsageError(`--rate-limits: ${rateLimits} is neither "service", "off" nor JSON.`);
    }
  }
  return createChatClient({
    appId: need("CHAT_APP_ID"),
    apiKey: need("CHAT_API_KEY"),
    region: (env.CHAT_REGION || "us") as Region,
    baseUrl: env.CHAT_BASE_URL || undefined,
    maxRetries,
    ...(limits === undefined ? {} : { rateLimits: limits as "service" }),
  });
}

/**
 * What the `chat-rest` command does. Resolves with the exit code: 0 when every record was done, 1
 * when some failed (listed in the failures file and on stderr), 130 when `io.stop` fired (the job
 * stopped after the records in flight, and its checkpoint is written). Rejects with a
 * ChatRestUsageError on a bad command line or environment, before anything is sent.
 *
 * @example
 * const code = await runChatRest(["import", "users", "users.ndjson"], process.env, { stdout: process.stdout, stderr: process.stderr, stop: new AbortController().signal });
 */
export async function runChatRest(argv: readonly string[], env: Record<string, string | undefined>, io: ChatRestIo): Promise<number> {
  const { command, file, conversationId, values } = parse(argv);
  const maxRetries = values["max-retries"] === "0" ? 0 : count("max-retries", values["max-retries"], 2);
  const chat = clientFromEnv(env, values["rate-limits"], maxRetries);
  const checkpointPath = values.checkpoint ?? values.resume ?? `${file}.checkpoint.json`;
  const resumed = values.resume === undefined ? undefined : readCheckpointFile(values.resume, command);
  if (resumed && resumed.file !== file)
    throw new ChatRestUsageError(`--resume: ${values.resume} is a checkpoint of ${resumed.file}, not of ${file}.`);
  // The checkpoint's cursor and byte count are the conversation's it was taken in.
  if (resumed?.conversationId !== undefined && conversationId !== undefined && resumed.conversationId !== conversationId)
    throw new ChatRestUsageError(
      `--resume: ${values.resume} is a checkpoint of the conversation ${resumed.conversationId}, not of ${conversationId}.`,
    );
  const every = count("every", values.every, 100);
  const progress = progressWriter(io.stderr);
  let last: JobProgress = { done: resumed?.checkpoint.next ?? 0, failed: resumed?.checkpoint.counts.failed ?? 0, rate: 0 };
  const onProgress = (report: JobProgress) => {
    last = report;
    progress.update(report);
  };
  const save = (checkpoint: JobCheckpoint, extra: Partial<CommandCheckpoint> = {}) =>
    writeCheckpointFile(checkpointPath, { command, file, ...(conversationId ? { conversationId } : {}), ...extra, checkpoint });

  if (command.startsWith("import")) {
    const failures = openSync(`${checkpointPath}.failed.ndjson`, resumed ? "a" : "w");
    const onFailure = (failure: { index: number; uid: string; error: { code: string; message: string } }) =>
      void writeSync(
        failures,
        `${JSON.stringify({ index: failure.index, id: failure.uid, code: failure.error.code, message: failure.error.message })}\n`,
      );
    const options = {
      total: await countRecords(file),
      checkpointEvery: every,
      onCheckpoint: (checkpoint: JobCheckpoint) => save(checkpoint),
      onProgress,
      onFailure,
      signal: io.stop,
      ...(resumed ? { resumeFrom: resumed.checkpoint } : {}),
    };
    try {
      const result =
        command === "import users"
          ? await importUsers(chat, ndjsonRecords(file) as AsyncIterable<never>, {
              ...options,
              concurrency: count("concurrency", values.concurrency, 8),
            })
          : await importGroups(chat, ndjsonRecords(file) as AsyncIterable<never>, {
              ...options,
              concurrency: count("concurrency", values.concurrency, 4),
            });
      progress.finish(last);
      for (const failure of result.failed)
        io.stderr.write(`failed: record ${failure.index} ${failure.uid}: ${failure.error.code} ${failure.error.message}\n`);
      io.stdout.write(`${JSON.stringify({ ...result, failed: last.failed, checkpoint: checkpointPath })}\n`);
      if (result.stopped) return 130;
      return last.failed > 0 ? 1 : 0;
    } finally {
      closeSync(failures);
    }
  }

  // An export: the output is cut back to what the checkpoint covers, then appended to.
  const out = openSync(file, resumed ? "r+" : "w");
  let bytes = resumed?.bytes ?? 0;
  ftruncateSync(out, bytes);
  const options = {
    checkpointEvery: every,
    onCheckpoint: (checkpoint: JobCheckpoint) => save(checkpoint, { bytes }),
    onProgress,
    signal: io.stop,
    ...(resumed ? { resumeFrom: resumed.checkpoint } : {}),
  };
  const lines =
    command === "export users"
      ? exportUsers(chat, options)
      : command === "export groups"
        ? exportGroups(chat, options)
        : exportMessages(values.as ? chat.as(values.as) : chat, conversationId ?? resumed?.conversationId ?? "", options);
  try {
    for await (const line of lines) bytes += writeSync(out, line, bytes);
  } finally {
    closeSync(out);
  }
  progress.finish(last);
  io.stdout.write(`${JSON.stringify({ exported: last.done, file, checkpoint: checkpointPath })}\n`);
  return io.stop.aborted ? 130 : 0;
}
