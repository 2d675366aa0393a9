// The answers that say a state asked for holds already. Only codes the service documents, or that
// its guides name: a code guessed here would turn a real failure into a silent success.

/**
 * The answers to a kick of a user who is not a member: kicked already (or the user was deleted).
 * The service's guides name the last two; the service answers a member it cannot find in the
 * group as an unknown UID.
 */
export const NOT_A_MEMBER: ReadonlySet<string> = new Set(["ERR_UID_NOT_FOUND", "ERR_NOT_A_MEMBER", "ERR_GROUP_NOT_JOINED"]);

/** The answer to an unban of a user who is not banned: a 404 with the UID's code, as for an unknown user. */
export const NOT_BANNED: ReadonlySet<string> = new Set(["ERR_UID_NOT_FOUND"]);

/** The answer to a deletion of a message that is deleted already, or was never there. */
export const MESSAGE_GONE: ReadonlySet<string> = new Set(["ERR_MESSAGE_ID_NOT_FOUND"]);
