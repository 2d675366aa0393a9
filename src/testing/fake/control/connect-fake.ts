// connectFake: the controls of a fake that runs in another process (started in Jest's
// globalSetup, or by `chat-rest-fake`), reached over its control routes with its control token.
import type { FakeCredentials } from "../pipeline/credentials";
import type { FakeServedApp } from "../server-types";
import { APP_PREFIX } from "../apps/fake-account";
import type { FaultRule } from "../faults/faults";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import type { FakeSeed, Seeded } from "../state/seed";
import type { FakeSnapshot } from "../state/snapshot";
import type { DeliveryMatch, FakeDelivery, WaitForDeliveryOptions } from "../deliveries/wait-for-delivery";
import type { FakeWebhookDelivery } from "../deliveries/webhook-deliveries";
import type { FailNextOptions } from "../faults/faults";
import { CONTROL_PREFIX, CONTROL_TOKEN_HEADER } from "./control-routes";
import { CONTROL_ROUTES, CONTROLS, type RemoteCall, type RemoteOf, setMember, type TableControls } from "./controls";

/** A fault rule as the control routes take it: every field but `where`, which is a function. */
export type RemoteFaultRule = FaultRule extends infer R ? (R extends unknown ? Omit<R, "where"> : never) : never;

/** A rule added through {@link connectFake}. */
export interface RemoteFaultHandle {
  readonly id: string;
  /** The seed of the rule's draws: pass it as `seed` to replay them. */
  readonly seed: number;
  /** How many requests the rule faulted so far. */
  fired(): Promise<number>;
  remove(): Promise<void>;
}

/** A fake in another process, driven as the in-process one is; every control is async. */
export interface RemoteFake extends FakeCredentials, RemoteOf<TableControls> {
  /** Base URL for the clients' `baseUrl`. */
  url: string;
  /** The app's region. */
  region: string;
  /**
   * Every app of the fake, with its keys and `url` (`${url}/app/{appId}`), as when connected:
   * connected to the fake's own URL only; undefined when connected to one app's URL.
   */
  apps: FakeServedApp[] | undefined;
  /**
   * The controls of one app of the fake, acting on that app alone: `connectFake` on its URL. As in
   * process, the fake's own `reset()`, `snapshot()` and `restore()` cover every app, and its other
   * controls act on its first app.
   * @example
   * const remote = await connectFake(process.env.FAKE_URL!, process.env.FAKE_CONTROL_TOKEN!);
   * const eu = await remote.app("tenant-eu");
   * await eu.seed({ users: [{ uid: "ana", name: "Ana" }] });
   */
  app(appId: string): Promise<RemoteFake>;
  reset(): Promise<void>;
  seed(data: FakeSeed): Promise<Seeded>;
  snapshot(): Promise<FakeSnapshot>;
  restore(snapshot: FakeSnapshot): Promise<void>;
  clock: {
    now(): Promise<number>;
    freeze(at?: number | Date): Promise<void>;
    /** Resolves once what fell due in the span has run, as in process. */
    advance(ms: number): Promise<void>;
    resume(): Promise<void>;
    /** Back to real time, unfrozen, with nothing left waiting on the clock; `reset()` and `restore()` do this too. */
    reset(): Promise<void>;
    /** How many things wait on the clock (held answers, webhook retries). */
    pending(): Promise<number>;
  };
  faults: {
    add(rule: RemoteFaultRule): Promise<RemoteFaultHandle>;
    clear(): Promise<void>;
  };
  failNext(operationId: string, options: FailNextOptions): Promise<void>;
  delayNext(operationId: string, ms: number): Promise<void>;
  webhookDeliveries(): Promise<FakeWebhookDelivery[]>;
  webhooksSettled(): Promise<void>;
  /** As in process, without `where` (a function cannot be sent): match on `trigger` and `webhook`. */
  waitForDelivery<T extends FiredTrigger>(
    match: Omit<DeliveryMatch<T>, "where">,
    options?: WaitForDeliveryOptions,
  ): Promise<FakeDelivery<T>>;
}

/** Options of {@link connectFake}. */
export interface ConnectFakeOptions {
  /**
   * The fetch the controls are sent with.
   * @default globalThis.fetch
   * @example fetchWithProxy
   */
  fetch?: typeof fetch;
}

/**
 * Connects to a fake started elsewhere, by its `url` and `controlToken` (`chat-rest-fake` prints
 * both), and resolves with its credentials and controls.
 *
 * @example
 * import { createChatClient } from "chat-rest-sdk";
 * import { connectFake } from "chat-rest-sdk/testing";
 *
 * // Jest's globalSetup started the fake and put its url and controlToken in process.env.
 * const fake = await connectFake(process.env.FAKE_URL!, process.env.FAKE_CONTROL_TOKEN!);
 * const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
 * await fake.clock.freeze(Date.UTC(2030, 0, 1));
 */
export async function connectFake(url: string, controlToken: string, options: ConnectFakeOptions = {}): Promise<RemoteFake> {
  if (typeof url !== "string" || !URL.canParse(url)) throw new TypeError(`connectFake: url must be the fake's URL, got ${String(url)}.`);
  if (typeof controlToken !== "string" || controlToken === "") throw new TypeError("connectFake: controlToken must be a non-empty string.");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const base = url.replace(/\/+$/, "");
  const call: RemoteCall = async (row, input) => {
    const [method, template] = row.route.split(" ") as [string, string];
    const { id, ...rest } = (input ?? {}) as { id?: string };
    let path = id === undefined ? template : template.replace(":id", encodeURIComponent(id));
    let body: unknown = input;
    // A GET carries its input in the query: the fields given, as strings.
    if (method === "GET") {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(rest)) if (value !== undefined) query.set(name, String(value));
      if (query.size) path += `?${query}`;
      body = undefined;
    } else if (id !== undefined) body = undefined;
    const response = await fetchFn(`${base}${CONTROL_PREFIX}${path}`, {
      method,
      headers: { [CONTROL_TOKEN_HEADER]: controlToken, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const value = text ? JSON.parse(text) : undefined;
    if (response.ok) return value;
    const message = value?.error?.message ?? `${method} ${CONTROL_PREFIX}${path} answered ${response.status}.`;
    throw response.status === 400 ? new TypeError(message) : new Error(message);
  };
  const info = CONTROL_ROUTES.find((row) => row.route === "GET /info")!;
  const { apps, ...credentials } = (await call(info)) as FakeCredentials & { region: string; apps?: FakeCredentials[] };
  const remote: Record<string, any> = {
    url: base,
    ...credentials,
    apps: apps?.map((app) => ({ ...app, url: `${base}${APP_PREFIX}${encodeURIComponent(app.appId)}` })),
    app: (appId: string) => {
      if (!apps) throw new TypeError("connectFake: app() needs the fake's own URL; this one is of one app already.");
      return connectFake(`${base}${APP_PREFIX}${encodeURIComponent(appId)}`, controlToken, options);
    },
  };
  for (const row of CONTROLS) {
    if (!row.name) continue;
    const input = row.input ?? ((first: unknown) => first);
    setMember(remote, row.name, {
      value: async (...args: unknown[]) => {
        const sent = input(...args);
        // JSON would drop a function silently: a fault rule would then fault every request.
        row.sendable?.(sent);
        const answer = await call(row, sent);
        return row.remote ? row.remote(answer, call) : answer;
      },
    });
  }
  return remote as RemoteFake;
}
