// The controls of a test, as one table. Each row is one control: where it sits on `FakeServer` and
// on `connectFake`'s `RemoteFake` (its name), its route under `/__fake`, and what it does. The
// FakeServer's methods (../start-fake-server.ts), the control routes (./control-routes.ts) and
// connectFake (./connect-fake.ts) all read this table, so a control is one row here, and
// tests/fake/controls-table.test.ts fails when one of the three does not serve a row.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { FakeAccount } from "../apps/fake-account";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import type { DeliveryMatch, DeliveryWaits, WaitForDeliveryOptions } from "../deliveries/wait-for-delivery";
import type { WebhookDeliveries } from "../deliveries/webhook-deliveries";
import type { FaultHandle, FaultRule, Faults } from "../faults/faults";
import type { FakeContext } from "../pipeline/context";
import type { FakeCredentials } from "../pipeline/credentials";
import type { FakeRateLimiter } from "../pipeline/rate-limiter";
import { clearRequestLog, type FakeRequest, type FakeRequestFilter, requestLogOf } from "../pipeline/stages";
import type { FakeStore } from "../state/fake-store";
import { type FakeSeed, type SeedCheck, seedStore } from "../state/seed";
import { checkSnapshot, type FakeSnapshot, restoreSnapshot, takeSnapshot } from "../state/snapshot";
import type { FakeClock } from "../time/fake-clock";

/** What the controls act on: the parts of one running fake. */
export interface ControlParts {
  store: FakeStore;
  clock: FakeClock;
  faults: Faults;
  deliveries: WebhookDeliveries;
  waits: DeliveryWaits;
  limiter: FakeRateLimiter | undefined;
  /** The pipeline's view of the fake: its holds (requests held by `delayNext` or a latency fault) and what a stage keeps. */
  fake: FakeContext;
  /** Checks each seeded item as the API checks the request that would store it. */
  seedCheck: SeedCheck;
  credentials: FakeCredentials;
  /**
   * The fake's apps, on the first app's parts as the fake's own controls (and `/__fake`) see them:
   * there, `reset`, `snapshot` and `restore` cover every app. Undefined on one app's parts
   * (`fake.app(appId)`, `/app/{appId}/__fake`), whose controls act on that app alone.
   */
  account?: FakeAccount;
}

/** Empties one app's model and forgets what its last test left. */
function resetApp(parts: ControlParts): void {
  parts.store.reset();
  parts.limiter?.reset();
  forgetTheTestBefore(parts);
}

/**
 * Replaces the model of every app with `snapshot`'s: the first app's, then each other's from
 * `snapshot.apps` (an app it does not name is emptied). The apps created through the Management
 * API are those the first app's records name: one created since is forgotten, one the snapshot
 * created is served again.
 */
function restoreEvery(parts: ControlParts, snapshot: FakeSnapshot): void {
  restoreSnapshot(parts.store, snapshot);
  forgetTheTestBefore(parts);
  if (!parts.account) return;
  parts.account.syncCreated();
  for (const app of parts.account.apps.slice(1)) {
    const own = snapshot.apps?.find((other) => other.appId.toLowerCase() === app.appId.toLowerCase());
    if (own) restoreSnapshot(app.parts.store, own);
    else app.parts.store.reset();
    app.parts.limiter?.reset();
    forgetTheTestBefore(app.parts);
  }
}

/**
 * The types of the controls whose rows declare them here, rather than on `FakeServer` and
 * `RemoteFake` by hand: `FakeServer` has each as it is, `RemoteFake` each method async.
 */
export interface TableControls {
  /**
   * The requests the fake answered, oldest first (the last 10,000): each one's method, path
   * template, operationId, app, acting user, status, the fault that spoiled its answer if any, and
   * when it arrived on the fake's clock. `reset()` and `restore()` empty it.
   * @example
   * await chat.GET("/users");
   * expect(fake.requests.list({ operationId: "list-users" })).toHaveLength(1);
   * expect(fake.requests.tooMany()).toEqual([]);
   */
  readonly requests: {
    /** The requests logged, those of an operation or a status when asked. */
    list(filter?: FakeRequestFilter): FakeRequest[];
    /** The requests answered 429. */
    tooMany(): FakeRequest[];
    /** Empties the log. */
    clear(): void;
  };
}

/** A control as connectFake serves it: every method resolves with what the in-process one returns. */
export type RemoteOf<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : RemoteOf<T[K]>;
};

/** Sends one control to a fake in another process: the route of `row`, with its input. */
export type RemoteCall = (row: Control, input?: unknown) => Promise<any>;

/** One control. */
export interface Control {
  /**
   * Where it sits on `FakeServer` and on `RemoteFake`: `"reset"`, or `"clock.freeze"` for a member
   * of `clock`. A row without a name is a route that connectFake uses on its own (its handshake,
   * a fault handle's count).
   */
  name?: string;
  /** Its route under `/__fake`: `"POST /reset"`; a `:id` segment is given to `run` as `input.id`. */
  route: string;
  /**
   * Does it, in the fake's process: what the method returns there and, as JSON, what the route
   * answers (nothing: 204). `input` is the method's argument, or the route's body (its query for a GET).
   */
  run(parts: ControlParts, input: any): unknown;
  /** The method's arguments as the input of `run` and of the route. @default the first argument */
  input?(...args: any[]): unknown;
  /** Throws a TypeError on an input that JSON cannot carry (a function); connectFake and the route both check it. */
  sendable?(input: any): void;
  /**
   * In process: a method (`run` on the arguments), a property read anew each time (`getter`), or
   * a member the FakeServer serves itself (`own`: the clock, whose object the test holds).
   * @default "method"
   */
  local?: "method" | "getter" | "own";
  /** Through connectFake: what the method resolves with, from the route's answer. @default the answer */
  remote?(answer: any, call: RemoteCall): unknown;
  /** Also done by `reset()` and `restore()`: what a new test must not inherit. */
  onReset?(parts: ControlParts): void;
}

const whereCannotBeSent =
  (name: string, hint = "") =>
  (input: any) => {
    const value = name === "waitForDelivery" ? input?.match : input;
    if (value && typeof value === "object" && "where" in value)
      throw new TypeError(`${name}: where is a function and cannot be sent${hint}.`);
  };

const clockState = ({ clock }: ControlParts) => ({ now: clock.now(), frozen: clock.frozen, pending: clock.pending });

const faultView = (handle: FaultHandle) => ({ id: handle.id, seed: handle.seed, fired: handle.fired });

/** A rule's handle by id, or a 404. */
function faultById({ faults }: ControlParts, id: string): FaultHandle {
  const handle = faults.byId(id);
  if (!handle) throw Object.assign(new Error(`No fault rule ${id} was added since the last clear.`), { status: 404 });
  return handle;
}

/**
 * Ends every hold at once, then sets the clock back to real time, and does what each control
 * asks of a reset. The store's generation has moved on, so each request released is answered 500
 * and applies nothing; were the holds left to their timers, the clock's reset would drop those
 * timers, and the requests would hang until the client gave up.
 */
function forgetTheTestBefore(parts: ControlParts): void {
  for (const release of [...parts.fake.holds]) release();
  parts.clock.reset();
  parts.faults.clear();
  parts.deliveries.clear();
  for (const control of CONTROLS) control.onReset?.(parts);
}

/** Every control, in the order the README lists them. */
export const CONTROLS: readonly Control[] = [
  {
    route: "GET /info",
    run: ({ credentials, store, account }) => ({
      ...credentials,
      region: store.region,
      ...(account && { apps: account.apps.map((app) => ({ ...app.credentials, region: app.region })) }),
    }),
  },
  {
    name: "reset",
    route: "POST /reset",
    run: (parts) => {
      resetApp(parts);
      if (!parts.account) return;
      parts.account.syncCreated();
      for (const app of parts.account.apps.slice(1)) resetApp(app.parts);
    },
  },
  {
    name: "seed",
    route: "POST /seed",
    // One transaction: a seed that throws midway stores nothing.
    run: ({ store, seedCheck }, data: FakeSeed) => store.transaction(() => seedStore(store, data ?? {}, seedCheck)),
  },
  {
    name: "snapshot",
    route: "GET /snapshot",
    run: ({ store, account }) =>
      takeSnapshot(
        store,
        account?.apps.slice(1).map((app) => app.parts.store),
      ),
  },
  {
    name: "restore",
    route: "POST /restore",
    run: (parts, snapshot: FakeSnapshot) => {
      checkSnapshot(snapshot, "restore");
      restoreEvery(parts, snapshot);
    },
  },
  { name: "clock.now", route: "GET /clock", run: clockState, local: "own", remote: (state) => state.now },
  { name: "clock.pending", route: "GET /clock", run: clockState, local: "own", remote: (state) => state.pending },
  {
    name: "clock.freeze",
    route: "POST /clock/freeze",
    input: (at?: number | Date) => ({ at: at instanceof Date ? at.getTime() : at }),
    run: ({ clock }, input) => void clock.freeze(input?.at),
    local: "own",
  },
  {
    name: "clock.advance",
    route: "POST /clock/advance",
    input: (ms: number) => ({ ms }),
    run: async (parts, input) => {
      await parts.clock.advance(input?.ms);
      return clockState(parts);
    },
    local: "own",
    remote: () => undefined,
  },
  { name: "clock.resume", route: "POST /clock/resume", run: ({ clock }) => void clock.resume(), local: "own" },
  { name: "clock.reset", route: "POST /clock/reset", run: ({ clock }) => void clock.reset(), local: "own" },
  {
    name: "faults.add",
    route: "POST /faults",
    sendable: whereCannotBeSent("faults.add"),
    run: ({ faults }, rule: FaultRule) => faults.add(rule),
    remote: ({ id, seed }, call) => ({
      id,
      seed,
      fired: async () => (await call(FAULT_BY_ID, { id })).fired,
      remove: () => call(REMOVE_FAULT, { id }),
    }),
  },
  { name: "faults.clear", route: "DELETE /faults", run: ({ faults }) => faults.clear() },
  {
    name: "failNext",
    route: "POST /faults/fail-next",
    input: (operationId: string, options: unknown) => ({ operationId, options }),
    run: ({ faults }, input) => void faults.failNext(input?.operationId, input?.options ?? {}),
  },
  {
    name: "delayNext",
    route: "POST /faults/delay-next",
    input: (operationId: string, ms: number) => ({ operationId, ms }),
    run: ({ faults }, input) => void faults.delayNext(input?.operationId, input?.ms),
  },
  { name: "webhookDeliveries", route: "GET /deliveries", run: ({ deliveries }) => deliveries.list(), local: "getter" },
  {
    name: "webhooksSettled",
    route: "POST /deliveries/settled",
    // On the fake's own controls, every app's: one await before checking what a receiver of several apps got.
    run: async ({ deliveries, account }) => {
      await Promise.all((account?.apps.map((app) => app.parts.deliveries) ?? [deliveries]).map((each) => each.settled()));
    },
  },
  {
    name: "waitForDelivery",
    route: "POST /deliveries/wait",
    input: (match: DeliveryMatch<FiredTrigger>, options?: WaitForDeliveryOptions) => ({ match, options }),
    sendable: whereCannotBeSent("waitForDelivery", "; match on trigger and webhook"),
    run: ({ waits }, input) => waits.wait(input?.match ?? {}, input?.options),
  },
  {
    name: "requests.list",
    route: "GET /requests",
    run: ({ fake }, filter?: { operationId?: string; status?: number | string }) => {
      const status = filter?.status === undefined ? undefined : Number(filter.status);
      return requestLogOf(fake)
        .filter((request) => filter?.operationId === undefined || request.operationId === filter.operationId)
        .filter((request) => status === undefined || request.status === status)
        .map((request) => ({ ...request }));
    },
  },
  {
    name: "requests.tooMany",
    route: "GET /requests/429",
    run: ({ fake }) =>
      requestLogOf(fake)
        .filter((request) => request.status === 429)
        .map((request) => ({ ...request })),
  },
  {
    name: "requests.clear",
    route: "DELETE /requests",
    run: ({ fake }) => clearRequestLog(fake),
    onReset: ({ fake }) => clearRequestLog(fake),
  },
];

/** The routes of a fault's handle, which connectFake calls from the handle `faults.add` resolves with. */
const FAULT_BY_ID: Control = { route: "GET /faults/:id", run: (parts, { id }) => faultView(faultById(parts, id)) };
const REMOVE_FAULT: Control = { route: "DELETE /faults/:id", run: (parts, { id }) => void faultById(parts, id).remove() };

/** Every route: the table's and the fault handles'. */
export const CONTROL_ROUTES: readonly Control[] = [...CONTROLS, FAULT_BY_ID, REMOVE_FAULT];

/** What the route of a `faults.add` answers: the handle's id, seed and count, not the handle's functions. */
export const routeAnswer = (value: unknown): unknown =>
  value && typeof value === "object" && "remove" in value && "seed" in value ? faultView(value as FaultHandle) : value;

/** Sets `value` at a dotted `name` of `target` (`clock.freeze` on `target.clock`). */
export function setMember(target: Record<string, any>, name: string, value: PropertyDescriptor): void {
  const path = name.split(".");
  const last = path.pop()!;
  let at = target;
  for (const part of path) at = at[part] ??= {};
  Object.defineProperty(at, last, { enumerable: true, configurable: true, ...value });
}

/** The in-process controls of a fake: each row's method (or property) at its name, but those the FakeServer serves itself. */
export function localControls(parts: ControlParts): Record<string, any> {
  const controls: Record<string, any> = {};
  for (const row of CONTROLS) {
    if (!row.name || row.local === "own") continue;
    const input = row.input ?? ((first: unknown) => first);
    if (row.local === "getter") setMember(controls, row.name, { get: () => row.run(parts, undefined) });
    else setMember(controls, row.name, { value: (...args: unknown[]) => row.run(parts, input(...args)) });
  }
  return controls;
}
