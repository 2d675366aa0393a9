/** The `onBehalfOf` header's name as Node gives it to a server: lower case. */
export const ON_BEHALF_OF = "onbehalfof";

/**
 * The user a request acts as, as a server reads it: its `onBehalfOf` header, or `undefined`.
 * The header names are lower case, as Node gives them; the request's checks have refused a bad value.
 */
export function actingUserOfRequest(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const value = headers[ON_BEHALF_OF];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The key a user's requests are counted and authorized under: UIDs are case-insensitive on the
 * service, so `Ana` and `ana` are one user and share one limit.
 */
export const userKey = (uid: string): string => uid.toLowerCase();
