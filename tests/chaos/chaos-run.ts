// One seeded chaos run: a workload of the SDK's promises (ensureUser from 20 callers at once,
// issueAuthToken, ensureGroup, importUsers of 200 rows, 50 message sends with maxRetries 3, then
// edits, deletions and reactions) against the fake with faults on every operation, drawn from the
// seed: 10% apply-then-drop, 10% reset-before, 10% 503, 5% 429 with Retry-After, random latency.
// After the run the fake's state is read to count what was sent twice, lost, or wrongly reported.
import { type ChatClient, createChatClient, isChatApiError, isChatConnectionError, unwrap } from "../../src/index";
import { ensureGroup, ensureUser, importUsers, issueAuthToken, syncGroupMembers } from "../../src/helpers/index";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "../fake/answer-checker";

export interface ChaosReport {
  seed: number;
  /** A write stored more than once: a message, a reaction. */
  duplicates: string[];
  /** A call that resolved (or was not reported failed) whose write is not stored. */
  losses: string[];
  /** A call reported as not applied whose write is stored; a helper that did not resolve; an answer off the spec. */
  wrongReports: string[];
  /** Faults drawn in the run, by kind. */
  faults: Record<string, number>;
}

const SENDS = 50;
const IMPORTED = 200;
const CALLERS = 20;

/** The fault rules of a run: each drawn from its own seed derived from the run's, so the run replays alike. */
function addFaults(fake: FakeServer, seed: number) {
  // One fault per request at most, drawn in order: each probability is of what the ones before left.
  const rules = [
    fake.faults.add({ operationId: "*", kind: "latency", ms: [0, 3], probability: 0.3, seed: seed * 7 + 1 }),
    fake.faults.add({ operationId: "*", kind: "apply-then-drop", probability: 0.1, seed: seed * 7 + 2 }),
    fake.faults.add({ operationId: "*", kind: "reset-before", probability: 0.1 / 0.9, seed: seed * 7 + 3 }),
    fake.faults.add({ operationId: "*", kind: "status", status: 503, probability: 0.1 / 0.8, seed: seed * 7 + 4 }),
    fake.faults.add({ operationId: "*", kind: "status", status: 429, retryAfter: 0, probability: 0.05 / 0.7, seed: seed * 7 + 5 }),
  ];
  const kinds = ["latency", "apply-then-drop", "reset-before", "503", "429"];
  return () => Object.fromEntries(rules.map((rule, i) => [kinds[i]!, rule.fired]));
}

/** Whether a failed call says it cannot have been applied: then nothing of it may be stored. */
function saysNotApplied(error: unknown): boolean {
  return (isChatConnectionError(error) || isChatApiError(error)) && !(error as { mayHaveReachedService: boolean }).mayHaveReachedService;
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The fake's answer to `request` in process; a closed connection rejects as Node's fetch does, with the socket's code. */
async function handled(fake: FakeServer, request: Request): Promise<Response> {
  const response = await fake.handle(request);
  if (response.type !== "error") return response;
  throw new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });
}

/**
 * Runs the workload once on `fake` (reset first) with faults drawn from `seed`: over HTTP, or
 * in process through `fake.handle` (a connection reset is then a rejected fetch, as under MSW).
 */
export async function runChaos(fake: FakeServer, seed: number, via: "http" | "in-process" = "http"): Promise<ChaosReport> {
  fake.reset();
  const report: ChaosReport = { seed, duplicates: [], losses: [], wrongReports: [], faults: {} };
  const checker = answerChecker(via === "http" ? fetch : (request) => handled(fake, request));
  const client = (maxRetries: number): ChatClient =>
    createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries, fetch: checker.fetch });
  // The helpers' reads and creates are repeated by the client: enough retries to outlive a 35% fault rate.
  const helpers = client(20);
  const sender = client(3);
  fake.seed({
    users: ["buyer", "seller", "courier", "support"].map((uid) => ({ uid, name: uid })),
  });
  const faults = addFaults(fake, seed);

  // Helpers, under a race and faults: each resolves, and what it ensured exists once.
  const helperCalls = await Promise.all([
    ...Array.from({ length: CALLERS }, () => settle(ensureUser(helpers, { uid: "shopper", name: "Shopper" }))),
    settle(issueAuthToken(helpers, { uid: "device-owner", name: "Owner" })),
    settle(ensureGroup(helpers, { guid: "order-1", name: "Order 1", type: "private", owner: "seller" })),
  ]);
  for (const [i, call] of helperCalls.entries())
    if (!call.ok) report.wrongReports.push(`helper call ${i} rejected: ${String((call.error as Error)?.message ?? call.error)}`);
  // fake.state is a copy of the whole state, made at each read: read once per phase.
  let state = fake.state;
  for (const uid of ["shopper", "device-owner"]) if (!state.users.has(uid)) report.losses.push(`user ${uid} not stored`);
  if (!state.groups.has("order-1")) report.losses.push("group order-1 not stored");
  const issued = helperCalls[CALLERS]!;
  if (issued.ok && !state.authTokens.get("device-owner")?.some((t) => t.authToken === (issued.value as { authToken: string }).authToken))
    report.losses.push("issueAuthToken resolved with a token the fake does not hold");

  // Members synced, then reassigned: each sync resolves, and the members are the wanted ones, in their scopes.
  const wantedSets = [
    { admins: ["seller"], moderators: [], participants: ["buyer", "courier"] },
    { admins: ["seller"], moderators: ["buyer"], participants: ["support"] },
  ];
  for (const [round, wanted] of wantedSets.entries()) {
    const synced = await settle(syncGroupMembers(helpers, "order-1", wanted, { removeOthers: true }));
    if (!synced.ok) report.wrongReports.push(`syncGroupMembers ${round} rejected: ${String(synced.error)}`);
    else if (synced.value.failed.length)
      report.wrongReports.push(`syncGroupMembers ${round} failed: ${JSON.stringify(synced.value.failed)}`);
    const members = [...(fake.state.members.get("order-1") ?? new Map())].map(([uid, m]) => `${uid}:${m.scope}`).sort();
    const scoped = { admin: wanted.admins, moderator: wanted.moderators, participant: wanted.participants };
    const expected = Object.entries(scoped)
      .flatMap(([scope, uids]) => uids.map((uid) => `${uid}:${scope}`))
      .sort();
    if (members.join() !== expected.join()) report.losses.push(`members after sync ${round}: ${members.join()}, wanted ${expected.join()}`);
  }

  // An import: every row stored, or reported failed; none lost silently.
  const rows = Array.from({ length: IMPORTED }, (_, i) => ({ uid: `row-${i}`, name: `Row ${i}` }));
  const imported = await settle(importUsers(helpers, rows, { concurrency: 16 }));
  if (!imported.ok) report.wrongReports.push(`importUsers rejected: ${String(imported.error)}`);
  else {
    state = fake.state;
    const { created, existing, failed } = imported.value;
    if (created + existing + failed.length !== IMPORTED)
      report.wrongReports.push(`importUsers accounted for ${created + existing + failed.length} of ${IMPORTED} rows`);
    const failedRows = new Set(failed.map((f) => f.index));
    for (const [i, row] of rows.entries())
      if (!failedRows.has(i) && !state.users.has(row.uid)) report.losses.push(`row ${row.uid} reported imported, not stored`);
  }

  // Sends: none stored twice; every resolved one stored; every one reported "not sent" not stored.
  const texts = Array.from({ length: SENDS }, (_, i) => `seed ${seed} message ${i}`);
  const sends = await Promise.all(
    texts.map((text) =>
      settle(unwrap(sender.as("buyer").POST("/messages", { body: { receiver: "seller", receiverType: "user", data: { text } } }))),
    ),
  );
  const messages = [...fake.state.messages.values()].filter((m) => m.category !== "action");
  const storedOf = (text: string) => messages.filter((m) => m.data?.text === text);
  for (const [i, send] of sends.entries()) {
    const stored = storedOf(texts[i]!);
    if (stored.length > 1) report.duplicates.push(`message "${texts[i]}" stored ${stored.length} times`);
    if (send.ok && stored.length === 0) report.losses.push(`message "${texts[i]}" resolved, not stored`);
    if (!send.ok && saysNotApplied(send.error) && stored.length > 0)
      report.wrongReports.push(`message "${texts[i]}" reported not sent (${String(send.error)}), yet stored`);
  }

  // Edits, deletions and reactions on what was sent: each resolved one is applied, and applied once.
  const sent = sends.flatMap((send) => (send.ok ? [String(send.value.data.id)] : []));
  const changes = await Promise.all(
    sent.map((id, i) => {
      const path = { params: { path: { id } } };
      if (i % 3 === 0)
        return settle(unwrap(sender.as("buyer").PUT("/messages/{id}", { ...path, body: { data: { text: `edited ${id}` } } })));
      if (i % 3 === 1) return settle(unwrap(sender.as("buyer").DELETE("/messages/{id}", path)));
      return settle(unwrap(sender.as("seller").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id, reaction: "👍" } } })));
    }),
  );
  const reactions = fake.snapshot().model.reactions;
  state = fake.state;
  for (const [i, change] of changes.entries()) {
    const id = sent[i]!;
    const message = state.messages.get(id);
    const mine = (reactions.find(([messageId]) => messageId === id)?.[1] ?? []).filter((r) => r.uid === "seller");
    if (i % 3 === 2 && mine.length > 1) report.duplicates.push(`reaction on ${id} stored ${mine.length} times`);
    if (!change.ok) {
      const applied =
        i % 3 === 0 ? message?.data?.text === `edited ${id}` : i % 3 === 1 ? message?.deletedAt !== undefined : mine.length > 0;
      if (saysNotApplied(change.error) && applied) report.wrongReports.push(`change ${i % 3} of ${id} reported not applied, yet applied`);
      continue;
    }
    if (i % 3 === 0 && message?.data?.text !== `edited ${id}`) report.losses.push(`edit of ${id} resolved, not stored`);
    if (i % 3 === 1 && message?.deletedAt === undefined) report.losses.push(`deletion of ${id} resolved, not stored`);
    if (i % 3 === 2 && mine.length === 0) report.losses.push(`reaction on ${id} resolved, not stored`);
  }

  // The fake's own answers, faults and all, still pass its spec check. A status fault answers the
  // status the run asked for, which an operation may not document: that one is the run's, not the fake's.
  const asked = /^\S+ \S+ (503|429): \S+ does not document (503|429)$/;
  for (const problem of checker.problems()) if (!asked.test(problem)) report.wrongReports.push(`answer off the spec: ${problem}`);
  report.faults = faults();
  fake.faults.clear();
  return report;
}

/** Whether a run kept every promise. */
export const clean = (report: ChaosReport) => !report.duplicates.length && !report.losses.length && !report.wrongReports.length;
