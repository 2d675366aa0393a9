// Internal: the webhooks that fire. A listener of the store's changes POSTs each event, as the
// service does, to every enabled webhook with the event's trigger attached, and keeps a bounded
// record of what it sent for the test to read.
import type { WebhookEventOf } from "../../../webhooks/webhook-event";
import type { FakeStore } from "../state/fake-store";
import type { FiredTrigger } from "./fired-triggers";
import type { StoredWebhook } from "../model/webhooks";

/** What a delivery records of its attempts, whatever its event. */
export interface FakeDeliveryAttempts {
  /** ID of the webhook the event went to. */
  webhook: string;
  /** The webhook's URL when the event fired. */
  url: string;
  /** `pending` while an attempt or a retry is under way; `failed` once the attempts are spent. */
  state: "pending" | "delivered" | "failed";
  /** The HTTP status of the last answer; undefined before one, or when the connection failed. A redirect (3xx) is not followed: it is a failed attempt. */
  status?: number;
  /** The start of the last answer's body, as text: at most 1,024 bytes, enough for a log. The rest is never read. */
  responseText?: string;
  /** How many times the event was POSTed so far. */
  attempts: number;
  /** Why the last attempt failed without an answer: a connection error or the timeout. */
  error?: string;
}

/**
 * One event sent (or being sent) to one webhook, as {@link FakeServer.webhookDeliveries} lists it.
 * Checking `trigger` narrows `payload`, which is typed as the event `chat-rest-sdk/webhooks` gives
 * a handler (`WebhookEvent`), so the two compare without a cast.
 */
export type FakeWebhookDelivery = {
  [T in FiredTrigger]: FakeDeliveryAttempts & {
    /** The event's trigger, as in `payload.trigger`. */
    trigger: T;
    /** The body POSTed: `{ trigger, data, appId, region, webhook }`, shaped as the spec's event for the trigger. */
    payload: WebhookEventOf<T>;
  };
}[FiredTrigger];

/** The deliveries kept for reading: older ones are forgotten (and at most this many are under way). */
export const MAX_DELIVERIES = 1_000;

/**
 * The service's retry schedule for a webhook with `retryOnFailure`: about 10 s after the failure,
 * then about 30 s after that. Retries sleep on the fake's clock, so a test advances it rather than waits.
 */
export const SERVICE_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000];

/** How long one attempt waits for the receiver's answer, as the service does not wait long. */
const ATTEMPT_TIMEOUT_MS = 5_000;

/** How much of a receiver's answer is read (and kept as `responseText`); then the body is cancelled. */
export const MAX_RESPONSE_PREFIX_BYTES = 1024;

/**
 * A header on every delivery, so that `chatFakeHandlers` lets the fake's own requests through MSW
 * to the receiver. The service sends no such header; a receiver can ignore it.
 */
export const DELIVERY_HEADER = "x-chat-fake-delivery";

export interface DeliveryOptions {
  region: string;
  /** Milliseconds before each retry of a webhook with `retryOnFailure`. */
  retryDelays: readonly number[];
}

/** Basic credentials as the service sends them: base64 of `username:password` in UTF-8. */
function basicAuth(webhook: StoredWebhook): Record<string, string> {
  if (!webhook.useBasicAuth) return {};
  const token = Buffer.from(`${webhook.username ?? ""}:${webhook.password ?? ""}`, "utf8").toString("base64");
  return { authorization: `Basic ${token}` };
}

export class WebhookDeliveries {
  private readonly deliveries: FakeWebhookDelivery[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  /** Deliveries under way that are not asleep on the clock before a retry. */
  private awake = 0;
  private readonly onAsleep = new Set<() => void>();
  /** Told when a delivery is recorded or its attempts are over, and when the record is cleared. */
  private readonly watchers = new Set<() => void>();
  /** How many deliveries were ever recorded: the sequence number the next one gets. */
  private recorded = 0;
  /** Counts the clears, so a waiter knows the deliveries it had seen are forgotten. */
  generation = 0;

  constructor(
    private readonly store: FakeStore,
    private readonly options: DeliveryOptions,
  ) {
    // Advancing the clock past a retry's instant resolves once that retry's attempt is over.
    store.clock.addSettler(() => this.asleep());
  }

  /** Resolves once every delivery under way waits on the clock for its next retry, or is over. */
  asleep(): Promise<void> {
    if (this.awake === 0) return Promise.resolve();
    return new Promise((done) => this.onAsleep.add(done));
  }

  private wake(by: 1 | -1): void {
    this.awake += by;
    if (this.awake > 0) return;
    for (const done of this.onAsleep) done();
    this.onAsleep.clear();
  }

  /** The store's listener: one delivery per enabled webhook with `trigger` attached. */
  readonly listener = (trigger: FiredTrigger, data: Record<string, unknown>): void => {
    for (const webhook of this.store.webhooks.values()) {
      if (webhook.webhook.enabled === false || !webhook.triggers.has(trigger)) continue;
      // `data` is shaped as the trigger's event by the model (tests/fake/webhooks.test.ts checks each against the spec).
      const payload = {
        trigger,
        data: structuredClone(data),
        appId: this.store.appId,
        region: this.options.region,
        webhook: webhook.webhook.id,
      } as WebhookEventOf<FiredTrigger>;
      const delivery = {
        webhook: webhook.webhook.id,
        trigger,
        url: webhook.webhook.webhookURL,
        state: "pending",
        attempts: 0,
        payload,
      } as FakeWebhookDelivery;
      this.deliveries.push(delivery);
      this.recorded++;
      if (this.deliveries.length > MAX_DELIVERIES) this.deliveries.shift();
      if (this.running.size >= MAX_DELIVERIES) {
        delivery.state = "failed";
        delivery.error = `More than ${MAX_DELIVERIES} deliveries are under way; this one was dropped.`;
        this.changed();
        continue;
      }
      const run = this.deliver(delivery, basicAuth(webhook), webhook.retryOnFailure).finally(() => {
        this.running.delete(run);
        this.changed();
      });
      this.running.add(run);
      this.changed();
    }
  };

  /** Calls `watcher` on each change of the record, until the returned function is called. */
  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * The deliveries kept whose sequence number is `from` or later, themselves (not copies: for this
   * module's waits only), and the number to pass next time to see only newer ones.
   */
  since(from: number): { deliveries: readonly FakeWebhookDelivery[]; next: number } {
    const first = this.recorded - this.deliveries.length;
    return { deliveries: this.deliveries.slice(Math.max(0, from - first)), next: this.recorded };
  }

  private changed(): void {
    for (const watcher of [...this.watchers]) watcher();
  }

  /** Copies of the deliveries kept, oldest first. */
  list(): FakeWebhookDelivery[] {
    return this.deliveries.map((delivery) => structuredClone(delivery));
  }

  /** Resolves once no delivery is under way, retries included. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Forgets the deliveries and stops those under way. */
  clear(): void {
    for (const abort of this.aborts) abort.abort();
    this.deliveries.length = 0;
    this.generation++;
    this.changed();
  }

  private async deliver(delivery: FakeWebhookDelivery, auth: Record<string, string>, retry: boolean): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const body = JSON.stringify(delivery.payload);
    this.wake(1);
    try {
      const delays = retry ? this.options.retryDelays : [];
      for (let attempt = 0; attempt <= delays.length && !abort.signal.aborted; attempt++) {
        if (attempt > 0) {
          // Retries wait on the fake's clock, so a test can advance it past them; the attempt's own timeout stays on real time.
          this.wake(-1);
          await this.store.clock.sleep(delays[attempt - 1]!, abort.signal);
          this.wake(1);
        }
        if (abort.signal.aborted) break;
        delivery.attempts++;
        if (await this.attempt(delivery, body, auth, abort.signal)) {
          delivery.state = "delivered";
          return;
        }
      }
      delivery.state = "failed";
    } finally {
      this.aborts.delete(abort);
      this.wake(-1);
    }
  }

  /** One POST; true on a 2xx answer. */
  private async attempt(delivery: FakeWebhookDelivery, body: string, auth: Record<string, string>, stop: AbortSignal): Promise<boolean> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), ATTEMPT_TIMEOUT_MS);
    const onStop = () => timeout.abort();
    stop.addEventListener("abort", onStop);
    try {
      // The global fetch at the time of sending: under MSW, chatFakeHandlers passes it through.
      // A redirect is the receiver's answer, as the service treats it; following it would post
      // the event to another origin and record it as delivered here.
      const response = await globalThis.fetch(delivery.url, {
        method: "POST",
        headers: { "content-type": "application/json", [DELIVERY_HEADER]: delivery.webhook, ...auth },
        body,
        redirect: "manual",
        signal: timeout.signal,
      });
      delivery.status = response.status;
      delivery.responseText = await prefixOf(response);
      delete delivery.error;
      return response.ok;
    } catch (error) {
      delete delivery.status;
      delete delivery.responseText;
      delivery.error =
        timeout.signal.aborted && !stop.aborted ? `No answer within ${ATTEMPT_TIMEOUT_MS} ms.` : String((error as Error).cause ?? error);
      return false;
    } finally {
      clearTimeout(timer);
      stop.removeEventListener("abort", onStop);
    }
  }
}

/** The first bytes of an answer's body as text; the body is cancelled after them, however long it is. */
async function prefixOf(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_RESPONSE_PREFIX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut off midway: what arrived is the prefix.
  } finally {
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, MAX_RESPONSE_PREFIX_BYTES).toString("utf8");
}
