// Type-level contract of the stateful fake's public surface: what it delivers is a webhook event
// as chat-rest-sdk/webhooks types it, and its clock, in process and remote, can be reset.
// Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { FakeServer, FakeWebhookDelivery, RemoteFake } from "../../src/testing/index.js";
import type { WebhookEvent, WebhookEventOf } from "../../src/webhooks/index.js";

export function deliveredPayloadIsAWebhookEvent(fake: FakeServer, received: WebhookEvent) {
  const delivery = fake.webhookDeliveries[0]!;
  // What the fake POSTed and what a handler received compare with no cast.
  const sent: WebhookEvent = delivery.payload;
  expectTypeOf(delivery.payload).toExtend<WebhookEvent>();
  if (sent.trigger === received.trigger) expectTypeOf(sent).toExtend<typeof received>();
  // Checking the delivery's trigger narrows its payload to that event.
  if (delivery.trigger === "message_sent") {
    expectTypeOf(delivery.payload).toEqualTypeOf<WebhookEventOf<"message_sent">>();
    expectTypeOf(delivery.payload.data.message.id).toEqualTypeOf<string>();
  }
  // @ts-expect-error the fake never fires a call event
  if (delivery.trigger === "call_started") return;
}

export function remoteDeliveriesAreWebhookEvents(remote: RemoteFake) {
  return async () => {
    const [delivery] = await remote.webhookDeliveries();
    if (delivery) expectTypeOf(delivery.payload).toExtend<WebhookEvent>();
    expectTypeOf<FakeWebhookDelivery["payload"]>().toExtend<WebhookEvent>();
  };
}

export function clockResets(fake: FakeServer, remote: RemoteFake) {
  expectTypeOf(fake.clock.reset).toEqualTypeOf<() => void>();
  expectTypeOf(remote.clock.reset).toEqualTypeOf<() => Promise<void>>();
}
