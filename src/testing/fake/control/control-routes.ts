// The fake's controls over HTTP, for a test that drives it from another process (Jest workers
// after a globalSetup) or another language: routes under CONTROL_PREFIX on the fake's own port,
// answered only with the control token. Each route is a row of ./controls.ts, the table the
// in-process methods and connectFake read too. A rule's `where` is a function, so it cannot be sent.
import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { CONTROL_ROUTES, type Control, type ControlParts, routeAnswer } from "./controls";

/** The path prefix of the control routes: no path of the service starts with it. */
export const CONTROL_PREFIX = "/__fake";

/** The header that carries the control token. */
export const CONTROL_TOKEN_HEADER = "x-fake-control-token";

/** A restore carries a whole snapshot: far above the service's body limit, but still bounded. */
const MAX_CONTROL_BODY_BYTES = 256 << 20;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ControlRouteParts {
  /** The app the routes act on; undefined for an `/app/{appId}` prefix that names no app of the fake (404). */
  parts: ControlParts | undefined;
  token: string;
}

export const isControlPath = (url: string) => url === CONTROL_PREFIX || url.startsWith(`${CONTROL_PREFIX}/`);

/** The row whose route is `method path`, and the `:id` it names, if any. */
function routeOf(method: string, path: string): { row: Control; id?: string } | undefined {
  for (const row of CONTROL_ROUTES) {
    const [rowMethod, rowPath] = row.route.split(" ") as [string, string];
    if (rowMethod !== method) continue;
    if (rowPath === path) return { row };
    const prefix = rowPath.endsWith("/:id") ? rowPath.slice(0, -3) : undefined;
    const id = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    if (id && !id.includes("/") && !CONTROL_ROUTES.some((other) => other.route === `${method} ${path}`))
      return { row, id: decodeURIComponent(id) };
  }
  return undefined;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_CONTROL_BODY_BYTES) chunks.push(chunk);
    });
    req.on("error", fail);
    req.on("end", () => {
      if (size > MAX_CONTROL_BODY_BYTES) return fail(new ControlError(413, `A control body is at most ${MAX_CONTROL_BODY_BYTES} bytes.`));
      const text = Buffer.concat(chunks).toString("utf8");
      if (!text) return done(undefined);
      try {
        done(JSON.parse(text));
      } catch {
        fail(new ControlError(400, "The control body is not JSON."));
      }
    });
  });
}

function tokenMatches(sent: unknown, token: string): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What one control route answers: a JSON value, or nothing (204). */
async function route(parts: ControlParts, method: string, url: URL, body: unknown): Promise<unknown> {
  const path = url.pathname.slice(CONTROL_PREFIX.length) || "/";
  const found = routeOf(method, path);
  if (!found) throw new ControlError(404, `No control route ${method} ${path} under ${CONTROL_PREFIX}.`);
  const { row, id } = found;
  // A GET carries its input in the query, and a route with an id in its path.
  let input = method === "GET" && url.search ? Object.fromEntries(url.searchParams) : body;
  if (id !== undefined) input = { ...(input as object), id };
  row.sendable?.(input);
  try {
    return routeAnswer(await row.run(parts, input));
  } catch (error) {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === "number") throw new ControlError(status, (error as Error).message);
    throw error;
  }
}

/** Answers one request under {@link CONTROL_PREFIX} (`path`: its path and query, without an `/app/{appId}` prefix); it never throws. */
export async function answerControl(
  parts: ControlRouteParts,
  req: IncomingMessage,
  res: ServerResponse,
  path = req.url ?? "/",
): Promise<void> {
  const reply = (status: number, value?: unknown) => {
    if (res.destroyed || res.headersSent) return;
    const text = value === undefined ? "" : JSON.stringify(value);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  try {
    if (!tokenMatches(req.headers[CONTROL_TOKEN_HEADER], parts.token))
      throw new ControlError(401, `The control routes need the fake's control token in ${CONTROL_TOKEN_HEADER}.`);
    if (!parts.parts) throw new ControlError(404, "The fake serves no app of that ID.");
    const url = new URL(path, "http://fake.invalid");
    const body = await readBody(req);
    const value = await route(parts.parts, req.method ?? "GET", url, body);
    reply(value === undefined ? 204 : 200, value);
  } catch (error) {
    // A control refused for its input is a 400; one that could not be done (a wait that timed out) a 422.
    const status = error instanceof ControlError ? error.status : error instanceof TypeError ? 400 : 422;
    reply(status, { error: { code: "ERR_FAKE_CONTROL", message: (error as Error)?.message ?? String(error) } });
  }
}
