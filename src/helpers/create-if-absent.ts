import { type ChatApiError, isChatApiError, isChatConnectionError, unwrap } from "chat-rest-sdk";

interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What a create call came to: the new item, or the 409 that says it exists. */
export type CreateOutcome<T> = { created: T; conflict?: undefined } | { created?: undefined; conflict: ChatApiError };

/**
 * How many times a create is sent again after a failure that leaves it unknown whether it was
 * applied. Each send is itself retried by the client where that is safe; these are on top.
 */
export const CREATE_RESENDS = 3;

/**
 * Whether a failed create may be sent again: the connection failed or timed out, or the service
 * answered a 5xx or a 429 the client gave up on. A create is safe to repeat, which a POST in
 * general is not: if the first one was applied, the next is answered 409 for the UID or GUID
 * that exists, and read as "exists".
 */
export function worthResending(error: unknown): boolean {
  if (isChatConnectionError(error)) return true;
  return isChatApiError(error) && (error.status >= 500 || error.status === 429) && (error as { scope?: unknown }).scope === undefined;
}

/**
 * Sends a create call and reads a 409 with `code` (the UID or GUID exists) as an outcome, not a
 * failure. The 409 is what makes the helpers safe under a race: of two creates at once, one
 * succeeds and the other learns that the item exists, which is all it wanted. It is also what
 * makes a create safe to send again after its answer was lost: up to {@link CREATE_RESENDS} more.
 */
export async function createIfAbsent<R extends Result>(
  send: () => Promise<R>,
  code: string,
): Promise<CreateOutcome<Exclude<R["data"], undefined>>> {
  for (let sent = 0; ; sent++) {
    try {
      return { created: await unwrap(send()) };
    } catch (error) {
      // Names, not instanceof: the error may come from another copy of the SDK.
      if (isChatApiError(error) && error.status === 409 && (error.code === code || error.code === undefined)) return { conflict: error };
      if (sent >= CREATE_RESENDS || !worthResending(error)) throw error;
    }
  }
}
