// The controls of a test, in one place: the FakeServer's methods and the HTTP control routes
// (./control-routes.ts) both call these, so the fake behaves the same driven from the test's own
// process or from another one.
import type { FakeStore } from "../state/fake-store";
import type { FaultHandle, FaultRule, Faults } from "../faults/faults";
import type { FakeRateLimiter } from "../pipeline/rate-limiter";
import { type FakeSeed, type SeedCheck, type Seeded, seedStore } from "../state/seed";
import { checkSnapshot, type FakeSnapshot, restoreSnapshot, takeSnapshot } from "../state/snapshot";
import type { FakeClock } from "../time/fake-clock";
import type { DeliveryMatch, DeliveryWaits, FakeDelivery, WaitForDeliveryOptions } from "../deliveries/wait-for-delivery";
import type { FakeWebhookDelivery, WebhookDeliveries } from "../deliveries/webhook-deliveries";
import type { FiredTrigger } from "../deliveries/fired-triggers";

export interface ControlParts {
  store: FakeStore;
  clock: FakeClock;
  faults: Faults;
  deliveries: WebhookDeliveries;
  waits: DeliveryWaits;
  limiter: FakeRateLimiter | undefined;
  /** Ends the wait of each request held by `delayNext` or a latency fault (the pipeline's holds). */
  holds: Set<() => void>;
  /** Checks each seeded item as the API checks the request that would store it. */
  seedCheck: SeedCheck;
}

export class FakeControls {
  constructor(private readonly parts: ControlParts) {}

  /** Empties the model, the faults, the rate-limit windows and the deliveries, and sets the clock back to real time. */
  reset(): void {
    const { store, faults, limiter, deliveries } = this.parts;
    store.reset();
    this.releaseHolds();
    faults.clear();
    limiter?.reset();
    deliveries.clear();
  }

  seed(data: FakeSeed): Seeded {
    // One transaction: a seed that throws midway stores nothing.
    return this.parts.store.transaction(() => seedStore(this.parts.store, data, this.parts.seedCheck));
  }

  snapshot(): FakeSnapshot {
    return takeSnapshot(this.parts.store);
  }

  restore(snapshot: FakeSnapshot): void {
    checkSnapshot(snapshot, "restore");
    restoreSnapshot(this.parts.store, snapshot);
    this.releaseHolds();
    this.parts.faults.clear();
    this.parts.deliveries.clear();
  }

  /**
   * Ends every hold at once, then sets the clock back to real time. The store's generation has
   * moved on, so each request released is answered 500 and applies nothing; were the holds left to
   * their timers, the clock's reset would drop those timers, and the requests would hang until the
   * client gave up.
   */
  private releaseHolds(): void {
    for (const release of [...this.parts.holds]) release();
    this.parts.clock.reset();
  }

  addFault(rule: FaultRule): FaultHandle {
    return this.parts.faults.add(rule);
  }

  fault(id: string): FaultHandle | undefined {
    return this.parts.faults.byId(id);
  }

  clearFaults(): void {
    this.parts.faults.clear();
  }

  clockState(): { now: number; frozen: boolean; pending: number } {
    const { clock } = this.parts;
    return { now: clock.now(), frozen: clock.frozen, pending: clock.pending };
  }

  deliveries(): FakeWebhookDelivery[] {
    return this.parts.deliveries.list();
  }

  webhooksSettled(): Promise<void> {
    return this.parts.deliveries.settled();
  }

  waitForDelivery<T extends FiredTrigger>(match: DeliveryMatch<T>, options?: WaitForDeliveryOptions): Promise<FakeDelivery<T>> {
    return this.parts.waits.wait(match, options);
  }
}
