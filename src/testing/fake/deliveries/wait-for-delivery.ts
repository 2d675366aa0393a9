// Internal: waiting for one webhook delivery of the fake, so a test does not poll
// `webhookDeliveries` itself. The record of deliveries tells the waits of each change.
import type { WebhookEventOf } from "../../../webhooks/webhook-event";
import { type FiredTrigger, isFiredTrigger } from "./fired-triggers";
import type { FakeDeliveryAttempts, FakeWebhookDelivery, WebhookDeliveries } from "./webhook-deliveries";

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
   * How long to wait for a matching delivery to be made and settled before rejecting; at most
   * 2,147,483,647 (a Node.js timer's longest). The wait keeps the process alive until it settles.
   * @default 2000
   * @example 5_000
   */
  timeoutMs?: number;
}

/** A delivery of the event of `T`: its `payload` typed as that event. */
export type FakeDelivery<T extends FiredTrigger> = FakeDeliveryAttempts & {
  trigger: T;
  payload: WebhookEventOf<T>;
};

/** The longest wait a Node.js timer takes (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** How many deliveries a timeout's message lists. */
const LISTED = 20;

const describe = (d: FakeWebhookDelivery) =>
  `${d.trigger} to ${d.webhook} (${d.state}${d.status === undefined ? "" : `, ${d.status}`}${d.error ? `, ${d.error}` : ""})`;

/** The pending waits of one fake, which `close()` ends. */
export class DeliveryWaits {
  private readonly stops = new Set<(reason: Error) => void>();

  constructor(private readonly deliveries: WebhookDeliveries) {}

  /**
   * The first delivery (oldest first, past or future) that matches, once its attempts are over
   * (`state` `delivered` or `failed`); rejects after `timeoutMs` listing what was delivered.
   * It wakes on each change of the record instead of reading it on a timer, and looks at each
   * delivery once: `where` sees a copy of each delivery of the trigger (and webhook) one time.
   */
  wait<T extends FiredTrigger>(match: DeliveryMatch<T>, { timeoutMs = 2000 }: WaitForDeliveryOptions = {}): Promise<FakeDelivery<T>> {
    const { trigger, webhook, where } = match ?? ({} as DeliveryMatch<T>);
    if (typeof trigger !== "string" || !isFiredTrigger(trigger))
      return Promise.reject(new TypeError(`waitForDelivery: the fake never fires ${JSON.stringify(trigger)}.`));
    // A timer cannot wait longer than MAX_TIMEOUT_MS: a longer one would fire at once.
    if (!(Number.isFinite(timeoutMs) && timeoutMs >= 0 && timeoutMs <= MAX_TIMEOUT_MS))
      return Promise.reject(
        new TypeError(`waitForDelivery: timeoutMs must be a number of milliseconds from 0 to ${MAX_TIMEOUT_MS}, got ${String(timeoutMs)}.`),
      );
    const matches = (d: FakeWebhookDelivery) => {
      if (d.trigger !== trigger || (webhook !== undefined && d.webhook !== webhook)) return false;
      if (where === undefined) return true;
      const copy = structuredClone(d);
      return where(copy.payload as unknown as WebhookEventOf<T>, copy as unknown as FakeDelivery<T>);
    };
    const { deliveries } = this;
    return new Promise<FakeDelivery<T>>((resolve, reject) => {
      /** The sequence number of the first delivery not looked at yet, and of the record's clears seen. */
      let next = 0;
      let generation = deliveries.generation;
      /** The first match, once found: its attempts may still be under way. */
      let found: FakeWebhookDelivery | undefined;
      const settle = (outcome: { error: Error } | { delivery: FakeWebhookDelivery }) => {
        clearTimeout(timer);
        unwatch();
        this.stops.delete(stop);
        if ("error" in outcome) reject(outcome.error);
        else resolve(structuredClone(outcome.delivery) as unknown as FakeDelivery<T>);
      };
      const stop = (error: Error) => settle({ error });
      const check = () => {
        if (generation !== deliveries.generation) {
          // reset() or restore() forgot the deliveries: a match among them no longer counts.
          generation = deliveries.generation;
          found = undefined;
        }
        try {
          if (!found) {
            const seen = deliveries.since(next);
            next = seen.next;
            found = seen.deliveries.find(matches);
          }
        } catch (error) {
          return stop(error as Error);
        }
        if (found && found.state !== "pending") settle({ delivery: found });
      };
      // The timer is what keeps a plain script alive while it waits (the fake's server does not):
      // the wait always settles, by a match or by this timeout.
      const timer = setTimeout(() => {
        const all = deliveries.since(0).deliveries.map((d) => structuredClone(d));
        stop(new Error(timeoutMessage(trigger, webhook, where !== undefined, timeoutMs, all, found)));
      }, timeoutMs);
      const unwatch = deliveries.watch(check);
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
