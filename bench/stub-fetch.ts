// A fetch that answers at once, as the service would, with the operation's 200 body: sections that
// measure only the client's own work put it in place of the global fetch, so that every client
// runs its real path (the SDK `fetch(url, init)`, openapi-fetch `fetch(request)`).
import { threadReply, usersPage } from "./fixtures.js";

const bodies = { POST: JSON.stringify(threadReply), GET: JSON.stringify(usersPage) };

/** Answers a POST with send-thread-message's 200 body and anything else with a page of users. */
export async function stubFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const body = (input instanceof Request ? input.method : init?.method) === "POST" ? bodies.POST : bodies.GET;
  const headers = { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(body)) };
  return new Response(body, { status: 200, headers });
}
