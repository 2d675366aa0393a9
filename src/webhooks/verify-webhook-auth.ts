/** The username and password set on the webhook (`useBasicAuth`, `username`, `password`). */
export interface WebhookCredentials {
  /**
   * Username the service sends; the one set on the webhook.
   * @default none: required
   * @example "chat-events"
   */
  username: string;
  /**
   * Password the service sends; the one set on the webhook. Keep it out of source code.
   * @default none: required
   * @example process.env.CHAT_WEBHOOK_PASSWORD
   */
  password: string;
}

const encoder = new TextEncoder();

/** The token of the last credentials seen: a receiver checks every delivery against the same pair. */
let last: { username: string; password: string; token: string } | undefined;
/**
 * The tokens of the other credentials seen lately: a receiver of several apps checks each delivery
 * against every app's pair, which would otherwise encode them all again on each delivery. Bounded:
 * emptied when full.
 */
const seen = new Map<string, string>();
const MAX_SEEN = 64;

/**
 * Checks the `Authorization` header of a webhook delivery against the webhook's credentials. The
 * service authenticates with HTTP Basic; it does not sign the body.
 *
 * Returns false, and never throws, for a missing, malformed, non-Basic or wrong header, and when
 * the expected username or password is empty (an unset variable must not open the endpoint). The
 * comparison takes the same time wherever the given credentials differ.
 *
 * @example
 * const credentials = { username: "chat-events", password: process.env.CHAT_WEBHOOK_PASSWORD! };
 * export async function POST(request: Request): Promise<Response> {
 *   if (!verifyWebhookAuth(request.headers.get("authorization"), credentials)) return new Response(null, { status: 401 });
 *   return new Response(null, { status: 200 });
 * }
 */
export function verifyWebhookAuth(authorization: string | null | undefined, credentials: WebhookCredentials): boolean {
  try {
    const { username, password } = credentials;
    if (typeof username !== "string" || typeof password !== "string" || username === "" || password === "") return false;
    if (typeof authorization !== "string") return false;
    // The service sends the canonical base64 of `username:password`: comparing that text is enough,
    // and avoids decoding on every delivery. Any other spelling (no padding, say) is decoded below.
    const token = /^[ \t]*basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(authorization)?.[1];
    if (token === undefined) return false;
    if (sameText(token, expectedToken(username, password))) return true;
    const expectedUser = encoder.encode(username);
    const expectedPassword = encoder.encode(password);
    const given = basicCredentials(token);
    if (!given) return false;
    // Both halves are always compared, so the time does not tell which one was wrong.
    const userMatches = sameBytes(given.user, expectedUser);
    const passwordMatches = sameBytes(given.password, expectedPassword);
    return userMatches && passwordMatches;
  } catch {
    return false;
  }
}

/** The canonical Basic token of the credentials, remembered for the next delivery. */
function expectedToken(username: string, password: string): string {
  if (last?.username !== username || last.password !== password) {
    const id = `${username}\u0000${password}`;
    let token = seen.get(id);
    if (token === undefined) {
      let binary = "";
      for (const byte of encoder.encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
      token = btoa(binary);
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.set(id, token);
    }
    last = { username, password, token };
  }
  return last.token;
}

/** The user and password of a Basic token as bytes, split at the first colon (RFC 7617); undefined if it is not one. */
function basicCredentials(token: string): { user: Uint8Array; password: Uint8Array } | undefined {
  let decoded: string;
  try {
    decoded = atob(token);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  // atob yields one character per byte, so the UTF-8 bytes the service encoded come back as they were.
  const bytes = Uint8Array.from(decoded, (char) => char.charCodeAt(0));
  return { user: bytes.subarray(0, colon), password: bytes.subarray(colon + 1) };
}

/** Compares two strings of ASCII in time that depends only on the expected length. */
function sameText(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

/**
 * Compares two byte strings in time that depends only on the expected length. Written out rather
 * than node:crypto's timingSafeEqual, which is missing on Workers and in browsers-like runtimes and
 * throws on a length mismatch.
 */
function sameBytes(given: Uint8Array, expected: Uint8Array): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= (given[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}
