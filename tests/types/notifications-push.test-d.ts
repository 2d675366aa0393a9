// Type-level contract of the push notification operations (settings, FCM and APNs providers, push
// tokens, notification logs). Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type components, type createChatClient, paginate } from "../../src/index.js";

type Schemas = components["schemas"];
declare const chat: ReturnType<typeof createChatClient>;

const authToken = "cometchat-uid-3_171014103393cf7e3c67cc44465440d4efac8de";

export async function listSettings() {
  const settings = await chat.GET("/notifications/v1/settings");
  if (settings.data) {
    expectTypeOf(settings.data.data).toEqualTypeOf<Schemas["PushSettings"]>();
    expectTypeOf(settings.data.data.preferences.group?.messagesSetting).toEqualTypeOf<1 | 2 | 3 | undefined>();
    expectTypeOf(settings.data.data.templates.textMessageTemplateDefault?.body).toEqualTypeOf<string | undefined>();
  }
  await chat.GET("/notifications/v1/settings", {
    params: {
      // @ts-expect-error the settings take no onBehalfOf
      header: { onBehalfOf: "u1" },
    },
  });
}

export async function updateSettings() {
  const saved = await chat.PATCH("/notifications/v1/settings", { body: { templates: { usePrivacyTemplate: 2 } } });
  if (saved.data) expectTypeOf(saved.data.data).toEqualTypeOf<Schemas["SuccessFlag"]>();
  await chat.PATCH("/notifications/v1/settings", {
    body: {
      preferences: {
        oneOnOne: {
          // @ts-expect-error a setting is a numeric code, not a flag
          messagesSetting: true,
        },
      },
    },
  });
}

export async function resetSettings() {
  const reset = await chat.DELETE("/notifications/v1/settings");
  if (reset.data) expectTypeOf(reset.data.data.success).toEqualTypeOf<boolean>();
  // @ts-expect-error the answer carries no message, unlike ActionResult
  if (reset.data) expectTypeOf(reset.data.data.message).toEqualTypeOf<string>();
}

export async function fcmProviders() {
  const list = await chat.GET("/notifications/push/v1/providers/fcm");
  if (list.data) expectTypeOf(list.data.data.pushProviders).branded.toEqualTypeOf<Schemas["FcmProvider"][]>();
  const added = await chat.POST("/notifications/push/v1/providers/fcm", {
    body: { providerId: "fcm-provider-1", notificationInPayload: { ios: { chat: true, call: false } } },
  });
  if (added.data) expectTypeOf(added.data.data).toEqualTypeOf<Schemas["SuccessFlag"]>();
  await chat.PUT("/notifications/push/v1/providers/fcm", {
    // @ts-expect-error an update names the provider it changes
    body: { serviceAccountFilename: "new.json" },
  });
  const removed = await chat.DELETE("/notifications/push/v1/providers/fcm/{providerId}", {
    params: { path: { providerId: "fcm-provider-1" } },
  });
  if (removed.data) expectTypeOf(removed.data.data.success).toEqualTypeOf<boolean>();
  await chat.PUT("/notifications/push/v1/providers/fcm/default/{providerId}", {
    params: {
      // @ts-expect-error the provider to make the default is required
      path: {},
    },
  });
}

export async function apnsProviders() {
  const list = await chat.GET("/notifications/push/v1/providers/apns");
  if (list.data) expectTypeOf(list.data.data.pushProviders).branded.toEqualTypeOf<Schemas["ApnsProvider"][]>();
  await chat.POST("/notifications/push/v1/providers/apns", { body: { providerId: "apns-provider-1", productionMode: true } });
  await chat.PUT("/notifications/push/v1/providers/apns", {
    body: {
      providerId: "apns-provider-1",
      // @ts-expect-error productionMode is a flag
      productionMode: "yes",
    },
  });
  await chat.DELETE("/notifications/push/v1/providers/apns/{providerId}", { params: { path: { providerId: "apns-provider-1" } } });
  const madeDefault = await chat.PUT("/notifications/push/v1/providers/apns/default/{providerId}", {
    params: { path: { providerId: "apns-provider-1" } },
  });
  if (madeDefault.data) expectTypeOf(madeDefault.data.data).toEqualTypeOf<Schemas["SuccessFlag"]>();
}

export async function listTokens() {
  const list = await chat.GET("/notifications/push/v1/tokens", { params: { query: { authToken, all: true } } });
  if (list.data) {
    expectTypeOf(list.data.data.pushTokens).toEqualTypeOf<Schemas["PushToken"][]>();
    // Push token times are ISO 8601 text, not Unix seconds.
    expectTypeOf(list.data.data.pushTokens[0]!.createdAt).toEqualTypeOf<string | undefined>();
  }
  await chat.GET("/notifications/push/v1/tokens", {
    params: {
      // @ts-expect-error the session's auth token is required
      query: { all: true },
    },
  });
}

export async function registerTokenOfEachKind() {
  const fcm = await chat.POST("/notifications/push/v1/tokens", {
    body: { authToken, platform: "fcm_android", fcmToken: "dLztQGbu", providerId: "fcm-provider-1", timezone: "Asia/Kolkata" },
  });
  if (fcm.data) expectTypeOf(fcm.data.data).toEqualTypeOf<Schemas["SuccessFlag"]>();
  await chat.POST("/notifications/push/v1/tokens", { body: { authToken, platform: "apns_ios_device", deviceToken: "7f1c2d9e" } });
  await chat.POST("/notifications/push/v1/tokens", { body: { authToken, platform: "apns_ios_voip", voipToken: "0a9b8c7d" } });
  expectTypeOf<Schemas["PushTokenRegisterRequest"]>().toEqualTypeOf<
    Schemas["PushTokenFcmRegistration"] | Schemas["PushTokenApnsRegistration"] | Schemas["PushTokenVoipRegistration"]
  >();
}

export async function registerTokenRejectsAWrongMix() {
  await chat.POST("/notifications/push/v1/tokens", {
    // @ts-expect-error an FCM platform takes fcmToken, not an APNs deviceToken
    body: { authToken, platform: "fcm_android", deviceToken: "7f1c2d9e" },
  });
  await chat.POST("/notifications/push/v1/tokens", {
    // @ts-expect-error a VoIP platform takes voipToken, not fcmToken
    body: { authToken, platform: "apns_ios_voip", fcmToken: "dLztQGbu" },
  });
  await chat.POST("/notifications/push/v1/tokens", {
    // @ts-expect-error every kind names the session's auth token
    body: { platform: "apns_ios_device", deviceToken: "7f1c2d9e" },
  });
}

export async function unregisterTokens() {
  const all = await chat.DELETE("/notifications/push/v1/tokens", { params: { query: { all: true } }, body: { authToken } });
  if (all.data) expectTypeOf(all.data.data.pushTokens).toEqualTypeOf<Schemas["PushToken"][]>();
  // @ts-expect-error the body names the session
  await chat.DELETE("/notifications/push/v1/tokens", { body: {} });
  const one = await chat.DELETE("/notifications/push/v1/tokens/{pushToken}", {
    params: { path: { pushToken: "dLztQGbu" } },
    body: { authToken },
  });
  if (one.data) expectTypeOf(one.data.data).toEqualTypeOf<{ pushTokens: Schemas["PushToken"][] }>();
}

export async function notificationLogs() {
  const logs = await chat.GET("/notifications/v1/logs", {
    params: { query: { from: 1_742_980_000_000, channel: "push", affix: "append" } },
  });
  if (logs.data) {
    // Deep equality stops at the payload's open maps (openapi-fetch's response type maps them again); the fields are checked instead.
    expectTypeOf(logs.data.data).toExtend<Schemas["NotificationLog"][]>();
    expectTypeOf(logs.data.data[0]!.payload?.alert?.title).toEqualTypeOf<string | undefined>();
    expectTypeOf(logs.data.data[0]!.payload?.payload?.sessionId).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(logs.data.meta.next).toEqualTypeOf<Schemas["NotificationLogCursor"] | undefined>();
    expectTypeOf(logs.data.data[0]!.processingStartedAtMS).toEqualTypeOf<number | undefined>();
  }
  await chat.GET("/notifications/v1/logs", {
    params: {
      query: {
        // @ts-expect-error the channels are push, email and sms
        channel: "mail",
      },
    },
  });
  for await (const log of paginate(chat, "/notifications/v1/logs", { query: { channel: "push" }, direction: "backward" })) {
    expectTypeOf(log).toEqualTypeOf<Schemas["NotificationLog"]>();
  }
  // @ts-expect-error affix is set by the direction
  paginate(chat, "/notifications/v1/logs", { query: { affix: "append" } });
}
