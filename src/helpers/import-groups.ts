import { type ChatClient, ChatConfigError, type components, unwrap } from "chat-rest-sdk";
import {
  checkArray,
  checkClient,
  checkCount,
  checkFunction,
  checkGroup,
  checkId,
  checkOptions,
  checkSignal,
  type GroupInput,
} from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";
import { type ImportJobState, type ProgressTimers, runImportJob } from "./import-job.js";
import { checkCheckpoint, type JobCheckpoint } from "./job-checkpoint.js";
import { type JobProgress, progressOf } from "./job-progress.js";
import type { WantedMembers } from "./sync-group-members.js";

/** A group to import: the body of `POST /groups` (without `members`), and the members it should have, by scope. */
export type GroupImport = GroupInput & { members?: WantedMembers };

/** How far a group import has come. Counts include the runs before `resumeFrom`. */
export interface ImportGroupsProgress extends JobProgress {
  /** Groups created. */
  created: number;
  /** Records whose group existed already. */
  existing: number;
}

/** A record that failed: its position in the input, its GUID (in `uid`, as every helper failure) and why. */
export interface ImportGroupFailure extends HelperFailure {
  /** The record's position in the input, from 0. */
  index: number;
}

/** What {@link importGroups} did: the counts (earlier runs included) and this run's failures. */
export interface ImportGroupsResult {
  created: number;
  existing: number;
  failed: ImportGroupFailure[];
  /** Whether `signal` stopped the import before the input's end. */
  stopped: boolean;
}

/** Options of {@link importGroups}. */
export interface ImportGroupsOptions {
  /**
   * How many records are in flight at once.
   * @default 4
   * @example 8
   */
  concurrency?: number;
  /**
   * Called with the progress at least once a second while the import runs, and once at the end.
   * @default undefined (no progress reports)
   * @example ({ done, total, etaSeconds }) => console.log(`${done}/${total}, ${etaSeconds}s left`)
   */
  onProgress?: (progress: ImportGroupsProgress) => void;
  /**
   * Receives a checkpoint (under 1 KB of JSON) every `checkpointEvery` records done without a gap,
   * and at the end; pass it back as `resumeFrom` with the same records.
   * @default undefined (no checkpoints)
   * @example (checkpoint) => writeFileSync("groups.checkpoint.json", JSON.stringify(checkpoint))
   */
  onCheckpoint?: (checkpoint: JobCheckpoint) => void;
  /**
   * A checkpoint of an earlier run: the records before it are skipped without a request.
   * @default undefined (from the first record)
   * @example JSON.parse(readFileSync("groups.checkpoint.json", "utf8"))
   */
  resumeFrom?: JobCheckpoint;
  /**
   * How many records a checkpoint is apart.
   * @default 50
   * @example 200
   */
  checkpointEvery?: number;
  /**
   * How many records the input holds, for the time left in the progress.
   * @default undefined (no estimate)
   * @example 2_000
   */
  total?: number;
  /**
   * Stops the import after the records in flight, with a last checkpoint.
   * @default undefined (runs to the input's end)
   * @example controller.signal
   */
  signal?: AbortSignal;
  /**
   * Receives each failed record as it fails.
   * @default undefined
   * @example (failure) => console.warn(failure.uid, failure.error.code)
   */
  onFailure?: (failure: ImportGroupFailure) => void;
  /**
   * The timers of the progress reports, for a test that moves time by hand.
   * @default globalThis
   * @example { setInterval: (tick) => (tickNow = tick), clearInterval: () => {} }
   */
  timers?: ProgressTimers;
}

type Schemas = components["schemas"];
const LISTS = ["admins", "moderators", "participants"] as const;
/** The most UIDs `POST /groups/{guid}/members` takes in one request. */
const ADD_BATCH = 25;
const ALREADY_JOINED = "ERR_ALREADY_JOINED";

/**
 * Creates many groups with their members, for a migration: each group is created unless its GUID
 * exists (`POST /groups`, a 409 counting as existing), then its members are added by scope
 * (`POST /groups/{guid}/members`, 25 UIDs a request; a member already there counts as added).
 * Both are safe to send again, so a record done twice (after a crash, past the last checkpoint)
 * changes nothing more. A group whose create or members fail is reported in `failed` with the
 * first reason and the import goes on. It runs as a job, like `importUsers`: checkpoints,
 * `resumeFrom`, `signal`, progress with the pace and the time left; pacing comes from the client's
 * `rateLimits`. Members are added only, never removed: `syncGroupMembers` makes a list exact.
 *
 * @example
 * const members = { admins: ["seller-7"], participants: ["buyer-42"] };
 * const groups = [{ guid: "order-1042", name: "Order 1042", type: "private" as const, members }];
 * const result = await importGroups(chat, groups, { onFailure: (failure) => console.warn(failure.uid, failure.error.message) });
 * console.log(`${result.created} created, ${result.existing} existed`);
 */
export async function importGroups(
  chat: ChatClient,
  groups: Iterable<GroupImport> | AsyncIterable<GroupImport>,
  options?: ImportGroupsOptions,
): Promise<ImportGroupsResult> {
  const where = "importGroups:";
  checkClient(`${where} chat`, chat);
  if (typeof groups !== "object" || groups === null || !(Symbol.iterator in groups || Symbol.asyncIterator in groups))
    throw new ChatConfigError(`${where} groups must be an array, an iterable or an async iterable of groups; nothing was sent.`);
  const checked = checkOptions<ImportGroupsOptions>(`${where} options`, options, [
    "concurrency",
    "onProgress",
    "onCheckpoint",
    "resumeFrom",
    "checkpointEvery",
    "total",
    "signal",
    "onFailure",
    "timers",
  ]);
  const onProgress = checkFunction<(progress: ImportGroupsProgress) => void>(`${where} options.onProgress`, checked.onProgress);
  const total = checked.total === undefined ? undefined : checkCount(`${where} options.total`, checked.total, 1, Number.MAX_SAFE_INTEGER);
  const resumeFrom = checkCheckpoint(`${where} options.resumeFrom`, "importGroups", checked.resumeFrom);
  checkSignal(`${where} options.signal`, checked.signal);
  const startedAt = Date.now();
  const state: ImportJobState<ImportGroupFailure> = { counts: {}, failed: [], done: 0, stopped: false };
  const counts = () => ({ created: state.counts.created!, existing: state.counts.existing! });

  const importOne = async (record: GroupImport, index: number) => {
    const guid = typeof (record as { guid?: unknown } | null)?.guid === "string" ? record.guid.toLowerCase() : "";
    try {
      const { members, ...fields } = (record ?? {}) as GroupImport;
      const input = checkGroup(`${where} record ${index}`, fields);
      const lists = checkMembers(`${where} record ${index}.members`, members);
      const outcome = await createIfAbsent(chat.POST("/groups", { body: input, idempotent: true }), "ERR_GUID_ALREADY_EXISTS");
      const refused = await addMembers(chat, input.guid.toLowerCase(), lists);
      if (refused) return { failure: { index, uid: guid, error: refused } };
      return [outcome.created ? "created" : "existing"];
    } catch (error) {
      return { failure: { index, ...failureOf(guid, error) } };
    }
  };

  await runImportJob(
    {
      job: "importGroups",
      source: groups,
      concurrency: checkCount(`${where} options.concurrency`, checked.concurrency, 4, 64),
      outcomes: ["created", "existing"],
      resumeFrom,
      checkpointEvery: checkCount(`${where} options.checkpointEvery`, checked.checkpointEvery, 50, 1_000_000),
      onCheckpoint: checkFunction(`${where} options.onCheckpoint`, checked.onCheckpoint),
      report:
        onProgress &&
        (() =>
          onProgress({
            ...progressOf(state.done, state.counts.failed!, resumeFrom?.next ?? 0, startedAt, Date.now(), total),
            ...counts(),
          })),
      timers: checked.timers ?? globalThis,
      signal: checked.signal,
      run: importOne,
      onFailure: checkFunction<(failure: ImportGroupFailure) => void>(`${where} options.onFailure`, checked.onFailure),
    },
    state,
  );
  if (state.sinkError) throw state.sinkError.error;
  if (state.inputError) throw state.inputError.error;
  return { ...counts(), failed: state.failed, stopped: state.stopped };
}

function checkMembers(where: string, members: unknown): Record<(typeof LISTS)[number], string[]> {
  const lists = checkOptions<WantedMembers>(where, members, LISTS);
  return Object.fromEntries(
    LISTS.map((list) => [
      list,
      lists[list] === undefined ? [] : checkArray(`${where}.${list}`, lists[list]).map((uid, i) => checkId(`${where}.${list}[${i}]`, uid)),
    ]),
  ) as Record<(typeof LISTS)[number], string[]>;
}

/**
 * Adds the members, 25 UIDs a request per scope; one already there is added as far as this import
 * cares. Returns the service's reason for the first UID it refused (the others are added).
 */
async function addMembers(
  chat: ChatClient,
  guid: string,
  lists: Record<(typeof LISTS)[number], string[]>,
): Promise<HelperFailure["error"] | undefined> {
  let first: HelperFailure["error"] | undefined;
  for (const list of LISTS) {
    for (let at = 0; at < lists[list].length; at += ADD_BATCH) {
      const uids = lists[list].slice(at, at + ADD_BATCH);
      const { data } = await unwrap(
        chat.POST("/groups/{guid}/members", { params: { path: { guid } }, body: { [list]: uids }, idempotent: true }),
      );
      const outcomes = Object.entries((data[list] ?? {}) as Schemas["GroupMemberResultsByUid"]);
      const refused = outcomes.filter(([, outcome]) => !outcome.success && outcome.error.code !== ALREADY_JOINED);
      for (const [uid, outcome] of refused)
        if (!outcome.success) first ??= { code: outcome.error.code, message: `The member ${uid} was refused: ${outcome.error.message}` };
    }
  }
  return first;
}
