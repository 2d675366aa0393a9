// Internal: waiting for one webhook delivery of the fake, so a test does not poll
// `webhookDeliveries` itself. It reads the record of deliveries from outside, as a test would.
import type { WebhookEventOf } from "../../webhooks/webhook-event";
import { type FiredTrigger, isFiredTrigger } from "./fired-triggers";
import type { FakeWebhookDelivery } from "./webhook-deliveries";

/** Which delivery {@link FakeServer.waitForDelivery} waits for. */
export interface DeliveryMatch<T extends FiredTrigger> {
  /**
   * The event's trigger; only the triggers the fake fires are accepted.
   * @default none: required
   * @example "message_sent"
   */
  trigger: T;
  /**
   * The ID of the webhook it went to.
   * @default any webhook
   * @example "orders"
   */
  webhook?: string;
  /**
   * Whether this event is the one: called with each delivered payload of `trigger`, typed as that event.
   * @default every event of `trigger` matches
   * @example (event) => event.data.message.data.text === "Order shipped"
   */
  where?: (event: WebhookEventOf<T>, delivery: FakeDelivery<T>) => boolean;
}

/** Options of {@link FakeServer.waitForDelivery}. */
export interface WaitForDeliveryOptions {
  /**
   * How long to wait for a matching delivery to be made and settled before rejecting.
   * @default 2000
   * @example 5_000
   */
  timeoutMs?: number;
}

/** A delivery of the event of `T`: its `payload` typed as that event. */
export type FakeDelivery<T extends FiredTrigger> = Omit<FakeWebhookDelivery, "trigger" | "payload"> & {
  trigger: T;
  payload: WebhookEventOf<T>;
};

/** How often the record is read again while a match is awaited or under way. */
const POLL_MS = 5;

/** How many deliveries a timeout's message lists. */
const LISTED = 20;

const describe = (d: FakeWebhookDelivery) =>
  `${d.trigger} to ${d.webhook} (${d.state}${d.status === undefined ? "" : `, ${d.status}`}${d.error ? `, ${d.error}` : ""})`;

/** The pending waits of one fake, which `close()` ends. */
export class DeliveryWaits {
  private readonly stops = new Set<(reason: Error) => void>();

  constructor(private readonly deliveries: () => FakeWebhookDelivery[]) {}

  /**
   * The first delivery (oldest first, past or future) that matches, once its attempts are over
   * (`state` `delivered` or `failed`); rejects after `timeoutMs` listing what was delivered.
   */
  wait<T extends FiredTrigger>(match: DeliveryMatch<T>, { timeoutMs = 2000 }: WaitForDeliveryOptions = {}): Promise<FakeDelivery<T>> {
    const { trigger, webhook, where } = match ?? ({} as DeliveryMatch<T>);
    if (typeof trigger !== "string" || !isFiredTrigger(trigger))
      return Promise.reject(new TypeError(`waitForDelivery: the fake never fires ${JSON.stringify(trigger)}.`));
    if (!(Number.isFinite(timeoutMs) && timeoutMs >= 0))
      return Promise.reject(new TypeError(`waitForDelivery: timeoutMs must be a non-negative number, got ${String(timeoutMs)}.`));
    const matches = (d: FakeWebhookDelivery) =>
      d.trigger === trigger &&
      (webhook === undefined || d.webhook === webhook) &&
      (where === undefined || where(d.payload as unknown as WebhookEventOf<T>, d as unknown as FakeDelivery<T>));
    return new Promise<FakeDelivery<T>>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      const stop = (error: Error) => {
        clearTimeout(timer);
        this.stops.delete(stop);
        reject(error);
      };
      const check = () => {
        let all: FakeWebhookDelivery[];
        let found: FakeWebhookDelivery | undefined;
        try {
          all = this.deliveries();
          found = all.find(matches);
        } catch (error) {
          return stop(error as Error);
        }
        if (found && found.state !== "pending") {
          this.stops.delete(stop);
          return resolve(found as unknown as FakeDelivery<T>);
        }
        if (Date.now() >= deadline) return stop(new Error(timeoutMessage(trigger, webhook, where !== undefined, timeoutMs, all, found)));
        timer = setTimeout(check, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
        // A forgotten wait must not keep the test runner alive.
        timer.unref();
      };
      this.stops.add(stop);
      check();
    });
  }

  /** Rejects every pending wait: the fake is closing. */
  close(): void {
    for (const stop of [...this.stops]) stop(new Error("waitForDelivery: the fake was closed before a matching delivery settled."));
  }
}

function timeoutMessage(
  trigger: string,
  webhook: string | undefined,
  filtered: boolean,
  timeoutMs: number,
  all: FakeWebhookDelivery[],
  pending: FakeWebhookDelivery | undefined,
): string {
  const wanted = `${trigger}${webhook === undefined ? "" : ` to webhook ${webhook}`}${filtered ? " matching where()" : ""}`;
  const head = pending
    ? `waitForDelivery: the delivery of ${wanted} was still under way after ${timeoutMs} ms (${describe(pending)}).`
    : `waitForDelivery: no delivery of ${wanted} within ${timeoutMs} ms.`;
  if (!all.length) return `${head} Nothing was delivered: is a webhook with the trigger attached, and enabled?`;
  const listed = all.slice(-LISTED).map(describe).join("; ");
  const more = all.length > LISTED ? ` (the last ${LISTED} of ${all.length})` : "";
  return `${head} Delivered${more}: ${listed}.`;
}
