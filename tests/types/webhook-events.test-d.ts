// Type-level contract of chat-rest-sdk/webhooks: narrowing on `trigger`, the handlers of `on`, and
// the unknown event. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { components } from "../../src/index.js";
import { webhookEvents } from "../../src/testing/index.js";
import {
  createWebhookHandler,
  parseWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventOf,
  webhookEventKey,
} from "../../src/webhooks/index.js";

type Schemas = components["schemas"];

export function narrowsOnTrigger(body: string) {
  const event = parseWebhookEvent(body);
  if (event.trigger === "message_sent") {
    expectTypeOf(event).toEqualTypeOf<Schemas["MessageSentEvent"]>();
    expectTypeOf(event.data.message).toEqualTypeOf<Schemas["Message"]>();
  }
  switch (event.trigger) {
    case "group_member_added":
      expectTypeOf(event.data.group).toEqualTypeOf<Schemas["Group"]>();
      expectTypeOf(event.data.members).toEqualTypeOf<Record<string, Schemas["EntityDetails"]>>();
      break;
    case "call_participant_joined":
      // Booleans and numbers of call events arrive as strings, and are typed so.
      expectTypeOf(event.data.occupant.audio_call).toEqualTypeOf<"true" | "false" | undefined>();
      expectTypeOf(event.type).toEqualTypeOf<"call">();
      break;
    case "recording_generated":
      expectTypeOf(event.data.duration).toEqualTypeOf<string | undefined>();
      break;
    case "after_campaign_completed":
      // The documentation shows no payload for this event: `data` stays open.
      expectTypeOf(event.data).toEqualTypeOf<Record<string, unknown>>();
      break;
    default:
      break;
  }
  // @ts-expect-error `data` differs between events until `trigger` is checked
  event.data.message;
}

export function unknownEvent(body: string) {
  const event = parseWebhookEvent(body);
  if (event.trigger === "message_sent" || event.trigger === "group_created") return;
  expectTypeOf(event).toExtend<WebhookEvent | UnknownWebhookEvent>();
  // The name of an unknown trigger is read as a string; comparing it with a name no event has does not compile.
  const name: string = String(event.trigger);
  // @ts-expect-error no event, known or unknown, has this trigger
  if (event.trigger === "message_snet") return name;
  const unknown = event as UnknownWebhookEvent;
  expectTypeOf(unknown.data).toEqualTypeOf<unknown>();
  expectTypeOf(webhookEventKey(unknown)).toEqualTypeOf<string>();
  return name;
}

export function handlerKeys() {
  createWebhookHandler({
    username: "chat-events",
    password: "s3cret",
    on: {
      message_sent: (event) => {
        expectTypeOf(event).toEqualTypeOf<WebhookEventOf<"message_sent">>();
        expectTypeOf(event.data.message.id).toEqualTypeOf<string>();
      },
      group_created: async (event) => {
        expectTypeOf(event.data.group.guid).toEqualTypeOf<string>();
      },
      user_connection_status_change: (event) => {
        // One event, two spellings of its trigger: the handler gets that one event.
        expectTypeOf(event.trigger).toEqualTypeOf<"user_connection_status_change" | "after_connection_status_changed">();
      },
    },
    onUnknown: (event) => {
      expectTypeOf(event).toEqualTypeOf<UnknownWebhookEvent>();
    },
  });
  createWebhookHandler({
    username: "chat-events",
    password: "s3cret",
    on: {
      // @ts-expect-error a misspelt trigger is not a key of `on`
      message_snet: () => {},
    },
  });
  createWebhookHandler({
    username: "chat-events",
    password: "s3cret",
    on: {
      // @ts-expect-error the handler of message_sent gets a message_sent event, which has no `group`
      message_sent: (event) => event.data.group,
    },
  });
  // @ts-expect-error the password is required
  createWebhookHandler({ username: "chat-events", on: {} });
}

export function fixturesAreTypedPerEvent() {
  expectTypeOf(webhookEvents.message_sent).toEqualTypeOf<Schemas["MessageSentEvent"]>();
  expectTypeOf(webhookEvents.call_ended).toEqualTypeOf<Schemas["CallEndedEvent"]>();
  // @ts-expect-error there is no fixture for a trigger the spec does not know
  webhookEvents.message_snet;
}
