// Internal: an error answer of the fake, thrown by the rules of the service and turned into the
// spec's error envelope by the server.

/** An error status with the service's error code; `details` names the fields at fault. */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    // An answer, never read for its stack: capturing one (100 frames deep under Jest) cost more
    // than the rest of a refused request, a conflict or a 404 among the commonest answers.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "FakeError";
  }

  /** The body the service sends with this error. */
  body(): { error: { code: string; message: string; details?: Record<string, string[]> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** 400 ERR_BAD_REQUEST naming one field. */
export function badField(field: string, problem: string, code = "ERR_BAD_REQUEST"): FakeError {
  return new FakeError(400, code, `The request contains an invalid field: ${field} ${problem}.`, { [field]: [`${field} ${problem}`] });
}

// One helper per error of the service, so that each code is answered with one status everywhere.
// Where the vendor's error guide names a code but no status, the status chosen is the one the
// design notes give (src/testing/fake/README.md).

/** 404 ERR_UID_NOT_FOUND: no such user, or (with `message`) no such member or ban of one. */
export const uidNotFound = (uid: string, message = `No user with UID ${uid} exists.`) => new FakeError(404, "ERR_UID_NOT_FOUND", message);
export const guidNotFound = (guid: string) => new FakeError(404, "ERR_GUID_NOT_FOUND", `No group with GUID ${guid} exists.`);
export const messageNotFound = (id: string) => new FakeError(404, "ERR_MESSAGE_ID_NOT_FOUND", `No message with ID ${id} exists.`);
export const appNotFound = (appId: string) =>
  new FakeError(404, "ERR_APP_NOT_FOUND", `No app with ID ${appId} exists, or it has been archived.`);

/** 403 ERR_GROUP_NOT_JOINED: the user acted for uses a group they are not a member of. */
export const groupNotJoined = (uid: string, guid: string) =>
  new FakeError(403, "ERR_GROUP_NOT_JOINED", `The user ${uid} is not a member of the group ${guid}.`);

/** 403 ERR_MESSAGE_NOT_A_SENDER: the user acted for may neither edit nor delete the message. */
export const messageNotASender = (id: string, uid: string) =>
  new FakeError(
    403,
    "ERR_MESSAGE_NOT_A_SENDER",
    `The user ${uid} may not change the message ${id}: only its sender, or an admin or moderator of its group, may.`,
  );

/** 400 ERR_MESSAGE_ACTION_NOT_ALLOWED: an action message (the record of an edit, a deletion, a member change) is not edited or deleted. */
export const messageActionNotAllowed = (id: string) =>
  new FakeError(400, "ERR_MESSAGE_ACTION_NOT_ALLOWED", `The message ${id} records an action; it cannot be edited or deleted.`);

/** 400 ERR_TRIGGER_NOT_FOUND: a trigger name the service does not know, named in `details.triggerIds`. */
export const triggerNotFound = (triggers: readonly string[]) =>
  new FakeError(400, "ERR_TRIGGER_NOT_FOUND", `No trigger is named ${triggers.join(", ")}.`, {
    triggerIds: triggers.map((trigger) => `triggerIds names no trigger: ${trigger}`),
  });

// The refusals of a group's rules (rules/group-rules.ts). The vendor's error guide and SDKs name
// the codes but give no status; each is a 403, as ERR_GROUP_NOT_JOINED: the credentials are
// right, the user acted for may not.

/** 403 ERR_GROUP_NO_MODERATOR_SCOPE or ERR_GROUP_NO_ADMIN_SCOPE: the user's scope in the group is below what the operation needs. */
export const groupScopeTooLow = (uid: string, guid: string, needs: "moderator" | "admin") =>
  new FakeError(
    403,
    needs === "admin" ? "ERR_GROUP_NO_ADMIN_SCOPE" : "ERR_GROUP_NO_MODERATOR_SCOPE",
    `The user ${uid} must be ${needs === "admin" ? "an admin" : "a moderator"} or above in the group ${guid} to do this.`,
  );

/** 403 ERR_GROUP_NO_SCOPE_CLEARANCE: the user does not outrank the member acted on, or the scope given. */
export const groupNoScopeClearance = (uid: string, guid: string, what: string) =>
  new FakeError(403, "ERR_GROUP_NO_SCOPE_CLEARANCE", `The user ${uid} does not outrank ${what} in the group ${guid}.`);

/** 403 ERR_GROUP_NO_CLEARANCE: the owner of the group is out of reach, or the action is the owner's alone. */
export const groupNoClearance = (message: string) => new FakeError(403, "ERR_GROUP_NO_CLEARANCE", message);

/** 403 ERR_GROUP_NO_SELF_ACTION: a member acting on their own membership. */
export const groupNoSelfAction = (uid: string, guid: string) =>
  new FakeError(403, "ERR_GROUP_NO_SELF_ACTION", `The user ${uid} cannot do this to their own membership of the group ${guid}.`);
