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
    super(message);
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

export const uidNotFound = (uid: string) => new FakeError(404, "ERR_UID_NOT_FOUND", `No user with UID ${uid} exists.`);
export const guidNotFound = (guid: string) => new FakeError(404, "ERR_GUID_NOT_FOUND", `No group with GUID ${guid} exists.`);
export const messageNotFound = (id: string) => new FakeError(404, "ERR_MESSAGE_ID_NOT_FOUND", `No message with ID ${id} exists.`);
