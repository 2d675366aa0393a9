// Internal: moderation rules, keyword lists and flag reasons, stored as sent; and flags on
// messages, which name one of the reasons and gather per message for the moderators' list.
import { FakeError, messageNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds } from "../state/fake-store";
import type { Handler } from "./handler";
import { createRecord, type RecordKind, recordHandlers, requireRecord, updateRecord } from "./records";
import { requireUser } from "./users";

/** The id of a record's next revision, as the service numbers them: `<app>_<id>_<n>`, from 1. */
function nextRevisionId(store: FakeStore, id: string, stored: Record<string, unknown> | undefined): string {
  const last = Number(
    String(stored?.revisionId ?? "")
      .split("_")
      .pop() || 0,
  );
  return `${store.appId}_${id}_${last + 1}`;
}

export const REASONS: RecordKind = {
  kind: "reasons",
  param: "id",
  label: "reason",
  notFound: "ERR_REASON_NOT_FOUND",
  fields: ["id", "name", "description"],
};

const RULES: RecordKind = {
  kind: "rules",
  param: "ruleId",
  label: "rule",
  notFound: "ERR_RULE_NOT_FOUND",
  fields: ["id", "name", "description", "enabled", "action", "filters", "conditions"],
  // The request's schema leaves every field optional; a rule is answered with its name.
  required: ["name"],
  // A condition is sent with one value and answered with a list of them; the request names the
  // keyword flag `isKeywordReferencePresent`, the answer `isKeywordsReferencePresent`.
  shape: (values) => {
    if (!Array.isArray(values.conditions)) return values;
    const conditions = values.conditions.map((sent: Record<string, unknown>) => {
      const { value, isKeywordReferencePresent, ...condition } = sent;
      return {
        ...condition,
        ...(value === undefined ? {} : { value: Array.isArray(value) ? value : [value] }),
        ...(isKeywordReferencePresent === undefined ? {} : { isKeywordsReferencePresent: isKeywordReferencePresent }),
      };
    });
    return { ...values, conditions };
  },
};

/** Every saved state of every rule, oldest first, by revision id: what `list-rule-revisions` answers. */
const RULE_REVISIONS = "ruleRevisions";
const REVISIONS_LISTED = 10;

/** The ids of one rule's revisions; a rule `a` must not claim those of a rule `a_1`. */
function revisionIdsOf(store: FakeStore, ruleId: unknown): string[] {
  const prefix = `${store.appId}_${ruleId}_`;
  return [...store.domain.kind(RULE_REVISIONS).keys()].filter(
    (revisionId) => revisionId.startsWith(prefix) && /^\d+$/.test(revisionId.slice(prefix.length)),
  );
}

/** Saves the rule as it now is as its newest revision; the caller has claimed room for it, as a revision counts against `maxItems`. */
function saveRevision(store: FakeStore, rule: Record<string, unknown>): Record<string, unknown> {
  rule.revisionId = nextRevisionId(store, String(rule.id), rule);
  rule.active = true;
  const revisions = store.domain.kind(RULE_REVISIONS);
  revisions.set(String(rule.revisionId), { ...structuredClone(rule), active: false });
  return rule;
}

/** The revisions of one rule, newest first: the current one (`active: true`), then the ones before it. */
function revisionsOf(store: FakeStore, rule: Record<string, unknown>): Record<string, unknown>[] {
  const revisions = store.domain.kind(RULE_REVISIONS);
  const before = revisionIdsOf(store, rule.id)
    .filter((revisionId) => revisionId !== rule.revisionId)
    .map((revisionId) => structuredClone(revisions.get(revisionId)!));
  return [structuredClone(rule), ...before.reverse()];
}

function dropRevisions(store: FakeStore, ruleId: string): void {
  const revisions = store.domain.kind(RULE_REVISIONS);
  for (const revisionId of revisionIdsOf(store, ruleId)) revisions.delete(revisionId);
}

const ruleHandlers = recordHandlers(
  RULES,
  { list: "list-rules", create: "create-rule", get: "get-rule", update: "update-rule", delete: "delete-rule" },
  (id) => ({ data: { success: true, message: `Rule with id ${id} has been deleted successfully.` } }),
);

const KEYWORD_LISTS: RecordKind = {
  kind: "keywordLists",
  param: "keywordId",
  label: "keyword list",
  notFound: "ERR_KEYWORD_LIST_NOT_FOUND",
  fields: ["id", "name", "description", "category", "searchTerms", "file"],
  // The request sends the terms comma-separated; the service lists them as an array, with a
  // revision id that counts the changes of the list.
  shape: (values, store, stored) => {
    const id = String(stored?.id ?? values.id ?? "");
    const { file, ...rest } = values;
    const split = (text: unknown) =>
      typeof text === "string"
        ? text
            .split(/[,\r\n]+/)
            .map((term) => term.trim())
            .filter(Boolean)
        : [];
    // The terms come from `searchTerms`, from a CSV file, or from both.
    const terms = [...split(rest.searchTerms), ...split(file)];
    const given = rest.searchTerms !== undefined || file !== undefined;
    return {
      ...rest,
      ...(given ? { searchTerms: terms } : {}),
      ...(file === undefined ? {} : { isCSV: true }),
      ...(stored ? {} : { isCSV: file !== undefined, active: true, appId: store.appId }),
      ...(id ? { revisionId: nextRevisionId(store, id, stored) } : {}),
    };
  },
};

export const moderationHandlers: Record<string, Handler> = {
  ...recordHandlers(
    REASONS,
    { list: "list-reasons", create: "create-reason", get: "get-reason-details", update: "update-reason-details", delete: "delete-reason" },
    // The service answers this one deletion without the `data` envelope.
    (id) => ({ success: true, message: `The reason with id ${id} has been deleted successfully.` }),
  ),
  ...ruleHandlers,
  // A rule keeps every state it was saved in, and the current one is its active revision.
  "create-rule": ({ store, body }) => {
    // The rule and its first revision: both fit, or neither is stored.
    store.claim(2);
    return { data: structuredClone(saveRevision(store, createRecord(store, RULES, body))) };
  },
  "update-rule": ({ store, path, body }) => {
    requireRecord(store, RULES, path.ruleId!);
    // Room for the revision is claimed before the rule changes, so a full store leaves the rule as it was.
    store.claim();
    return { data: structuredClone(saveRevision(store, updateRecord(store, RULES, path.ruleId!, body))) };
  },
  "delete-rule": (context) => {
    const answer = ruleHandlers["delete-rule"]!(context);
    dropRevisions(context.store, context.path.ruleId!);
    return answer;
  },
  "list-rule-revisions": ({ store, path }) => {
    // The vendor's example answers `limit: 10`: the ten newest, with no cursor to the rest.
    const data = revisionsOf(store, requireRecord(store, RULES, path.ruleId!)).slice(0, REVISIONS_LISTED);
    return { data, meta: { current: { limit: REVISIONS_LISTED, count: data.length } } };
  },
  ...recordHandlers(
    KEYWORD_LISTS,
    {
      list: "list-rule-keywords",
      create: "create-rule-keyword",
      get: "get-rule-keyword",
      update: "update-rule-keyword",
      delete: "delete-rule-keyword",
    },
    (id) => ({ data: { success: true, message: `Keyword with id ${id} has been deleted successfully.` } }),
  ),

  "flag-a-message": ({ store, path, body, actor }) => {
    const message = store.messages.get(path.id!);
    if (!message || message.deletedAt !== undefined) throw messageNotFound(path.id!);
    const uid = requireUser(store, actor as string).user.uid;
    const reasonId = String(body.reasonId);
    // The reason must be one of the app's: a 400 naming the field, as the service refuses an unknown reason.
    try {
      requireRecord(store, REASONS, reasonId);
    } catch {
      throw new FakeError(400, "ERR_REASON_NOT_FOUND", `No reason with ID ${reasonId} exists.`, {
        reasonId: [`reasonId names no reason: ${reasonId}`],
      });
    }
    const key = `${message.id}:${uid}`;
    if (!store.domain.flags.has(key)) store.claim();
    store.domain.flags.set(key, {
      messageId: message.id,
      uid,
      reasonId,
      ...(body.remark === undefined ? {} : { remark: String(body.remark) }),
      flaggedAt: nowSeconds(store),
    });
    return { data: { success: true, message: `Message ${message.id} has been flagged successfully.` } };
  },

  "list-flagged-messages": ({ store, query }) => {
    const limit = (query.limit as number | undefined) ?? 100;
    const byMessage = new Map<string, Record<string, unknown>[]>();
    for (const flag of store.domain.flags.values()) {
      const messageId = String(flag.messageId);
      if (!store.messages.has(messageId)) continue;
      const user = store.liveUser(String(flag.uid))?.user;
      const reason = store.domain.kind(REASONS.kind).get(String(flag.reasonId));
      const { messageId: _id, ...report } = flag;
      const reports = byMessage.get(messageId) ?? [];
      reports.push({
        ...report,
        ...(user ? { name: user.name, role: user.role } : {}),
        ...(reason ? { reasonName: reason.name } : {}),
      });
      byMessage.set(messageId, reports);
    }
    const data = [...byMessage].slice(0, limit).map(([id, reports]) => ({
      ...structuredClone(store.messages.get(id)!),
      appId: store.appId,
      flaggedCount: reports.length,
      flaggedBy: reports,
    }));
    return { data, meta: { current: { limit, count: data.length } } };
  },
};
