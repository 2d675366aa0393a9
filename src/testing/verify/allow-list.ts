// Internal: the allow-list, the differences a user knows of and accepts, each with its reason.
import { readFileSync } from "node:fs";
import type { Difference } from "./compare-answers";

/** The format and version an allow-list file names. */
export const ALLOW_LIST_FORMAT = "chat-rest-sdk/verify-allow@1";

/** One known difference. `operationId` and `field` may hold `*` for any run of characters. */
export interface AllowEntry {
  /** The operation, e.g. `get-user`, or `*`. */
  operationId: string;
  /** The JSON path of the field, as the report writes it (`$.data.status`, `$.data[*].status`, `status`). */
  field: string;
  /** Whose difference it is; both when absent. */
  side?: "fake" | "spec";
  /** Why it is accepted: required, so that a later reader knows whether it still holds. */
  reason: string;
}

/** An allow-list file: `{ "format": "chat-rest-sdk/verify-allow@1", "allow": [ ... ] }`. */
export interface AllowList {
  format: typeof ALLOW_LIST_FORMAT;
  allow: AllowEntry[];
}

const pattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);

/**
 * Checks an allow-list read from JSON: a TypeError names the first entry that is not one (an
 * entry needs an `operationId`, a `field` and a `reason`).
 *
 * @example
 * const allow = checkAllowList({
 *   format: "chat-rest-sdk/verify-allow@1",
 *   allow: [{ operationId: "get-user", field: "$.data.status", side: "fake", reason: "The fake keeps every user offline." }],
 * });
 * console.log(allow.allow.length); // 1
 */
export function checkAllowList(list: unknown): AllowList {
  const { format, allow } = (list ?? {}) as Partial<AllowList>;
  if (format !== ALLOW_LIST_FORMAT || !Array.isArray(allow))
    throw new TypeError(`allow-list: expected { "format": "${ALLOW_LIST_FORMAT}", "allow": [...] }.`);
  allow.forEach((entry, at) => {
    for (const field of ["operationId", "field", "reason"] as const)
      if (typeof entry?.[field] !== "string" || entry[field].trim() === "")
        throw new TypeError(`allow-list: entry ${at} needs a non-empty "${field}".`);
    if (entry.side !== undefined && entry.side !== "fake" && entry.side !== "spec")
      throw new TypeError(`allow-list: entry ${at} has side ${JSON.stringify(entry.side)}; it is "fake" or "spec".`);
  });
  return { format, allow };
}

/**
 * Reads and checks an allow-list file, as {@link checkAllowList} checks it.
 *
 * @example
 * const allow = readAllowList("fake-allow.json");
 * console.log(allow.allow.map((entry) => entry.reason));
 */
export function readAllowList(file: string): AllowList {
  return checkAllowList(JSON.parse(readFileSync(file, "utf8")));
}

/** Marks each difference an entry lists with the entry's reason; returns the entries that listed none. */
export function applyAllowList(differences: Difference[], list: AllowList | undefined): AllowEntry[] {
  if (!list) return [];
  const compiled = list.allow.map((entry) => ({ entry, operation: pattern(entry.operationId), field: pattern(entry.field), used: false }));
  for (const difference of differences) {
    // `$.data[3].scope` is also matched by `$.data[*].scope`.
    const match = compiled.find(
      (c) =>
        (c.entry.side === undefined || c.entry.side === difference.side) &&
        c.operation.test(difference.operationId) &&
        (c.field.test(difference.field) || c.field.test(difference.field.replace(/\[\d+\]/g, "[*]"))),
    );
    if (!match) continue;
    match.used = true;
    difference.allowed = match.entry.reason;
  }
  return compiled.filter((c) => !c.used).map((c) => c.entry);
}
