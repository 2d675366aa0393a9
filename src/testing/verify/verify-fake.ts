// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { MODELED_OPERATIONS } from "../fake/model/handlers";
import type { FakeServer, FakeServerOptions } from "../fake/server-types";
import { startFakeServer } from "../fake/start-fake-server";
import { bundledSpec } from "../prism-process";
import { type Recording, type RecordedExchange, readRecording } from "../record/recording";
import { type AllowEntry, type AllowList, applyAllowList, checkAllowList, readAllowList } from "./allow-list";
import { answerSchemas } from "./answer-schemas";
import { specDrift } from "./spec-drift";
import { compareAnswers, type Difference } from "./compare-answers";
import { ID_KEYS, IdMap, PLACEHOLDER, TIME_KEY } from "./id-map";
import { seedPlan } from "./seed-plan";

/** Options of {@link verifyFake}. */
export interface VerifyFakeOptions {
  /**
   * The known differences, each with its reason: an allow-list, or the path of its JSON file.
   * A difference it lists is reported as allowed and does not fail the verdict.
   * @default undefined
   * @example "fake-allow.json"
   */
  allow?: AllowList | string;
  /**
   * Options of the fresh fake the recording is replayed through (its `rateLimits`, say). Its
   * `appId` is the recording's unless given.
   * @default {}
   * @example { rateLimits: "service" }
   */
  fake?: FakeServerOptions;
  /**
   * The fake's clock during the replay: `recorded` freezes it at each exchange's recorded time, so
   * that what depends on the second (an order by `updatedAt`, a rate-limit window) follows the
   * recording; `real` lets it run.
   * @default "recorded"
   * @example "real"
   */
  clock?: "recorded" | "real";
}

/** The verdict on one operation of the recording. */
export interface OperationVerdict {
  operationId: string;
  /**
   * `matched`: the fake answered every exchange as the service did; `differs`: one answer differs
   * (allowed or not: the allow-list decides the verdict of the whole report, not what is reported);
   * `not modelled`: the fake answers it from the spec's examples, so it was not compared.
   */
  verdict: "matched" | "differs" | "not modelled";
  /** The `seq` of each of its exchanges. */
  exchanges: number[];
  /** The fake's differences from the recording (the fake is wrong), allowed ones included. */
  fakeDiffers: Difference[];
  /** What the spec refuses in the recorded answers (the spec is wrong), allowed ones included. */
  specRefuses: Difference[];
}

/** What {@link verifyFake} found. */
export interface VerifyReport {
  /** True when every difference is on the allow-list. */
  ok: boolean;
  /** The exchanges replayed. */
  replayed: number;
  /**
   * The `seq` of each exchange that was not replayed because no answer was recorded (the
   * connection failed). The service may still have applied it, so what follows may differ.
   */
  unanswered: number[];
  operations: OperationVerdict[];
  /** Every difference, in the recording's order. */
  differences: Difference[];
  /** The differences not on the allow-list: the ones that fail the verdict. */
  unlisted: Difference[];
  /** Entries of the allow-list that listed nothing: a difference since fixed, or a field renamed. */
  unusedAllowEntries: AllowEntry[];
  /** What was seeded before the replay, from the recording's own answers. */
  seeded: { users: number; groups: number; members: number; refused: string[] };
}

const MODELED = new Set(MODELED_OPERATIONS);
/** The answer schemas of each spec file, loaded once. */
const schemasOf = new Map<string, ReturnType<typeof answerSchemas>>();

/**
 * Keys of addresses the fake would send to: a replay must not post events to the recording's
 * receivers, so each is linked to a loopback address nothing listens on.
 */
const SINK_KEYS = new Set(["webhookURL"]);
let sinks = 0;

/** A value of the recording's request as the replay sends it, with ids, times and placeholders mapped. */
function mapped(ids: IdMap, value: unknown, key?: string): unknown {
  if (key && SINK_KEYS.has(key) && typeof value === "string") {
    if (ids.request(value) === value) ids.link(value, `http://127.0.0.1:9/replay-${++sinks}`);
    return ids.request(value);
  }
  if (Array.isArray(value)) return value.map((item) => mapped(ids, item, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, mapped(ids, v, k)]));
  if ((key && (ID_KEYS.has(key) || TIME_KEY.test(key))) || (typeof value === "string" && PLACEHOLDER.test(value)))
    return ids.request(value, key);
  return value;
}

/** A path parameter names a made id (`id`, `authToken`, `apiKey`, `appId`, ...) and not a name chosen by a client. */
const mappedParam = (name: string) => ID_KEYS.has(name) || (/Id$/.test(name) && name !== "conversationId");

function requestOf(fake: FakeServer, recording: Recording, exchange: RecordedExchange, ids: IdMap): Request {
  const path = exchange.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = exchange.params.path?.[name] ?? "";
    return encodeURIComponent(String(mappedParam(name) || PLACEHOLDER.test(value) ? ids.request(value, name) : value));
  });
  const url = new URL(fake.url + path);
  for (const [name, value] of Object.entries(exchange.params.query ?? {})) {
    const sent = mapped(ids, value, name);
    url.searchParams.set(name, Array.isArray(sent) ? sent.join(",") : String(sent));
  }
  const headers = new Headers();
  if (exchange.api === "management" || exchange.credential?.startsWith("management")) {
    headers.set("key", fake.key);
    headers.set("secret", fake.secret);
  } else if (exchange.credential)
    headers.set("apikey", recording.header.authOnlyKeys?.includes(exchange.credential) ? fake.authOnlyKey : fake.apiKey);
  if (exchange.onBehalfOf !== undefined) headers.set("onBehalfOf", exchange.onBehalfOf);
  let body: BodyInit | undefined;
  const sent = mapped(ids, exchange.requestBody);
  const multipart = (sent as { $multipart?: Record<string, unknown> } | undefined)?.$multipart;
  if (multipart) {
    const form = new FormData();
    // A file's bytes are not recorded: the replay sends as many zero bytes, under its name.
    for (const [name, value] of Object.entries(multipart)) {
      if (typeof value === "string") form.set(name, value);
      else {
        const file = value as { $file?: string; size?: number };
        form.set(name, new Blob([new Uint8Array(file.size ?? 0)]), file.$file ?? name);
      }
    }
    body = form;
  } else if (sent !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(sent);
  }
  return new Request(url, { method: exchange.method, headers, body });
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Seeds what the recording found, item by item, so that one the fake refuses leaves the rest. */
function seed(fake: FakeServer, recording: Recording): VerifyReport["seeded"] {
  const plan = seedPlan(recording.exchanges);
  const refused: string[] = [];
  const count = { users: 0, groups: 0, members: 0 };
  for (const kind of ["users", "groups", "members"] as const)
    for (const item of plan[kind]) {
      try {
        fake.seed({ [kind]: [item] });
        count[kind]++;
      } catch (error) {
        refused.push((error as Error).message);
      }
    }
  return { ...count, refused };
}

/**
 * Replays a recording (from `recordTraffic`) through a fresh fake, in the order it was sent, and
 * compares each answer with the recorded one: the status, the error code, the shape of the body
 * and the fields that carry meaning (sender, receiver, conversation, scopes, counts, paging). The
 * ids and times the service made are linked to the fake's as the replay goes, so a later request
 * that names one sends the fake's; users and groups the recording read before it wrote are
 * seeded first, from its own answers. Each recorded answer is also checked against the spec, so
 * the report says which differences are the fake's and which the spec's. See the README's
 * "Check the fake against the service".
 *
 * @example
 * const report = await verifyFake("staging.ndjson", { allow: "fake-allow.json" });
 * console.log(formatVerifyReport(report));
 * if (!report.ok) process.exitCode = 1;
 */
export async function verifyFake(recording: Recording | string, options: VerifyFakeOptions = {}): Promise<VerifyReport> {
  const read = typeof recording === "string" ? readRecording(recording) : recording;
  // An allow-list given as an object is checked as one read from a file: every entry needs its reason.
  const allow = typeof options.allow === "string" ? readAllowList(options.allow) : options.allow && checkAllowList(options.allow);
  const wanted = { appId: read.header.appId, ...options.fake };
  // A recorded app ID the fake cannot serve (a character it refuses) is mapped like any made id.
  const fake = await startFakeServer(wanted).catch(() => startFakeServer({ ...options.fake, appId: undefined }));
  const file = options.fake?.spec ?? bundledSpec;
  let schemas = schemasOf.get(file);
  if (!schemas) schemasOf.set(file, (schemas = answerSchemas(file)));
  const differences: Difference[] = [];
  const byOperation = new Map<string, OperationVerdict>();
  let replayed = 0;
  const unanswered: number[] = [];
  try {
    const seeded = seed(fake, read);
    const ids = new IdMap();
    if (read.header.appId) ids.link(read.header.appId, fake.appId);
    for (const exchange of read.exchanges) {
      const operationId = exchange.operationId ?? `${exchange.method} ${exchange.path}`;
      let verdict = byOperation.get(operationId);
      if (!verdict) {
        const modelled = exchange.operationId !== undefined && MODELED.has(exchange.operationId);
        byOperation.set(
          operationId,
          (verdict = { operationId, verdict: modelled ? "matched" : "not modelled", exchanges: [], fakeDiffers: [], specRefuses: [] }),
        );
      }
      verdict.exchanges.push(exchange.seq);
      const recorded = exchange.response;
      if (!recorded) {
        unanswered.push(exchange.seq);
        continue;
      }
      verdict.specRefuses.push(...specDrift(schemas, exchange, operationId));
      const at = Date.parse(exchange.time);
      if (options.clock !== "real" && Number.isFinite(at)) fake.clock.freeze(at);
      const answer = await fake.handle(requestOf(fake, read, exchange, ids));
      replayed++;
      const body = await bodyOf(answer);
      if (verdict.verdict === "not modelled") continue;
      for (const found of compareAnswers(ids, recorded, { status: answer.status, body }))
        verdict.fakeDiffers.push({ seq: exchange.seq, operationId, side: "fake", ...found });
    }
    for (const verdict of byOperation.values()) differences.push(...verdict.fakeDiffers, ...verdict.specRefuses);
    differences.sort((a, b) => a.seq - b.seq);
    const unusedAllowEntries = applyAllowList(differences, allow);
    for (const verdict of byOperation.values())
      if (verdict.verdict === "matched" && verdict.fakeDiffers.length) verdict.verdict = "differs";
    const unlisted = differences.filter((d) => !d.allowed);
    return {
      ok: unlisted.length === 0,
      replayed,
      unanswered,
      operations: [...byOperation.values()],
      differences,
      unlisted,
      unusedAllowEntries,
      seeded,
    };
  } finally {
    await fake.close();
  }
}
