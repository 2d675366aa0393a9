// The public types of the stateful fake: its options, the running server and the copies of its model.
// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import type { RateLimits } from "../../rate-limits/rate-limit-options";
import type { AuthToken, Group, User } from "../../types";
import type { TableControls } from "./control/controls";
import type { FakeCredentials } from "./pipeline/credentials";
import type { Membership, StoredMessage } from "./state/fake-store";
import type { FailNextOptions, FakeFaults } from "./faults/faults";
import type { FiredTrigger } from "./deliveries/fired-triggers";
import type { FakeSeed, Seeded } from "./state/seed";
import type { FakeSnapshot } from "./state/snapshot";
import type { FakeClockControl } from "./time/fake-clock";
import type { DeliveryMatch, FakeDelivery, WaitForDeliveryOptions } from "./deliveries/wait-for-delivery";
import type { FakeWebhookDelivery } from "./deliveries/webhook-deliveries";

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
   * Milliseconds of the fake's clock to wait before each retry of a failed webhook delivery (an
   * answer other than 2xx, or no answer within 5 s), for webhooks created with `retryOnFailure`;
   * one retry per entry. The default is the service's schedule (about 10 s after the failure, then
   * about 30 s after that), longer than a webhook dedupe's lease, as in production; a test moves
   * past a retry with `await fake.clock.advance(10_000)` rather than waiting for it.
   * @default [10000, 30000]
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
  /**
   * The apps the fake serves, when it serves more than one: each with its own id, region, keys,
   * model, clock, faults, rate-limit windows, webhooks and deliveries; one account's Management
   * API (`key`, `secret`) for all of them. The first is the fake's own (`fake.appId`, `fake.url`,
   * `fake.reset()`...); `fake.app(appId)` gives each one's controls, and `fake.apps` each one's
   * credentials and `url`. Not with `appId`, `region`, `apiKey` or `authOnlyKey`, which name the
   * one app of a fake without `apps`. Apps created through the Management API's `POST /apps` are
   * served too, with the keys its answer gives.
   * @default one app, from `appId`, `region`, `apiKey` and `authOnlyKey`
   * @example [{ appId: "tenant-eu", region: "eu" }, { appId: "tenant-us", region: "us" }]
   */
  apps?: FakeAppOptions[];
}

/** One app of a fake that serves several ({@link FakeServerOptions.apps}). */
export interface FakeAppOptions {
  /**
   * The app's id: its Chat host is `{appId}.api-{region}.cometchat.io`, and its `url` on the fake `${fake.url}/app/{appId}`.
   * @default a random 16-hex-digit id
   * @example "tenant-eu"
   */
  appId?: string;
  /**
   * The app's region, as the Management API lists it and every webhook event carries it.
   * @default "us"
   * @example "eu"
   */
  region?: string;
  /**
   * The app's `fullAccess` API key; a key of another app gets 401 `AUTH_ERR_APIKEY_NOT_FOUND`.
   * @default a random 40-hex-digit key
   * @example "tenant-eu-rest-key"
   */
  apiKey?: string;
  /**
   * The app's `authOnly` key.
   * @default a random 40-hex-digit key
   * @example "tenant-eu-auth-key"
   */
  authOnlyKey?: string;
  /**
   * The app's own rate limits, counted in windows of its own.
   * @default the fake's `rateLimits`
   * @example "service"
   */
  rateLimits?: "service" | RateLimits;
}

/** An app a fake serves, as {@link FakeServer.apps} lists it. */
export interface FakeServedApp extends FakeCredentials {
  /** The app's region. */
  region: string;
  /**
   * The app's base URL on the fake (`${fake.url}/app/{appId}`), for `baseUrl`: it reaches this
   * app's data only. Its control routes are under `${url}/__fake`: `connectFake(url, controlToken)`
   * drives this one app.
   */
  url: string;
}

/** The controls of one app of a fake: as the fake's own, but acting on that app alone. */
export type FakeAppServer = FakeServedApp &
  TableControls &
  Pick<
    FakeServer,
    | "reset"
    | "clock"
    | "seed"
    | "snapshot"
    | "restore"
    | "state"
    | "faults"
    | "failNext"
    | "delayNext"
    | "webhookDeliveries"
    | "webhooksSettled"
    | "waitForDelivery"
  >;

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
export interface FakeServer extends FakeCredentials, TableControls {
  /**
   * Base URL to pass as `baseUrl` to `createChatClient`, `createCallsClient` and
   * `createManagementClient`: the Management API of every app, and the Chat and Calls APIs of the
   * fake's first app. Another app's is `${url}/app/{appId}` ({@link apps}).
   */
  url: string;
  /** The region of the fake's first app. */
  region: string;
  /**
   * Every app the fake serves, the first app first: those it was started with, then those
   * created through the Management API's `POST /apps`, each with its keys and `url`. Read anew each time.
   * @example
   * const eu = fake.apps.find((app) => app.region === "eu")!;
   * const chatEu = createChatClient({ appId: eu.appId, apiKey: eu.apiKey, baseUrl: eu.url });
   */
  readonly apps: readonly FakeServedApp[];
  /**
   * The controls of one app (`reset`, `seed`, `snapshot`, `restore`, `clock`, `faults`, deliveries,
   * requests, `state`), acting on that app alone. The fake's own controls act on its first app,
   * but `reset()`, `snapshot()`, `restore()` and `webhooksSettled()`, which cover every app. Throws a TypeError for an
   * app the fake does not serve.
   * @example
   * fake.app("tenant-eu").seed({ users: [{ uid: "ana", name: "Ana" }] });
   */
  app(appId: string): FakeAppServer;
  /**
   * The token of the control routes, under `/__fake` on the fake's port: pass it with `url` to
   * `connectFake` in another process (a Jest worker, say) to drive this fake from there.
   * @example const remote = await connectFake(fake.url, fake.controlToken);
   */
  controlToken: string;
  /** Stops listening and closes open connections. Calling it again returns the same promise. */
  close(): Promise<void>;
  /**
   * Empties the model (of every app, forgetting those created through the Management API), forgets
   * pending failNext and delayNext, and sets the clock back to real time. A request in flight (its body still arriving, or held by delayNext or a latency fault) is
   * not applied to the emptied model: it is answered 500, a held one at once.
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
   * the webhook deliveries, and sets the clock back to real time (a clock the test before froze
   * does not carry over). Fast: a snapshot is shared, not copied, so restoring before each test
   * costs far less than seeding again (see BENCHMARKS.md). A request in flight (its body still
   * arriving, or held by delayNext or a latency fault) is fenced off: it is answered 500 at once
   * and writes nothing into the restored model, so the next test starts from the snapshot. Throws
   * a TypeError on a value that is not a snapshot.
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
