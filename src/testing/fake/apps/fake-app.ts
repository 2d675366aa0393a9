// Internal: one app of a fake, with everything that is the app's own: its keys, its region, its
// model, its clock, its faults, its rate-limit windows, its webhooks and their deliveries. A fake
// serves one or more of them (./fake-account.ts); nothing of one app is shared with another.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { ON_BEHALF_OF } from "../../../safety/acting-user";
import type { RateLimits } from "../../../rate-limits/rate-limit-options";
import type { ControlParts } from "../control/controls";
import { DeliveryWaits } from "../deliveries/wait-for-delivery";
import { WebhookDeliveries } from "../deliveries/webhook-deliveries";
import { Faults } from "../faults/faults";
import type { FakeContext } from "../pipeline/context";
import type { FakeCredentials } from "../pipeline/credentials";
import { checkFakeRateLimits, FakeRateLimiter } from "../pipeline/rate-limiter";
import type { FakeSpec } from "../spec/fake-spec";
import { requestViolations } from "../spec/request-violations";
import { FakeStore } from "../state/fake-store";
import type { SeedCheck } from "../state/seed";
import { type FakeSnapshot, restoreSnapshot } from "../state/snapshot";
import { FakeClock } from "../time/fake-clock";

/** What one app is made from. */
export interface FakeAppSetup {
  appId: string;
  region: string;
  apiKey: string;
  authOnlyKey: string;
  /** The account's Management API credentials: one pair for every app of the fake. */
  key: string;
  secret: string;
  maxItems: number;
  retryDelays: readonly number[];
  rateLimits: "service" | RateLimits | undefined;
  state?: FakeSnapshot;
}

/** One app being served. */
export interface FakeApp {
  readonly appId: string;
  readonly region: string;
  readonly credentials: FakeCredentials;
  /** What the controls of this app act on. */
  readonly parts: ControlParts;
  /** What the pipeline reads for a request to this app. */
  readonly context: FakeContext;
  /** Ends what is under way (holds, deliveries, waits); the app answers no more. */
  close(): void;
}

/** Builds one app: its own clock, store, deliveries, faults and rate limiter. */
export function createFakeApp(spec: FakeSpec, setup: FakeAppSetup): FakeApp {
  const { appId, region, apiKey, authOnlyKey, key, secret } = setup;
  const clock = new FakeClock();
  const store = new FakeStore(setup.maxItems, clock);
  store.appId = appId;
  store.region = region;
  const deliveries = new WebhookDeliveries(store, { region, retryDelays: [...setup.retryDelays] });
  store.listeners.push(deliveries.listener);
  if (setup.state) restoreSnapshot(store, setup.state);
  const waits = new DeliveryWaits(deliveries);
  const faults = new Faults((operationId) => spec.byId(operationId) !== undefined);
  const limits = checkFakeRateLimits(setup.rateLimits);
  const seedCheck: SeedCheck = (operationId, { path = {}, body, onBehalfOf }) => {
    const operation = spec.byId(operationId);
    if (!operation) return;
    const headers = onBehalfOf === undefined ? {} : { [ON_BEHALF_OF]: onBehalfOf };
    const { errors } = spec.check(operation, { path, search: new URLSearchParams(), headers, body });
    if (errors.length) throw requestViolations(errors, operation);
  };
  const keys = { apiKey, authOnlyKey, key, secret };
  const context: FakeContext = {
    store,
    faults,
    keys,
    holds: new Set(),
    closed: false,
    limiter: limits && new FakeRateLimiter(limits, () => clock.now()),
  };
  const credentials: FakeCredentials = { appId, ...keys };
  const parts: ControlParts = { store, clock, faults, deliveries, waits, limiter: context.limiter, fake: context, seedCheck, credentials };
  return {
    appId,
    region,
    credentials,
    parts,
    context,
    close() {
      context.closed = true;
      clock.reset();
      for (const release of context.holds) release();
      deliveries.clear();
      waits.close();
    },
  };
}
