import { type ChatApiError, isChatApiError, unwrap } from "chat-rest-sdk";

interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What a create call came to: the new item, or the 409 that says it exists. */
export type CreateOutcome<T> = { created: T; conflict?: undefined } | { created?: undefined; conflict: ChatApiError };

/**
 * Sends a create call and reads a 409 with `code` (the UID or GUID exists) as an outcome, not a
 * failure. The 409 is what makes the helpers safe under a race: of two creates at once, one
 * succeeds and the other learns that the item exists, which is all it wanted. It is also what
 * lets the helpers send their creates with `idempotent: true`: a create repeated by the client
 * after its answer was lost, or after a 5xx, is answered 409 if the first one was applied.
 */
export async function createIfAbsent<R extends Result>(
  call: Promise<R>,
  code: string,
): Promise<CreateOutcome<Exclude<R["data"], undefined>>> {
  try {
    return { created: await unwrap(call) };
  } catch (error) {
    // Names, not instanceof: the error may come from another copy of the SDK.
    if (isChatApiError(error) && error.status === 409 && (error.code === code || error.code === undefined)) return { conflict: error };
    throw error;
  }
}
