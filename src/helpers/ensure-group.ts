import { type ChatClient, type Group, isChatApiError, unwrap } from "chat-rest-sdk";
import { changedFields } from "./changed-fields.js";
import { checkClient, checkGroup, checkOnExists, checkOptions, type GroupInput, type OnExists } from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";

/** The fields of a group that are read back and compared; `password` is never read back (see `onExists`). */
const COMPARED = ["name", "type", "icon", "description", "metadata", "tags", "owner"] as const;

/** Options of {@link ensureGroup}. */
export interface EnsureGroupOptions {
  /**
   * What to do when a group with the GUID exists: `"keep"` leaves it as it is; `"update"` changes
   * the fields given that differ from the stored ones (`PUT /groups/{guid}`, a partial update) and
   * never clears a field that was not given. A different `owner` transfers the ownership, which the
   * service allows only to a member. `password` is not read back, so it is sent only along with
   * another change.
   * @default "keep"
   * @example "update"
   */
  onExists?: OnExists;
}

/** What {@link ensureGroup} did. */
export interface EnsuredGroup {
  /** The group as it is now. */
  group: Group;
  /** Whether this call created the group. Of calls made at once for one GUID, exactly one gets `true`. */
  created: boolean;
  /** Whether this call changed fields of an existing group. */
  updated: boolean;
}

/**
 * Creates a group unless one with the GUID exists, and says which happened: the call a backend
 * makes for a new order or team. The create goes first (`POST /groups`); a 409
 * `ERR_GUID_ALREADY_EXISTS` means the group exists, which is then read (`GET /groups/{guid}`).
 * So calls made at once for one GUID all resolve, and exactly one reports `created: true`.
 *
 * Members are not part of it: `syncGroupMembers` makes them match a list. A group that is not a
 * valid body of `POST /groups` throws a `ChatConfigError` before anything is sent; an error status
 * throws its `ChatApiError`.
 *
 * @example
 * const { group, created } = await ensureGroup(chat, { guid: "order-1042", name: "Order 1042", type: "private", owner: "seller-7" });
 * console.log(created ? `created ${group.guid}` : `${group.guid} was there`);
 */
export async function ensureGroup(chat: ChatClient, group: GroupInput, options?: EnsureGroupOptions): Promise<EnsuredGroup> {
  checkClient("ensureGroup: chat", chat);
  const input = checkGroup("ensureGroup: group", group);
  const onExists = checkOnExists(
    "ensureGroup: options.onExists",
    checkOptions<EnsureGroupOptions>("ensureGroup: options", options, ["onExists"]).onExists,
  );
  const outcome = await createIfAbsent(chat.POST("/groups", { body: input, idempotent: true }), "ERR_GUID_ALREADY_EXISTS");
  if (outcome.created) return { group: withoutMembers(outcome.created.data), created: true, updated: false };
  const guid = input.guid.toLowerCase();
  const current = await readGroup(chat, guid, outcome.conflict);
  if (onExists === "keep") return { group: current, created: false, updated: false };
  const changes = changedFields(input, current, COMPARED);
  if (Object.keys(changes).length === 0) return { group: current, created: false, updated: false };
  const body = input.password === undefined ? changes : { ...changes, password: input.password };
  const updated = (await unwrap(chat.PUT("/groups/{guid}", { params: { path: { guid } }, body }))).data;
  return { group: updated, created: false, updated: true };
}

/** The group whose GUID is taken; the 409 when it cannot be read (deleted since). */
async function readGroup(chat: ChatClient, guid: string, conflict: unknown): Promise<Group> {
  try {
    return (await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid } } }))).data;
  } catch (error) {
    throw isChatApiError(error) && error.status === 404 ? conflict : error;
  }
}

function withoutMembers(created: Group & { members?: unknown }): Group {
  const { members: _members, ...group } = created;
  return group;
}
