// Type-level contract of the per-user notification preferences (/notifications/v1/preferences*):
// every operation needs the user's UID in the query. Checked by `tsc --noEmit` in `npm test`,
// never executed.
import { expectTypeOf } from "expect-type";
import type { components, createChatClient, operations } from "../../src/index.js";

type Schemas = components["schemas"];
type Preferences = Schemas["NotificationPreferences"];

declare const chat: ReturnType<typeof createChatClient>;

const query = { uid: "cometchat-uid-1" };

export async function notificationsPushListPreferences() {
  expectTypeOf<operations["notifications-push-list-preferences"]["parameters"]["query"]>().toEqualTypeOf<{ uid: string }>();
  const found = await chat.GET("/notifications/v1/preferences", { params: { query } });
  if (found.data) {
    expectTypeOf(found.data.data).toEqualTypeOf<Preferences>();
    expectTypeOf(found.data.data.mutePreferences).toEqualTypeOf<Schemas["MuteNotificationPreferences"] | undefined>();
  }

  await chat.GET("/notifications/v1/preferences", {
    params: {
      // @ts-expect-error the uid query parameter is required
      query: {},
    },
  });
}

export async function notificationsPushUpdatePreferences() {
  const updated = await chat.PATCH("/notifications/v1/preferences", {
    params: { query },
    body: { groupPreferences: { groupMessages: 3 }, mutePreferences: { schedule: { monday: { from: 900, to: 1800, dnd: true } } } },
  });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Preferences>();

  await chat.PATCH("/notifications/v1/preferences", {
    params: { query },
    body: {
      oneOnOnePreferences: {
        // @ts-expect-error a preference is 1, 2 or 3
        oneOnOneMessages: 4,
      },
    },
  });
  await chat.PATCH("/notifications/v1/preferences", {
    // @ts-expect-error the uid query parameter is required
    params: {},
    body: {},
  });
}

export async function notificationsPushResetPreferences() {
  const reset = await chat.DELETE("/notifications/v1/preferences", { params: { query } });
  if (reset.data) expectTypeOf(reset.data.data).toEqualTypeOf<Preferences>();

  await chat.DELETE("/notifications/v1/preferences", {
    params: {
      query: {
        // @ts-expect-error the uid is a string
        uid: 1,
      },
    },
  });
}

export async function notificationsPushListMuted() {
  const muted = await chat.GET("/notifications/v1/preferences/mute", { params: { query } });
  if (muted.data) expectTypeOf(muted.data.data.mutedConversations).toEqualTypeOf<Schemas["MutedConversation"][]>();

  await chat.GET("/notifications/v1/preferences/mute", {
    params: {
      // @ts-expect-error the uid query parameter is required
      query: {},
    },
  });
}

export async function notificationsPushMuteConversations() {
  const muted = await chat.PUT("/notifications/v1/preferences/mute", {
    params: { query },
    body: { conversations: [{ id: "design-team", type: "group", until: 1735689600000 }] },
  });
  if (muted.data) expectTypeOf(muted.data.data).toEqualTypeOf<{ success: boolean }>();

  await chat.PUT("/notifications/v1/preferences/mute", {
    params: { query },
    body: {
      conversations: [
        {
          id: "design-team",
          // @ts-expect-error a conversation is oneOnOne or group
          type: "user",
        },
      ],
    },
  });
  await chat.PUT(
    "/notifications/v1/preferences/mute",
    // @ts-expect-error the body is required
    { params: { query } },
  );
}

export async function notificationsPushUnmuteConversations() {
  const unmuted = await chat.DELETE("/notifications/v1/preferences/mute", {
    params: { query },
    body: { conversations: [{ id: "cometchat-uid-2", type: "oneOnOne" }] },
  });
  if (unmuted.data) expectTypeOf(unmuted.data.data.success).toEqualTypeOf<boolean>();

  await chat.DELETE("/notifications/v1/preferences/mute", {
    params: { query },
    body: {
      conversations: [
        // @ts-expect-error the conversation's id is required
        { type: "oneOnOne" },
      ],
    },
  });
}

export async function notificationsGetTimezone() {
  const zone = await chat.GET("/notifications/v1/preferences/timezone", { params: { query } });
  if (zone.data) expectTypeOf(zone.data.data.timezone).toEqualTypeOf<string>();

  await chat.GET("/notifications/v1/preferences/timezone", {
    params: {
      // @ts-expect-error the uid query parameter is required
      query: {},
    },
  });
}

export async function notificationsUpdateTimezone() {
  const zone = await chat.PATCH("/notifications/v1/preferences/timezone", { params: { query }, body: { timezone: "Asia/Tokyo" } });
  if (zone.data) expectTypeOf(zone.data.data).toEqualTypeOf<Schemas["Timezone"]>();

  await chat.PATCH("/notifications/v1/preferences/timezone", {
    params: { query },
    // @ts-expect-error the timezone is required
    body: {},
  });
}
