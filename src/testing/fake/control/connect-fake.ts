// connectFake: the controls of a fake that runs in another process (started in Jest's
// globalSetup, or by `chat-rest-fake`), reached over its control routes with its control token.
import type { FakeCredentials } from "../pipeline/credentials";
import type { FaultRule } from "../faults/faults";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import type { FakeSeed, Seeded } from "../state/seed";
import type { FakeSnapshot } from "../state/snapshot";
import type { DeliveryMatch, FakeDelivery, WaitForDeliveryOptions } from "../deliveries/wait-for-delivery";
import type { FakeWebhookDelivery } from "../deliveries/webhook-deliveries";
import type { FailNextOptions } from "../faults/faults";
import { CONTROL_PREFIX, CONTROL_TOKEN_HEADER } from "./control-routes";

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
export interface RemoteFake extends FakeCredentials {
  /** Base URL for the clients' `baseUrl`. */
  url: string;
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
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetchFn(`${base}${CONTROL_PREFIX}${path}`, {
      method,
      headers: { [CONTROL_TOKEN_HEADER]: controlToken, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const value = text ? JSON.parse(text) : undefined;
    if (response.ok) return value as T;
    const message = value?.error?.message ?? `${method} ${CONTROL_PREFIX}${path} answered ${response.status}.`;
    throw response.status === 400 ? new TypeError(message) : new Error(message);
  };
  const credentials = await call<FakeCredentials>("GET", "/info");
  const addFault = async (rule: RemoteFaultRule): Promise<RemoteFaultHandle> => {
    // JSON would drop a function silently, and the rule would then fault every request.
    if (rule && typeof rule === "object" && "where" in rule) throw new TypeError("faults.add: where is a function and cannot be sent.");
    const { id, seed } = await call<{ id: string; seed: number }>("POST", "/faults", rule);
    const at = `/faults/${encodeURIComponent(id)}`;
    return {
      id,
      seed,
      fired: async () => (await call<{ fired: number }>("GET", at)).fired,
      remove: () => call("DELETE", at),
    };
  };
  return {
    url: base,
    ...credentials,
    reset: () => call("POST", "/reset"),
    seed: (data) => call("POST", "/seed", data),
    snapshot: () => call("GET", "/snapshot"),
    restore: (snapshot) => call("POST", "/restore", snapshot),
    clock: {
      now: async () => (await call<{ now: number }>("GET", "/clock")).now,
      freeze: (at) => call("POST", "/clock/freeze", { at: at instanceof Date ? at.getTime() : at }),
      advance: async (ms) => {
        await call("POST", "/clock/advance", { ms });
      },
      resume: () => call("POST", "/clock/resume"),
      reset: () => call("POST", "/clock/reset"),
      pending: async () => (await call<{ pending: number }>("GET", "/clock")).pending,
    },
    faults: { add: addFault, clear: () => call("DELETE", "/faults") },
    failNext: async (operationId, { status, retryAfter, times = 1 }) => {
      await addFault({ operationId, kind: "status", status, retryAfter, times });
    },
    delayNext: async (operationId, ms) => {
      await addFault({ operationId, kind: "latency", ms, times: 1 });
    },
    webhookDeliveries: () => call("GET", "/deliveries"),
    webhooksSettled: () => call("POST", "/deliveries/settled"),
    waitForDelivery: async (match, waitOptions) => {
      if (match && typeof match === "object" && "where" in match)
        throw new TypeError("waitForDelivery: where is a function and cannot be sent; match on trigger and webhook.");
      return call("POST", "/deliveries/wait", { match, options: waitOptions });
    },
  };
}
