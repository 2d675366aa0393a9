// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ON_BEHALF_OF, actingUserOfRequest, userKey } from "../../client/acting-user";
import type { AuthToken, Group, User } from "../../types";
import { clientUrl } from "../client-url";
import { bundledSpec } from "../prism-process";
import { apiOfHost, checkAppHost } from "./app-host";
import { checkCredentials, type FakeCredentials } from "./credentials";
import { badField, FakeError } from "./fake-error";
import { fakeSpec, type FakeOperation, type FakeSpec } from "./fake-spec";
import { FakeStore, type Membership, type StoredMessage } from "./fake-store";
import { type FailNextOptions, type FakeFaults, type FaultDrop, Faults } from "./faults";
import { faultedResponse, sendFaulted } from "./fault-fronts";
import { groupView } from "./groups";
import { HANDLERS } from "./handlers";
import { parseJsonBody, readFetchBody, readNodeBody } from "./request-body";
import { checkFakeRateLimits, FakeRateLimiter } from "./rate-limiter";
import { requestViolations } from "./request-violations";
import { authorize } from "./rules/authorize";
import type { FiredTrigger } from "./fired-triggers";
import type { FakeSeed, SeedCheck, Seeded } from "./seed";
import { checkSnapshot, type FakeSnapshot, restoreSnapshot } from "./snapshot";
import { userView } from "./users";
import { FakeClock, type FakeClockControl } from "./time/fake-clock";
import { FakeControls } from "./control/fake-controls";
import { answerControl, isControlPath } from "./control/control-routes";
import { type DeliveryMatch, DeliveryWaits, type FakeDelivery, type WaitForDeliveryOptions } from "./wait-for-delivery";
import { type FakeWebhookDelivery, WebhookDeliveries } from "./webhook-deliveries";
import type { RateLimits } from "../../rate-limits/rate-limit-options";

/** Options of {@link startFakeServer}. */
export interface FakeServerOptions {
  /**
   * Port to listen on. `0` picks a free port.
   * @default 0
   * @example 4011
   */
  port?: number;
  /**
   * Interface to listen on. The returned `url` brackets an IPv6 address and names loopback for a
   * wildcard address, as the mock's does.
   * @default "127.0.0.1"
   * @example "0.0.0.0"
   */
  host?: string;
  /**
   * The app's id, exposed on the result for `createChatClient({ appId })` and the Management API's `/apps/{appId}`.
   * @default a random 16-hex-digit id
   * @example "2a1b3c4d5e6f7a8b"
   */
  appId?: string;
  /**
   * The `fullAccess` API key the fake accepts; any other key gets 401 `AUTH_ERR_APIKEY_NOT_FOUND`.
   * @default a random 40-hex-digit key
   * @example "test-rest-api-key"
   */
  apiKey?: string;
  /**
   * The `authOnly` key the fake accepts for creating users and auth tokens only; elsewhere it gets 403 `AUTH_ERR_NO_ACCESS`.
   * @default a random 40-hex-digit key
   * @example "test-auth-key"
   */
  authOnlyKey?: string;
  /**
   * The Management API `key` the fake accepts, together with `secret`.
   * @default a random 40-hex-digit key
   * @example "test-management-key"
   */
  key?: string;
  /**
   * The Management API `secret` the fake accepts, together with `key`.
   * @default a random 40-hex-digit secret
   * @example "test-management-secret"
   */
  secret?: string;
  /**
   * The most items the fake stores (users, auth tokens, friendships, blocks, groups, memberships,
   * bans and messages, and each record of the rest of the domain: conversation marks, reactions,
   * flags, roles, keys, settings, notification and moderation records, apps, together). A request that would store more gets 403
   * `ERR_PLAN_QUOTA_RESTRICTION`, whose message names this cap, and stores nothing (not even the part that fit).
   * @default 100000
   * @example 500
   */
  maxItems?: number;
  /**
   * The OpenAPI document whose operations the fake serves and checks requests against.
   * @default the spec bundled with this package
   * @example "./openapi.json"
   */
  spec?: string;
  /**
   * The app's region, sent as `region` in every webhook event.
   * @default "us"
   * @example "eu"
   */
  region?: string;
  /**
   * Milliseconds to wait before each retry of a failed webhook delivery (an answer other than 2xx,
   * or no answer within 5 s), for webhooks created with `retryOnFailure`; one retry per entry.
   * @default [100, 500, 2000]
   * @example [0, 0, 0]
   */
  webhookRetryDelays?: number[];
  /**
   * A state to start from: a snapshot from {@link FakeServer.snapshot}, as is or read back from a
   * JSON file. Its app ID is served unless `appId` is given.
   * @default an empty model
   * @example JSON.parse(readFileSync("fake-state.json", "utf8"))
   */
  state?: FakeSnapshot;
  /**
   * Enforce rate limits as the service does, with the option a client takes: `"service"` for the
   * documented limits, or an object of your own (short windows work: `{ app: { all: { limit: 5, windowMs: 1_000 } } }`).
   * A request past a limit gets 429 `ERR_TOO_MANY_REQUESTS` with `Retry-After`, `X-RateLimit-Reset`
   * and the limit headers, and is not processed; while limits are on, the answer to every request
   * counted carries `X-RateLimit-Limit` and `X-RateLimit-Remaining` of its tightest limit. As the
   * service, the fake checks the host, the route and the credentials first: a request they refuse
   * is not counted. `store` and `maxWaitMs` are ignored.
   * @default undefined (no limits)
   * @example { perUser: { sendMessage: { limit: 5, windowMs: 1_000 } } }
   */
  rateLimits?: "service" | RateLimits;
  /**
   * The token the control routes (under `/__fake` on the fake's port) take in the
   * `x-fake-control-token` header; `connectFake(url, controlToken)` sends it.
   * @default a random 40-hex-digit token
   * @example "test-control-token"
   */
  controlToken?: string;
}

/** A message of the fake's model, with its thread, edit and deletion marks; or an action message (`category` `action`) recording an edit, a deletion or a member change. */
export type FakeMessage = StoredMessage;

/** Read-only copies of the fake's model, for assertions. Each read of {@link FakeServer.state} copies it anew. */
export interface FakeState {
  /** Users by UID (lower case), deactivated ones included, deleted ones not. */
  users: ReadonlyMap<string, User>;
  /** Groups by GUID, with `owner` and `membersCount`. */
  groups: ReadonlyMap<string, Group>;
  /** Members of each group by GUID, then by UID. */
  members: ReadonlyMap<string, ReadonlyMap<string, Readonly<Membership>>>;
  /** UIDs banned from each group, by GUID. */
  bannedUsers: ReadonlyMap<string, readonly string[]>;
  /** Messages by id, thread replies, soft-deleted and action messages included. */
  messages: ReadonlyMap<string, FakeMessage>;
  /** Auth tokens of each user, by UID. */
  authTokens: ReadonlyMap<string, readonly AuthToken[]>;
  /** Friends of each user, by UID. */
  friends: ReadonlyMap<string, readonly string[]>;
  /** The users each user blocked, by UID. */
  blockedUsers: ReadonlyMap<string, readonly string[]>;
  /** How many items are stored, as counted against `maxItems`. */
  size: number;
}

/** A running fake: its URL, the credentials it accepts, its model and the controls of a test. */
export interface FakeServer extends FakeCredentials {
  /** Base URL to pass as `baseUrl` to `createChatClient`, `createCallsClient` and `createManagementClient`. */
  url: string;
  /**
   * The token of the control routes, under `/__fake` on the fake's port: pass it with `url` to
   * `connectFake` in another process (a Jest worker, say) to drive this fake from there.
   * @example const remote = await connectFake(fake.url, fake.controlToken);
   */
  controlToken: string;
  /** Stops listening and closes open connections. Calling it again returns the same promise. */
  close(): Promise<void>;
  /**
   * Empties the model, forgets pending failNext and delayNext, and sets the clock back to real
   * time. A request in flight (its body still arriving, or held by delayNext) is not applied to the
   * emptied model: it is answered 500.
   */
  reset(): void;
  /**
   * The fake's time. Every timestamp it stores (`sentAt`, `createdAt`, `updatedAt`, `editedAt`,
   * `deletedAt`, `joinedAt`, auth tokens' `createdAt`...), its `Date` header, its rate-limit windows
   * and their `Retry-After` and `X-RateLimit-Reset`, the delays before webhook retries and answers
   * held by `delayNext` follow it. `waitForDelivery` and a webhook attempt's own timeout stay on real time.
   * @example
   * fake.clock.freeze(Date.UTC(2030, 0, 1));
   * const { data } = await unwrap(chat.POST("/messages", { body }));
   * expect(data.sentAt).toBe(Date.UTC(2030, 0, 1) / 1000);
   * await fake.clock.advance(60_000); // a minute's rate-limit window opens, due webhook retries run
   */
  readonly clock: FakeClockControl;
  /**
   * Stores users, then groups, then members, then messages, with the service's rules, each item
   * checked first as the API checks the request that would store it (a UID's characters and
   * length, a name's length, ...). Throws, naming the item, on one it would refuse; all or nothing:
   * a seed that throws stores none of its items.
   * @example
   * fake.seed({ users: [{ uid: "ana", name: "Ana" }], groups: [{ guid: "team", name: "Team", owner: "ana" }] });
   */
  seed(data: FakeSeed): Seeded;
  /**
   * A frozen, JSON-safe copy of the whole model (every user, group, message, conversation mark,
   * record, webhook and trigger), for {@link restore}, `startFakeServer({ state })` or a file.
   * @example
   * fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
   * const seeded = fake.snapshot();
   * // JSON-safe: this text, in a file, is what `chat-rest-fake --state <file>` starts from.
   * const text = JSON.stringify(seeded);
   */
  snapshot(): FakeSnapshot;
  /**
   * Replaces the model with a snapshot's, and, as `reset()`, forgets pending failNext, delayNext and
   * the webhook deliveries. Fast: a snapshot is shared, not copied, so restoring before each test
   * costs far less than seeding again (see BENCHMARKS.md). A request in flight (its body still
   * arriving, or held by delayNext) is fenced off: it is answered 500 and writes nothing into the
   * restored model, so the next test starts from the snapshot. Throws a TypeError on a value that
   * is not a snapshot.
   * @example
   * const seeded = fake.snapshot(); // once, after seeding
   * // Then before each test, in place of seeding again:
   * fake.restore(seeded);
   */
  restore(snapshot: FakeSnapshot): void;
  /** Read-only copies of the model. */
  readonly state: FakeState;
  /**
   * The faults of the fake: rules by operation (or `"*"`) that answer a status, answer late, close
   * the connection before or after applying the request, or cut the body short; with a probability,
   * a count and a seed to replay them. `reset()` and `restore()` clear them.
   * @example
   * fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
   * // The message is stored and its webhooks fire, but the client sees the connection close.
   */
  readonly faults: FakeFaults;
  /**
   * Answers the next request of `operationId` (or the next `times` ones) with an error status
   * instead: a shortcut for `faults.add({ operationId, kind: "status", status, retryAfter, times })`.
   * @example fake.failNext("list-users", { status: 429, retryAfter: 1 })
   */
  failNext(operationId: string, options: FailNextOptions): void;
  /**
   * Holds the next request of `operationId` for `ms` milliseconds of the fake's clock before answering
   * it: a shortcut for `faults.add({ operationId, kind: "latency", ms, times: 1 })`.
   * @example fake.delayNext("get-user", 5_000)
   */
  delayNext(operationId: string, ms: number): void;
  /**
   * The events POSTed to the webhooks created through the Management API, oldest first: the
   * last 1,000 (older ones are forgotten). Each read copies them anew; `reset()` empties them.
   * @example
   * await fake.webhooksSettled();
   * expect(fake.webhookDeliveries.map((d) => d.trigger)).toEqual(["message_sent"]);
   */
  readonly webhookDeliveries: readonly FakeWebhookDelivery[];
  /**
   * Resolves once no webhook delivery is under way, retries included. Retries wait on the fake's
   * clock: with it frozen, `await fake.clock.advance(ms)` past them instead, which resolves once they ran.
   */
  webhooksSettled(): Promise<void>;
  /**
   * Resolves with the first delivery of `trigger` (to `webhook`, and for which `where` holds), past or
   * future, once its attempts are over (`state` is `delivered` or `failed`); its `payload` is typed
   * as that trigger's event. Rejects after `timeoutMs` with a message listing what was delivered.
   * @example
   * const delivery = await fake.waitForDelivery(
   *   { trigger: "message_sent", where: (event) => event.data.message.data.text === "Order shipped" },
   *   { timeoutMs: 1_000 },
   * );
   * if (delivery.state !== "delivered") throw new Error(`the receiver answered ${delivery.status}`);
   */
  waitForDelivery<T extends FiredTrigger>(match: DeliveryMatch<T>, options?: WaitForDeliveryOptions): Promise<FakeDelivery<T>>;
  /**
   * Answers one request in process, as the HTTP front would, without a socket: the Chat, Calls and
   * Management operations alike, routed by the URL's path; on one of the service's own hosts, only
   * that host's API is served. `chatFakeHandlers` hands MSW's requests to it.
   * A fault that closes the connection answers `Response.error()` (fetch, and MSW, reject with a
   * network error); a `truncate-body` fault answers a body that fails halfway.
   * @example const response = await fake.handle(new Request(`${fake.url}/users`, { headers: { apikey: fake.apiKey } }));
   */
  handle(request: Request): Promise<Response>;
}

// Every answer carries the rate-limit headers the spec declares, at the service's default standard limit.
const RATE_HEADERS = { "x-rate-limit": "20000", "x-rate-limit-remaining": "19999" };

const GENERIC_CODES: Record<number, string> = { 429: "ERR_TOO_MANY_REQUESTS", 500: "ERR_INTERNAL_SERVER_ERROR" };

const random = (bytes: number) => randomBytes(bytes).toString("hex");

function checkOptions(options: FakeServerOptions): void {
  const { port, host, maxItems } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new TypeError(`startFakeServer: port must be an integer from 0 to 65535, got ${String(port)}.`);
  if (host !== undefined && (typeof host !== "string" || host.trim() === ""))
    throw new TypeError("startFakeServer: host must be a non-empty string.");
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && maxItems > 0))
    throw new TypeError(`startFakeServer: maxItems must be a positive integer, got ${String(maxItems)}.`);
  for (const name of ["appId", "apiKey", "authOnlyKey", "key", "secret", "controlToken"] as const) {
    const value = options[name];
    if (value !== undefined && (typeof value !== "string" || value === ""))
      throw new TypeError(`startFakeServer: ${name} must be a non-empty string.`);
  }
  if (options.region !== undefined && (typeof options.region !== "string" || options.region === ""))
    throw new TypeError("startFakeServer: region must be a non-empty string.");
  const delays = options.webhookRetryDelays;
  if (delays !== undefined && !(Array.isArray(delays) && delays.length <= 10 && delays.every((ms) => Number.isFinite(ms) && ms >= 0)))
    throw new TypeError("startFakeServer: webhookRetryDelays must be at most 10 non-negative numbers of milliseconds.");
  if (options.apiKey !== undefined && options.apiKey === options.authOnlyKey)
    throw new TypeError("startFakeServer: apiKey and authOnlyKey must differ.");
}

/**
 * A multipart body's fields, each as text (a file as its content), read by the platform's own
 * form-data parser (undici's, behind `Response.formData`): the models take the fields they know.
 */
async function formFields(raw: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badField("body", "is not valid multipart/form-data");
  }
  const fields: Record<string, string> = {};
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => {
    entries.push([name, value]);
  });
  for (const [name, value] of entries) fields[name] = typeof value === "string" ? value : await value.text();
  return fields;
}

function copyState(store: FakeStore): FakeState {
  const lists = <V>(map: Map<string, Iterable<V>>) => new Map([...map].map(([key, values]) => [key, [...values]]));
  return {
    users: new Map([...store.users].filter(([, stored]) => stored.deletedAt === undefined).map(([uid, stored]) => [uid, userView(stored)])),
    groups: new Map([...store.groups].map(([guid, group]) => [guid, groupView(store, group)])),
    members: new Map([...store.members].map(([guid, members]) => [guid, new Map([...members].map(([uid, m]) => [uid, { ...m }]))])),
    bannedUsers: new Map([...store.bans].map(([guid, bans]) => [guid, [...bans.keys()]])),
    messages: new Map([...store.messages].map(([id, message]) => [id, structuredClone(message)])),
    authTokens: new Map([...store.authTokens].map(([uid, tokens]) => [uid, [...tokens.values()].map((token) => ({ ...token }))])),
    friends: lists(store.friends),
    blockedUsers: new Map([...store.blocks].map(([uid, blocks]) => [uid, [...blocks.keys()]])),
    size: store.size(),
  };
}

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
  checkOptions(options);
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
