// Internal: who may do what in a group, as data. One row per group operation that can act as a
// user (`onBehalfOf`): the lowest rank that may call it, whether a non-member may, and how the
// caller must stand toward the member it acts on and the scope it gives. `authorize.ts` applies
// the rows before the handler runs; the permission matrix test (tests/fake/group-permissions)
// runs every row against the fake, and the spec's description of each operation carries its
// `says` sentence word for word (tests/fake/group-rules-in-spec.test.ts).
//
// Where the rules come from: the vendor's group pages rank the scopes admin > moderator >
// participant and make the creator (owner) an admin; an admin manages every member, adds
// members, kicks and bans, updates and deletes the group; a moderator kicks and bans
// participants and updates the group; a participant sends and receives. A kicked or banned
// user is no longer part of the group and can do nothing in it. The error codes are those of
// the vendor's error guide and SDK constants (ERR_GROUP_NOT_JOINED, ERR_GROUP_NO_MODERATOR_SCOPE,
// ERR_GROUP_NO_ADMIN_SCOPE, ERR_GROUP_NO_SCOPE_CLEARANCE, ERR_GROUP_NO_CLEARANCE,
// ERR_GROUP_NO_SELF_ACTION); the guide gives no status, and the fake answers each with 403.
// Choices where the reference is silent or disagrees are marked "Chosen" below.

/** A caller's standing in a group, lowest first. The owner is an admin member who outranks the other admins. */
export const RANKS = ["participant", "moderator", "admin", "owner"] as const;
export type Rank = (typeof RANKS)[number];

export type GroupType = "public" | "private" | "password";

/** Where the group an operation acts in is found. */
export type GroupSource =
  /** The path's `guid`. */
  | "path"
  /** The group the message of the path's `id` was sent to (none for a message between two users). */
  | "message"
  /** The body's `receiver`, when `receiverType` is `group`. */
  | "receiver";

export interface GroupRule {
  group: GroupSource;
  /** The lowest rank that may call it, by group type; `participant` is any member. */
  least: Rank | Readonly<Record<GroupType, Rank>>;
  /** The group types whose non-members may call it as well. */
  openTo?: readonly GroupType[];
  /**
   * The member named by the path's `uid`: the caller must outrank them, may not act on
   * themselves, and nobody acts on the owner.
   */
  target?: boolean;
  /** The scope the request gives (`scope`, or the lists of add-members): the caller must outrank it, or reach it (`reach`). */
  grants?: "outrank" | "reach";
  /** Naming a new `owner` in the body is the owner's alone. */
  ownerField?: boolean;
  /** What the spec's description of the operation says about `onBehalfOf`, word for word. */
  says: string;
}

const MEMBERS_ONLY = "With `onBehalfOf`, that user must be a member of the group (403 `ERR_GROUP_NOT_JOINED`).";
const MESSAGE_MEMBERS_ONLY =
  "With `onBehalfOf`, a message of a group is for the members of that group only (403 `ERR_GROUP_NOT_JOINED`), kicked and banned users included.";

/** The rules of every group operation that can act as a user, by operationId. */
export const GROUP_RULES: Readonly<Record<string, GroupRule>> = {
  // Chosen: a public or password group is visible to any user (they can join it); a private one to its members.
  "get-group": {
    group: "path",
    least: "participant",
    openTo: ["public", "password"],
    says: "With `onBehalfOf`, a private group is shown to its members only (403 `ERR_GROUP_NOT_JOINED`); a public or password group to any user.",
  },
  // Chosen: the vendor ignores `owner` with onBehalfOf; here the owner alone may hand the group over.
  "update-group": {
    group: "path",
    least: "moderator",
    ownerField: true,
    says:
      "With `onBehalfOf`, that user must be a moderator, an admin or the owner of the group (403 `ERR_GROUP_NOT_JOINED` for a non-member, " +
      "`ERR_GROUP_NO_MODERATOR_SCOPE` for a participant), and only the owner may name a new `owner` (403 `ERR_GROUP_NO_CLEARANCE`).",
  },
  "delete-group": {
    group: "path",
    least: "admin",
    says:
      "With `onBehalfOf`, that user must be an admin or the owner of the group (403 `ERR_GROUP_NOT_JOINED` for a non-member, " +
      "`ERR_GROUP_NO_ADMIN_SCOPE` for a moderator or participant).",
  },
  // Chosen: any member adds to a public group; a moderator or above to a private or password one.
  // A member gives at most its own scope: only an admin or the owner adds admins.
  "add-group-members": {
    group: "path",
    least: { public: "participant", private: "moderator", password: "moderator" },
    grants: "reach",
    says:
      "With `onBehalfOf`, that user must be a member (403 `ERR_GROUP_NOT_JOINED`; nobody adds themselves), a moderator or above " +
      "in a private or password group (403 `ERR_GROUP_NO_MODERATOR_SCOPE`), and may give at most their own scope " +
      "(403 `ERR_GROUP_NO_SCOPE_CLEARANCE`); `usersToBan` follows the rules of a ban, UID by UID.",
  },
  // Chosen: the pages disagree on moderators; here only admins and the owner change scopes.
  "change-group-member-scope": {
    group: "path",
    least: "admin",
    target: true,
    grants: "outrank",
    says:
      "With `onBehalfOf`, that user must be an admin or the owner (403 `ERR_GROUP_NO_ADMIN_SCOPE`, `ERR_GROUP_NOT_JOINED` for a " +
      "non-member) and outrank both the member's scope and the new one (403 `ERR_GROUP_NO_SCOPE_CLEARANCE`); nobody changes their " +
      "own scope (403 `ERR_GROUP_NO_SELF_ACTION`) or the owner's (403 `ERR_GROUP_NO_CLEARANCE`).",
  },
  "kick-group-member": {
    group: "path",
    least: "moderator",
    target: true,
    says:
      "With `onBehalfOf`, that user must be a moderator or above (403 `ERR_GROUP_NO_MODERATOR_SCOPE`, `ERR_GROUP_NOT_JOINED` for a " +
      "non-member) and outrank the member (403 `ERR_GROUP_NO_SCOPE_CLEARANCE`), and may not kick themselves " +
      "(403 `ERR_GROUP_NO_SELF_ACTION`). Nobody kicks the owner (403 `ERR_GROUP_NO_CLEARANCE`).",
  },
  "ban-group-user": {
    group: "path",
    least: "moderator",
    target: true,
    says:
      "With `onBehalfOf`, that user must be a moderator or above (403 `ERR_GROUP_NO_MODERATOR_SCOPE`, `ERR_GROUP_NOT_JOINED` for a " +
      "non-member) and outrank the user when a member (403 `ERR_GROUP_NO_SCOPE_CLEARANCE`), and may not ban themselves " +
      "(403 `ERR_GROUP_NO_SELF_ACTION`). Nobody bans the owner (403 `ERR_GROUP_NO_CLEARANCE`).",
  },
  "unban-group-user": {
    group: "path",
    least: "moderator",
    says: "With `onBehalfOf`, that user must be a moderator or above (403 `ERR_GROUP_NO_MODERATOR_SCOPE`, `ERR_GROUP_NOT_JOINED` for a non-member).",
  },
  "user-list-group-messages": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "get-group-conversations": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "update-group-conversation": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "reset-group-conversation": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "mark-group-conversation-as-delivered": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "mark-group-conversation-as-read": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "mark-group-conversation-as-unread": { group: "path", least: "participant", says: MEMBERS_ONLY },
  "send-message": { group: "receiver", least: "participant", says: MEMBERS_ONLY },
  "send-thread-message": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "get-message-details": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "update-message": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "delete-message": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "list-all-thread-messages": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "list-all-reactions": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "get-message-reactions": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "add-message-reactions": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "remove-message-reactions": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
  "flag-a-message": { group: "message", least: "participant", says: MESSAGE_MEMBERS_ONLY },
};

/** The rank's place, for comparisons: participant 0 to owner 3. */
export const rankOf = (rank: Rank): number => RANKS.indexOf(rank);

/** The lowest rank that may call `rule` in a group of `type`. */
export function leastFor(rule: GroupRule, type: GroupType): Rank {
  return typeof rule.least === "string" ? rule.least : rule.least[type];
}
