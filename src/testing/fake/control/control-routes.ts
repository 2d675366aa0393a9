// The fake's controls over HTTP, for a test that drives it from another process (Jest workers
// after a globalSetup) or another language: routes under CONTROL_PREFIX on the fake's own port,
// answered only with the control token. Each route calls the same FakeControls as the in-process
// methods. A rule's `where` is a function, so it cannot be sent; the other fields can.
import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import type { FaultHandle, FaultRule } from "../faults/faults";
import type { FakeClock } from "../time/fake-clock";
import type { FakeControls } from "./fake-controls";
import type { DeliveryMatch } from "../deliveries/wait-for-delivery";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import type { FakeCredentials } from "../pipeline/credentials";

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
  controls: FakeControls;
  clock: FakeClock;
  credentials: FakeCredentials;
  token: string;
}

export const isControlPath = (url: string) => url === CONTROL_PREFIX || url.startsWith(`${CONTROL_PREFIX}/`);

const faultView = (handle: FaultHandle) => ({ id: handle.id, seed: handle.seed, fired: handle.fired });

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
async function route(parts: ControlRouteParts, method: string, path: string, body: any): Promise<unknown> {
  const { controls, clock } = parts;
  const key = `${method} ${path}`;
  const fault = /^\/faults\/([^/]+)$/.exec(path);
  if (fault) {
    const handle = controls.fault(decodeURIComponent(fault[1]!));
    if (!handle) throw new ControlError(404, `No fault rule ${fault[1]} was added since the last clear.`);
    if (method === "GET") return faultView(handle);
    if (method === "DELETE") return void handle.remove();
  }
  switch (key) {
    case "GET /info":
      return { ...parts.credentials };
    case "POST /reset":
      return void controls.reset();
    case "POST /seed":
      return controls.seed(body ?? {});
    case "GET /snapshot":
      return controls.snapshot();
    case "POST /restore":
      return void controls.restore(body);
    case "GET /clock":
      return controls.clockState();
    case "POST /clock/freeze":
      return void clock.freeze(body?.at);
    case "POST /clock/advance":
      await clock.advance(body?.ms);
      return controls.clockState();
    case "POST /clock/resume":
      return void clock.resume();
    case "POST /clock/reset":
      return void clock.reset();
    case "POST /faults": {
      if (body && typeof body === "object" && "where" in body)
        throw new ControlError(400, "faults.add: where is a function and cannot be sent.");
      return faultView(controls.addFault(body as FaultRule));
    }
    case "DELETE /faults":
      return void controls.clearFaults();
    case "GET /deliveries":
      return controls.deliveries();
    case "POST /deliveries/settled":
      return void (await controls.webhooksSettled());
    case "POST /deliveries/wait": {
      const match = (body?.match ?? {}) as DeliveryMatch<FiredTrigger>;
      if ("where" in match) throw new ControlError(400, "waitForDelivery: where is a function and cannot be sent.");
      return controls.waitForDelivery(match, body?.options);
    }
  }
  throw new ControlError(404, `No control route ${key} under ${CONTROL_PREFIX}.`);
}

/** Answers one request under {@link CONTROL_PREFIX}; it never throws. */
export async function answerControl(parts: ControlRouteParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const reply = (status: number, value?: unknown) => {
    if (res.destroyed || res.headersSent) return;
    const text = value === undefined ? "" : JSON.stringify(value);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  try {
    if (!tokenMatches(req.headers[CONTROL_TOKEN_HEADER], parts.token))
      throw new ControlError(401, `The control routes need the fake's control token in ${CONTROL_TOKEN_HEADER}.`);
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const body = await readBody(req);
    const value = await route(parts, req.method ?? "GET", url.pathname.slice(CONTROL_PREFIX.length) || "/", body);
    reply(value === undefined ? 204 : 200, value);
  } catch (error) {
    // A control refused for its input is a 400; one that could not be done (a wait that timed out) a 422.
    const status = error instanceof ControlError ? error.status : error instanceof TypeError ? 400 : 422;
    reply(status, { error: { code: "ERR_FAKE_CONTROL", message: (error as Error)?.message ?? String(error) } });
  }
}
