// Type-level contract of the Extensions operations (listing and switching extensions, and the
// settings of the chat widget, Giphy, Tenor, XSS filter, image moderation, user and message
// reports, voice transcription, stickers, Stipop, sentiment analysis, Bitly and TinyURL), on the
// management client. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient, type Pagination } from "../../src/index.js";

type Schemas = components["schemas"];
const mgmt = createManagementClient({ key: "k", secret: "s" });
const app = { path: { appId: "24a1c7e9b3d05f68" } };

export async function listAndSwitchExtensions() {
  const list = await mgmt.GET("/apps/{appId}/extensions", { params: { ...app, query: { perPage: 25, page: 2 } } });
  if (list.data) {
    expectTypeOf(list.data.data).toEqualTypeOf<Schemas["Extension"][]>();
    expectTypeOf(list.data.meta.pagination).toMatchTypeOf<Pagination>();
    expectTypeOf(list.data.meta.pagination.links).toEqualTypeOf<{ next?: string } | undefined>();
  }
  // A hook's switch is sent as 1 or 0, not as a boolean.
  expectTypeOf<Schemas["ExtensionHook"]["enabled"]>().toEqualTypeOf<0 | 1>();
  await mgmt.GET("/apps/{appId}/extensions", {
    params: {
      ...app,
      query: {
        // @ts-expect-error perPage is a number
        perPage: "25",
      },
    },
  });

  const toggled = await mgmt.POST("/apps/{appId}/extensions", {
    params: app,
    body: { enabled: ["gifs-giphy"], disabled: ["gifs-tenor"] },
  });
  if (toggled.data) expectTypeOf(toggled.data.data.enabled).toEqualTypeOf<Record<string, ActionResult> | undefined>();
  await mgmt.POST("/apps/{appId}/extensions", {
    params: app,
    body: {
      // @ts-expect-error enabled is a list of extension IDs
      enabled: "gifs-giphy",
    },
  });
}

export async function chatWidget() {
  const settings: Schemas["ChatWidgetSettings"] = { name: "Support chat", version: "v2" };
  const created = await mgmt.POST("/apps/{appId}/extensions/widget/v2/settings", { params: app, body: { settings } });
  if (created.data) expectTypeOf(created.data.data.body.data.widgetId).toEqualTypeOf<string>();

  const updated = await mgmt.PUT("/apps/{appId}/extensions/widget/v2/settings", {
    params: app,
    body: { settings: { ...settings, widgetId: "c59766f0-5318-4c82-b6b3-fa09ee80a506" } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.success).toEqualTypeOf<boolean>();
  await mgmt.PUT("/apps/{appId}/extensions/widget/v2/settings", {
    params: app,
    // @ts-expect-error an update names the widget with widgetId
    body: { settings },
  });

  const widgets = await mgmt.GET("/apps/{appId}/extensions/widget/v2/settings", { params: app });
  if (widgets.data) expectTypeOf(widgets.data.data.body.data).toEqualTypeOf<Schemas["ChatWidget"][]>();

  await mgmt.POST("/apps/{appId}/extensions/widget/v2/settings", {
    params: app,
    body: {
      settings: {
        ...settings,
        sidebar: {
          users: true,
          groups: true,
          calls: false,
          recent_chat_listing: "all_chats",
          user_listing: "all_users",
          // @ts-expect-error the sidebar sections are chats, users, groups, calls and settings
          sidebar_navigation_sequence: ["chats", "friends"],
        },
      },
    },
  });
}

export async function giphy() {
  const body = { settings: { giphyApiKey: "1q6Re9CYAAfzLZyB8F4eMNX0Pslyv222" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/gifs-giphy/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["GiphySettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/gifs-giphy/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["GiphySettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/gifs-giphy/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.appId).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/gifs-giphy/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.settings.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/gifs-giphy/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the key is spelt giphyApiKey
        giphyAPIKey: "1q6Re9CYAAfzLZyB8F4eMNX0Pslyv222",
      },
    },
  });
}

export async function tenor() {
  const body = { settings: { tenorApiKey: "AIzaSyB3x9Qm2TnKp7VwLc5dRfHj8Ye1UoZa4Gs" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/gifs-tenor/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["TenorSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/gifs-tenor/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["TenorSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/gifs-tenor/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.tenorApiKey).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/gifs-tenor/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/gifs-tenor/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error Tenor takes a Tenor key, not a Giphy one
        giphyApiKey: "1q6Re9CYAAfzLZyB8F4eMNX0Pslyv222",
      },
    },
  });
}

export async function xssFilter() {
  const stored = await mgmt.POST("/apps/{appId}/extensions/xss-filter/v1/settings", {
    params: app,
    body: { settings: { dropMessage: true } },
  });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["XssFilterSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/xss-filter/v1/settings", {
    params: app,
    body: { settings: { dropMessage: false } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["XssFilterSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/xss-filter/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.dropMessage).toEqualTypeOf<boolean>();
  // The XSS filter answers a deletion with the settings it held.
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/xss-filter/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.settings).toEqualTypeOf<Schemas["XssFilterSettings"]>();

  await mgmt.POST("/apps/{appId}/extensions/xss-filter/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error dropMessage is a boolean
        dropMessage: "yes",
      },
    },
  });
}

export async function imageModeration() {
  const stored = await mgmt.POST("/apps/{appId}/extensions/image-moderation/v1/settings", {
    params: app,
    body: { settings: { dropMessage: true } },
  });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["ImageModerationSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/image-moderation/v1/settings", {
    params: app,
    body: { settings: { dropMessage: false } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["ImageModerationSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/image-moderation/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.dropMessage).toEqualTypeOf<boolean>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/image-moderation/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/image-moderation/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the switch is spelt dropMessage
        dropMessages: true,
      },
    },
  });
}

const reportSettings = {
  maxReports: 3,
  useWebhook: true,
  webhookURL: "https://moderation.example.org/chat-reports",
  basicAuthUsername: "chat-reports",
  basicAuthPassword: "s3cret-Passw0rd",
};

export async function reportUser() {
  const stored = await mgmt.POST("/apps/{appId}/extensions/report-user/v1/settings", { params: app, body: { settings: reportSettings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["ReportUserSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/report-user/v1/settings", {
    params: app,
    body: { settings: { maxReports: 5, useWebhook: false } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["ReportUserSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/report-user/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.maxReports).toEqualTypeOf<number>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/report-user/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/report-user/v1/settings", {
    params: app,
    body: {
      settings: {
        useWebhook: true,
        // @ts-expect-error the report threshold is a number
        maxReports: "3",
      },
    },
  });
}

export async function reportMessage() {
  const stored = await mgmt.POST("/apps/{appId}/extensions/report-message/v1/settings", {
    params: app,
    body: { settings: reportSettings },
  });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["ReportMessageSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/report-message/v1/settings", {
    params: app,
    body: { settings: reportSettings },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["ReportMessageSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/report-message/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.webhookURL).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/report-message/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/report-message/v1/settings", {
    params: app,
    body: {
      settings: {
        maxReports: 3,
        // @ts-expect-error the switch is spelt useWebhook
        usewebhook: true,
      },
    },
  });
}

export async function voiceTranscription() {
  const body = { settings: { revaiAPIKey: "02a4Fh7Jk9LmNpQrStUvWxYz13579bdf" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/voice-transcription/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["VoiceTranscriptionSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/voice-transcription/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["VoiceTranscriptionSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/voice-transcription/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.revaiAPIKey).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/voice-transcription/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/voice-transcription/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the Rev.ai token is spelt revaiAPIKey
        revAiApiKey: "02a4Fh7Jk9LmNpQrStUvWxYz13579bdf",
      },
    },
  });
}

export async function stickers() {
  const sticker: Schemas["Sticker"] = {
    stickerName: "hurray",
    stickerUrl: "https://cdn.example.org/stickers/hurray.png",
    stickerSetId: "rejoice",
    stickerSetName: "Rejoice",
    enableFlag: true,
  };
  // The sticker settings are not wrapped in `settings`.
  const updated = await mgmt.PUT("/apps/{appId}/extensions/stickers/v1/settings", { params: app, body: { customStickersData: [sticker] } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.success).toEqualTypeOf<boolean>();
  const found = await mgmt.GET("/apps/{appId}/extensions/stickers/v1/settings", { params: app });
  if (found.data) {
    expectTypeOf(found.data.data.body.data.settings).toEqualTypeOf<Schemas["StickersSettings"]>();
    expectTypeOf(found.data.data.body.data.settings.defaultMasterStickersData).toEqualTypeOf<Schemas["Sticker"][] | undefined>();
  }
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/stickers/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/stickers/v1/settings", {
    params: app,
    body: {
      customStickersData: [
        {
          stickerName: "hurray",
          stickerSetId: "rejoice",
          stickerSetName: "Rejoice",
          // @ts-expect-error the image address is spelt stickerUrl
          stickerURL: "https://cdn.example.org/stickers/hurray.png",
        },
      ],
    },
  });
}

export async function stipop() {
  const body = { settings: { stipopApiKey: "e24ce2324b2jrbj3212f0a9c", stipopAppId: "9221njdwe112213131" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/stickers-stipop/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["StipopSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/stickers-stipop/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["StipopSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/stickers-stipop/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.stipopAppId).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/stickers-stipop/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/stickers-stipop/v1/settings", {
    params: app,
    body: {
      settings: {
        stipopApiKey: "e24ce2324b2jrbj3212f0a9c",
        // @ts-expect-error the Stipop app is named stipopAppId
        stipopAppID: "9221njdwe112213131",
      },
    },
  });
}

export async function sentimentAnalysis() {
  const stored = await mgmt.POST("/apps/{appId}/extensions/sentiment-analysis/v1/settings", {
    params: app,
    body: { settings: { dropMessage: true } },
  });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["SentimentAnalysisSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/sentiment-analysis/v1/settings", {
    params: app,
    body: { settings: { dropMessage: false } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["SentimentAnalysisSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/sentiment-analysis/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.dropMessage).toEqualTypeOf<boolean>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/sentiment-analysis/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/sentiment-analysis/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the switch is dropMessage, for every rating below neutral
        dropNegativeMessages: true,
      },
    },
  });
}

export async function bitly() {
  const body = { settings: { bitlyAccessToken: "1213n2kn2232ffg0b7d4e9a1", groupGUID: "Bj4k2mQx9Ze" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/url-shortener-bitly/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["BitlySettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/url-shortener-bitly/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["BitlySettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/url-shortener-bitly/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.groupGUID).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/url-shortener-bitly/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/url-shortener-bitly/v1/settings", {
    params: app,
    body: {
      settings: {
        bitlyAccessToken: "1213n2kn2232ffg0b7d4e9a1",
        // @ts-expect-error the Bitly group is named groupGUID
        groupGuid: "Bj4k2mQx9Ze",
      },
    },
  });
}

export async function tinyUrl() {
  const body = { settings: { tinyUrlAPIToken: "1kn2kenkdnwnrn2in1n1x8Qa", tinyUrlDomain: "tiny.one" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["TinyUrlSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["TinyUrlSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.tinyUrlDomain).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings", {
    params: app,
    body: {
      settings: {
        tinyUrlDomain: "go.example.org",
        // @ts-expect-error the token is spelt tinyUrlAPIToken
        tinyUrlApiToken: "1kn2kenkdnwnrn2in1n1x8Qa",
      },
    },
  });
}
