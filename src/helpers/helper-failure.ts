import { isChatApiError } from "chat-rest-sdk";

/** Why one UID could not be brought to the state asked for; the other UIDs go on. */
export interface HelperFailure {
  /** The UID (in lower case, as the service stores it), or what the record held in its place. */
  uid: string;
  error: {
    /**
     * The service's error code (`ERR_BANNED_GROUP_MEMBER`, `ERR_UID_NOT_FOUND`, ...), or the name of
     * the SDK's error when the failure came before or outside the service (`ChatConfigError` for a
     * record refused before sending, `ChatConnectionError`, `ChatTimeoutError`).
     */
    code: string;
    /** What went wrong, in words. */
    message: string;
    /** The error thrown, when there was one (a `ChatApiError` keeps the status and the request id). */
    cause?: unknown;
  };
}

/** A thrown error as a failure of `uid`. */
export function failureOf(uid: string, error: unknown): HelperFailure {
  const code = isChatApiError(error) ? (error.code ?? error.name) : error instanceof Error ? error.name : "Error";
  const message = error instanceof Error ? error.message : String(error);
  return { uid, error: { code, message, cause: error } };
}
