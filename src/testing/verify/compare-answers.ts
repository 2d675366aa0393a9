// Internal: one recorded answer against the fake's answer to the same request. Compared: the
// status, the error code, the shape (every field and its JSON type, in both directions), and the
// values of the fields that carry meaning. Ids the service made are linked to the fake's
// (./id-map.ts), times are compared by kind (seconds or milliseconds), and a conversation of two
// users is compared without the order of its two UIDs: each is normalised, none ignored.
import { ID_KEYS, type IdMap, PLACEHOLDER, TIME_KEY } from "./id-map";

/** What differs, or what the spec refuses. */
export interface Difference {
  /** The exchange's `seq` in the recording. */
  seq: number;
  /** The operation, or `METHOD path` for one the spec lacks. */
  operationId: string;
  /** Who to tell: `fake`, when the fake answered otherwise than the service; `spec`, when the spec refuses the service's answer. */
  side: "fake" | "spec";
  kind: "status" | "code" | "shape" | "value" | "id" | "schema" | "replay";
  /** Where, as a JSON path into the answer's body (`$.data.scope`), or `status`. */
  field: string;
  recorded?: unknown;
  fake?: unknown;
  /** The difference in words. */
  message: string;
  /** The allow-list's reason, when an entry lists this difference. */
  allowed?: string;
}

/** Fields whose values carry meaning, compared wherever they appear. */
const MEANINGFUL = new Set([
  "uid",
  "guid",
  "sender",
  "receiver",
  "receiverType",
  "conversationId",
  "conversationType",
  "scope",
  "scopes",
  "category",
  "type",
  "owner",
  "text",
  "code",
  "success",
  "hasJoined",
  "role",
  "membersCount",
  "replyCount",
  "unreadMessageCount",
  "unreadMentionsCount",
  "count",
  "total",
  "per_page",
  "current_page",
  "total_pages",
  "limit",
  "affix",
  "enabled",
  "blockedByMe",
  "hasBlockedMe",
]);

const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
const describe = (value: unknown) =>
  typeOf(value) === "object" || typeOf(value) === "array" ? `an ${typeOf(value)}` : JSON.stringify(value);
/** A value with its JSON type, for a difference of type: `"3" (a string)`, `an object`. */
const typed = (value: unknown) => (typeof value === "object" && value !== null ? describe(value) : `${describe(value)} (${typeOf(value)})`);
const child = (path: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** Seconds or milliseconds since the epoch, by magnitude. */
const timeKind = (value: number) => (value >= 1e11 ? "milliseconds" : "seconds");

/** A conversation of two users has one id whichever of them comes first. */
function normalised(key: string | undefined, value: unknown): unknown {
  if (key === "conversationId" && typeof value === "string" && value.includes("_user_")) return value.split("_user_").sort().join("_user_");
  return value;
}

interface Walk {
  ids: IdMap;
  found: Omit<Difference, "seq" | "operationId" | "side">[];
}

function walk(at: Walk, recorded: unknown, fake: unknown, path: string, key: string | undefined, meaningful: boolean): void {
  const [rt, ft] = [typeOf(recorded), typeOf(fake)];
  const isId = key !== undefined && ID_KEYS.has(key) && (rt === "string" || rt === "number");
  if (isId || (typeof recorded === "string" && PLACEHOLDER.test(recorded))) {
    if (ft !== "string" && ft !== "number") {
      at.found.push({
        kind: "shape",
        field: path,
        recorded,
        fake,
        message: `the service sent ${describe(recorded)}, the fake ${describe(fake)}`,
      });
      return;
    }
    const link = at.ids.link(recorded, fake);
    if (link.kind === "other")
      at.found.push({
        kind: "id",
        field: path,
        recorded,
        fake,
        message: `${recorded} was linked to the fake's ${link.expected}, here the fake sent ${fake}`,
      });
    else if (link.kind === "taken")
      at.found.push({
        kind: "id",
        field: path,
        recorded,
        fake,
        message: `the fake's ${fake} stands for ${link.by} elsewhere in the recording`,
      });
    return;
  }
  if (rt !== ft) {
    at.found.push({
      kind: "shape",
      field: path,
      recorded,
      fake,
      message: `the service sent ${typed(recorded)}, the fake ${typed(fake)}`,
    });
    return;
  }
  if (rt === "number" && key && TIME_KEY.test(key)) {
    at.ids.linkTime(recorded as number, fake as number);
    if (timeKind(recorded as number) !== timeKind(fake as number))
      at.found.push({
        kind: "value",
        field: path,
        recorded,
        fake,
        message: `the service sent a time in ${timeKind(recorded as number)}, the fake in ${timeKind(fake as number)}`,
      });
    return;
  }
  if (rt === "array") {
    const [r, f] = [recorded as unknown[], fake as unknown[]];
    if (r.length !== f.length)
      at.found.push({
        kind: "value",
        field: `${path}.length`,
        recorded: r.length,
        fake: f.length,
        message: `the service sent ${r.length} items, the fake ${f.length}`,
      });
    for (let i = 0; i < Math.min(r.length, f.length); i++) walk(at, r[i], f[i], `${path}[${i}]`, key, meaningful);
    return;
  }
  if (rt === "object") {
    const [r, f] = [recorded as Record<string, unknown>, fake as Record<string, unknown>];
    for (const [k, value] of Object.entries(r)) {
      const field = child(path, k);
      if (!(k in f)) at.found.push({ kind: "shape", field, recorded: value, message: "the service sent this field; the fake does not" });
      else walk(at, value, f[k], field, k, meaningful || MEANINGFUL.has(k));
    }
    for (const [k, value] of Object.entries(f))
      if (!(k in r))
        at.found.push({ kind: "shape", field: child(path, k), fake: value, message: "the fake sends this field; the service did not" });
    return;
  }
  if ((meaningful || (key !== undefined && MEANINGFUL.has(key))) && normalised(key, recorded) !== normalised(key, fake))
    at.found.push({
      kind: key === "code" && path.startsWith("$.error") ? "code" : "value",
      field: path,
      recorded,
      fake,
      message: `the service sent ${describe(recorded)}, the fake ${describe(fake)}`,
    });
}

/** The paths under which every value is meaningful: the list's paging (`meta`). */
const MEANINGFUL_ROOTS = new Set(["meta"]);

/** Compares a recorded answer with the fake's, linking the ids they show; returns what differs. */
export function compareAnswers(
  ids: IdMap,
  recorded: { status: number; body?: unknown },
  fake: { status: number; body?: unknown },
): Omit<Difference, "seq" | "operationId" | "side">[] {
  const code = (body: unknown) => (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (recorded.status !== fake.status) {
    const found: Walk["found"] = [
      {
        kind: "status",
        field: "status",
        recorded: recorded.status,
        fake: fake.status,
        message: `the service answered ${recorded.status}, the fake ${fake.status}`,
      },
    ];
    if (code(recorded.body) !== code(fake.body))
      found.push({
        kind: "code",
        field: "$.error.code",
        recorded: code(recorded.body),
        fake: code(fake.body),
        message: `the service's code is ${describe(code(recorded.body))}, the fake's ${describe(code(fake.body))}`,
      });
    return found;
  }
  const at: Walk = { ids, found: [] };
  const [r, f] = [recorded.body, fake.body];
  if (typeOf(r) === "object" && typeOf(f) === "object") {
    const [ro, fo] = [r as Record<string, unknown>, f as Record<string, unknown>];
    for (const k of Object.keys(ro))
      if (!(k in fo))
        at.found.push({ kind: "shape", field: child("$", k), recorded: ro[k], message: "the service sent this field; the fake does not" });
      else walk(at, ro[k], fo[k], child("$", k), k, MEANINGFUL_ROOTS.has(k));
    for (const k of Object.keys(fo))
      if (!(k in ro))
        at.found.push({ kind: "shape", field: child("$", k), fake: fo[k], message: "the fake sends this field; the service did not" });
  } else walk(at, r, f, "$", undefined, true);
  return at.found;
}
