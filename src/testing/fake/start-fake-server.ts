// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ON_BEHALF_OF, actingUserOfRequest, userKey } from "../../client/acting-user";
import { clientUrl } from "../client-url";
import { bundledSpec } from "../prism-process";
import { apiOfHost, checkAppHost } from "./app-host";
import { checkCredentials, type FakeCredentials } from "./credentials";
import { badField, FakeError } from "./fake-error";
import { fakeSpec, type FakeOperation, type FakeSpec } from "./fake-spec";
import { FakeStore } from "./fake-store";
import { type FaultDrop, Faults } from "./faults";
import { faultedResponse, sendFaulted } from "./fault-fronts";
import { HANDLERS } from "./handlers";
import { formFields, parseJsonBody, readFetchBody, readNodeBody } from "./request-body";
import { checkFakeRateLimits, FakeRateLimiter } from "./rate-limiter";
import { requestViolations } from "./request-violations";
import { authorize } from "./rules/authorize";
import type { SeedCheck } from "./seed";
import { checkSnapshot, restoreSnapshot } from "./snapshot";
import { checkFakeServerOptions } from "./check-fake-server-options";
import { copyState } from "./copy-state";
import type { FakeServer, FakeServerOptions } from "./server-types";
import { FakeClock } from "./time/fake-clock";
import { FakeControls } from "./control/fake-controls";
import { answerControl, isControlPath } from "./control/control-routes";
import { DeliveryWaits } from "./wait-for-delivery";
import { WebhookDeliveries } from "./webhook-deliveries";

export type { FakeMessage, FakeServer, FakeServerOptions, FakeState } from "./server-types";

// Every answer carries the rate-limit headers the spec declares, at the service's default standard limit.
const RATE_HEADERS = { "x-rate-limit": "20000", "x-rate-limit-remaining": "19999" };

const GENERIC_CODES: Record<number, string> = { 429: "ERR_TOO_MANY_REQUESTS", 500: "ERR_INTERNAL_SERVER_ERROR" };

const random = (bytes: number) => randomBytes(bytes).toString("hex");

/**
 * Starts a stateful fake of the Chat, Calls and Management APIs on loopback: users, groups,
 * members and messages are kept, with the service's rules, and so are conversations and their
 * receipts, reactions, flags, roles, API keys, notification and moderation records, and apps
 * with their settings, so a test can run a whole flow (create a user, then read it back; send
 * messages, then page through them; read them, and the unread count drops to 0). Every request is
 * checked against the spec (400 with the field in `details`, as the mock answers), and so are the
 * credentials; the operations the fake does not model answer from the spec's examples, as the
 * mock does. Needs the optional peers `ajv`, `ajv-formats` and `find-my-way`
 * (`npm install --save-dev ajv@8.20.0 ajv-formats@2.1.1 find-my-way@9.10.1`).
 *
 * @example
 * const fake = await startFakeServer();
 * const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
 * await unwrap(chat.POST("/users", { body: { uid: "buyer-1", name: "Ada" } }));
 * console.log(fake.state.users.get("buyer-1")?.name); // Ada
 * await fake.close();
 */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  checkFakeServerOptions(options);
  if (options.state !== undefined) checkSnapshot(options.state, "startFakeServer: state");
  const spec = fakeSpec(options.spec ?? bundledSpec);
  const credentials: FakeCredentials = {
    appId: options.appId ?? options.state?.appId ?? random(8),
    apiKey: options.apiKey ?? random(20),
    authOnlyKey: options.authOnlyKey ?? random(20),
    key: options.key ?? random(20),
    secret: options.secret ?? random(20),
  };
  const clock = new FakeClock();
  const store = new FakeStore(options.maxItems ?? 100_000, clock);
  store.domain.homeAppId = credentials.appId;
  store.appId = credentials.appId;
  const deliveries = new WebhookDeliveries(store, {
    appId: credentials.appId,
    region: options.region ?? "us",
    retryDelays: options.webhookRetryDelays ?? [100, 500, 2000],
  });
  store.listeners.push(deliveries.listener);
  if (options.state) restoreSnapshot(store, options.state);
  const waits = new DeliveryWaits(deliveries);
  const faults = new Faults((operationId) => spec.byId(operationId) !== undefined);
  const limits = checkFakeRateLimits(options.rateLimits);
  const seedCheck: SeedCheck = (operationId, { path = {}, body, onBehalfOf }) => {
    const operation = spec.byId(operationId);
    if (!operation) return;
    const headers = onBehalfOf === undefined ? {} : { [ON_BEHALF_OF]: onBehalfOf };
    const { errors } = spec.check(operation, { path, search: new URLSearchParams(), headers, body });
    if (errors.length) throw requestViolations(errors, operation);
  };
  const fake: Fake = {
    store,
    faults,
    credentials,
    holds: new Set(),
    closed: false,
    limiter: limits && new FakeRateLimiter(limits, () => clock.now()),
  };
  const controls = new FakeControls({ store, clock, faults, deliveries, waits, limiter: fake.limiter, seedCheck });
  const controlToken = options.controlToken ?? random(20);
  const server = createServer((req, res) => {
    res.on("error", () => {});
    if (isControlPath(req.url ?? "")) {
      void answerControl({ controls, clock, credentials, token: controlToken }, req, res);
      return;
    }
    const { generation } = store;
    const incoming: Partial<Incoming> = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      host: req.headers.host,
      generation,
    };
    readNodeBody(req)
      .then((raw) => answer(spec, Object.assign(incoming as Incoming, { raw }), fake))
      .then(
        ({ status, body, headers }) =>
          incoming.fault
            ? sendFaulted(res, incoming.fault, serialized({ status, body }), { ...RATE_HEADERS, date: httpDate(clock), ...headers })
            : send(res, status, body, { date: httpDate(clock), ...headers }),
        () => send(res, 500, FAILED, { date: httpDate(clock) }),
      );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", fail);
      done();
    });
  });
  // A forgotten close() must not keep a test runner alive, as with the mock.
  server.unref();
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: clientUrl(`http://${options.host ?? "127.0.0.1"}:${port}`),
    ...credentials,
    controlToken,
    close: () =>
      (closing ??= new Promise<void>((done) => {
        fake.closed = true;
        clock.reset();
        for (const release of fake.holds) release();
        deliveries.clear();
        waits.close();
        server.close(() => done());
        server.closeAllConnections();
      })),
    reset: () => controls.reset(),
    seed: (data) => controls.seed(data),
    snapshot: () => controls.snapshot(),
    restore: (snapshot) => controls.restore(snapshot),
    get state() {
      return copyState(store);
    },
    clock,
    faults: { add: (rule) => controls.addFault(rule), clear: () => controls.clearFaults() },
    failNext: (operationId, failure) => faults.failNext(operationId, failure),
    delayNext: (operationId, ms) => faults.delayNext(operationId, ms),
    get webhookDeliveries() {
      return controls.deliveries();
    },
    webhooksSettled: () => controls.webhooksSettled(),
    waitForDelivery: (match, waitOptions) => controls.waitForDelivery(match, waitOptions),
    handle: (request) => handleInProcess(spec, request, fake),
  };
}

/** The `Date` header: the fake's clock, as HTTP writes dates. */
const httpDate = (clock: FakeClock) => new Date(clock.now()).toUTCString();

const FAILED = { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "The fake failed to answer." } };
const FENCED = {
  error: {
    code: "ERR_INTERNAL_SERVER_ERROR",
    message: "The fake's state was reset or restored while this request was in flight; the request was not applied.",
  },
};
const CLOSED = { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "The fake was closed while delayNext held this request." } };

/** Waits `ms`, or until `close()`, whichever comes first. */
function hold(fake: Fake, ms: number): Promise<void> {
  if (fake.closed) return Promise.resolve();
  return new Promise<void>((done) => {
    const release = () => {
      cancel();
      fake.holds.delete(release);
      done();
    };
    const cancel = fake.store.clock.setTimer(ms, release);
    fake.holds.add(release);
  });
}

/** A request as the fake reads it, from either front: the HTTP server or `handle`. */
interface Incoming {
  method: string;
  /** The path and query; the origin is ignored, so every host and region routes alike. */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingMessage["headers"];
  /** The host the request was sent to, when known: a host of another app is refused. */
  host: string | undefined;
  raw: Buffer | FakeError;
  /** The store's generation when the request arrived: a reset or restore since then fences it off. */
  generation: number;
  /** Set by a fault: how the front spoils the answer (no answer, or a body cut short). */
  fault?: FaultDrop;
}

/** `handle()`: never rejects; a failure anywhere in the answer is a 500, as on the HTTP front. */
async function handleInProcess(spec: FakeSpec, request: Request, fake: Fake): Promise<Response> {
  let answered: Answer;
  let fault: FaultDrop | undefined;
  const { generation } = fake.store;
  try {
    const raw = await readFetchBody(request);
    const { host, pathname, search } = new URL(request.url);
    const headers: IncomingMessage["headers"] = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const incoming: Incoming = { method: request.method, url: pathname + search, headers, host, raw, generation };
    answered = await answer(spec, incoming, fake);
    fault = incoming.fault;
  } catch {
    answered = { status: 500, body: FAILED };
  }
  const { status, text } = serialized(answered);
  const headers = { ...RATE_HEADERS, date: httpDate(fake.store.clock), ...answered.headers, "content-type": "application/json" };
  return fault ? faultedResponse(fault, status, text, headers) : new Response(text, { status, headers });
}

/** The answer's JSON, or the 500 when it cannot be written (a value JSON cannot hold). */
function serialized({ status, body }: Answer): { status: number; text: string } {
  try {
    return { status, text: JSON.stringify(body) };
  } catch {
    return { status: 500, text: JSON.stringify(FAILED) };
  }
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Fake {
  store: FakeStore;
  faults: Faults;
  credentials: FakeCredentials;
  /** Ends the wait of each request held by `delayNext`; `close()` calls them all. */
  holds: Set<() => void>;
  closed: boolean;
  limiter: FakeRateLimiter | undefined;
}

/** Writes the answer; it never throws, since nothing would catch it (an answer JSON cannot hold is a 500). */
function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  const written = serialized({ status, body });
  try {
    res.writeHead(written.status, {
      ...RATE_HEADERS,
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(written.text),
    });
    res.end(written.text);
  } catch {
    res.destroy();
  }
}

function errorAnswer(error: FakeError, operation: FakeOperation | undefined): Answer {
  // Every answer is a status the operation documents: an error the spec leaves out of it is told as a 400.
  const status = !operation || operation.statuses.has(String(error.status)) ? error.status : 400;
  return { status, body: error.body(), headers: error.headers };
}

/**
 * The answer to one request, from either front (the HTTP server or `handle`). The checks run in
 * the service's order: the host (an app's own, and the API it serves), the route, the
 * credentials, and only then the rate limits, so a request refused before them is not counted.
 */
async function answer(spec: FakeSpec, req: Incoming, fake: Fake): Promise<Answer> {
  try {
    checkAppHost(req.host, fake.credentials.appId);
  } catch (error) {
    return errorAnswer(error as FakeError, undefined);
  }
  let url: URL;
  try {
    url = new URL(req.url, "http://fake.invalid");
  } catch {
    return errorAnswer(new FakeError(404, "ERR_NOT_FOUND", "The request's URL cannot be read."), undefined);
  }
  const { method } = req;
  const found = spec.route(method, url.pathname);
  const api = apiOfHost(req.host);
  // Each of the service's hosts serves its own API; loopback serves the three side by side.
  if (!found || (api && found.operation.api && found.operation.api !== api)) {
    const where = api ? ` on the ${API_NAMES[api]} host` : "";
    return errorAnswer(
      new FakeError(404, "ERR_NOT_FOUND", `No operation serves ${method} ${url.pathname.slice(0, 200)}${where}.`),
      undefined,
    );
  }
  const { operation } = found;
  try {
    checkCredentials(operation, req.headers, fake.credentials, fake.store.domain.apiKeys);
  } catch (error) {
    if (error instanceof FakeError) return errorAnswer(error, operation);
    throw error;
  }
  const limited = fake.limiter?.take(operation, found.params, req.headers);
  if (limited?.refused) return limited.refused;
  const answered = await admitted(spec, req, fake, found, url);
  return limited ? { ...answered, headers: { ...answered.headers, ...limited.headers } } : answered;
}

const API_NAMES = { chat: "Chat API", calls: "Calls API", management: "Management API" } as const;

/** The answer to a request whose host, route and credentials are good and that the rate limits admitted. */
async function admitted(
  spec: FakeSpec,
  req: Incoming,
  fake: Fake,
  { operation, params }: { operation: FakeOperation; params: Record<string, string> },
  url: URL,
): Promise<Answer> {
  const { raw } = req;
  try {
    const fault = fake.faults.take({
      operationId: operation.operationId,
      method: req.method,
      path: url.pathname,
      params,
      headers: req.headers,
    });
    if (fault.delayMs) {
      await hold(fake, fault.delayMs);
      if (fake.closed) return { status: 500, body: CLOSED };
    }
    // A dropped or cut answer is the front's to carry out; "reset" ends here, before anything is applied.
    req.fault = fault.drop;
    if (fault.drop === "reset") return { status: 500, body: FAILED };
    const failure = fault.status;
    if (failure) {
      const body = spec.example(operation, String(failure.status)) ?? {
        error: {
          code: GENERIC_CODES[failure.status] ?? "ERR_FAKE_FAILURE",
          message: `A status fault answered ${operation.operationId} with ${failure.status}.`,
        },
      };
      return {
        status: failure.status,
        body,
        headers: failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) },
      };
    }
    if (raw instanceof FakeError) throw raw;
    let body: unknown;
    if (raw.length && operation.body) body = parseJsonBody(raw);
    else if (raw.length && String(req.headers["content-type"]).startsWith("multipart/form-data")) {
      body = await formFields(raw, String(req.headers["content-type"]));
    }
    const { errors, query } = spec.check(operation, { path: params, search: url.searchParams, headers: req.headers, body });
    if (errors.length) throw requestViolations(errors, operation);
    const onBehalfOf = operation.onBehalfOf === "none" ? undefined : actingUserOfRequest(req.headers);
    const actor = onBehalfOf === undefined ? undefined : userKey(onBehalfOf);
    if (actor && !fake.store.liveUser(actor)) {
      if (operation.statuses.has("404")) throw new FakeError(404, "ERR_UID_NOT_FOUND", `No user with UID ${actor} exists (onBehalfOf).`);
      throw badField("onBehalfOf", `names no user: ${actor}`, "ERR_UID_NOT_FOUND");
    }
    // The state this request arrived at was replaced while it waited (its body, a delayNext):
    // applied now, it would write into the state the next test starts from.
    if (fake.store.generation !== req.generation) return { status: 500, body: FENCED };
    authorize(fake.store, { operationId: operation.operationId, path: params, body, actor });
    const handler = HANDLERS[operation.operationId];
    if (!handler) return { status: 200, body: spec.example(operation, "200") ?? {} };
    const run = () =>
      handler({
        store: fake.store,
        path: params,
        query,
        body,
        actor,
        example: (operationId) => structuredClone(spec.example(operationId ? (spec.byId(operationId) ?? operation) : operation, "200")),
      });
    // A write is one transaction, so a refused one stores nothing; a read changes nothing, and
    // skips the copies a transaction keeps of what it touches.
    return { status: 200, body: operation.method === "GET" ? run() : fake.store.transaction(run) };
  } catch (error) {
    if (error instanceof FakeError) return errorAnswer(error, operation);
    throw error;
  }
}
