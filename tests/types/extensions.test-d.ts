// Type-level contract of the Extensions operations (listing and switching extensions, and the
// settings of every extension the management API configures, with the APNs certificate uploads of
// the push notification extension), on the management client. Checked by `tsc --noEmit` in
// `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient, formDataBody, type Pagination } from "../../src/index.js";

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

export async function intercom() {
  const settings = { intercomAccessToken: "dG9rOjVhYjE4ZjJl", customerSupportUid: "support-desk" };
  const stored = await mgmt.POST("/apps/{appId}/extensions/intercom/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["IntercomSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/intercom/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["IntercomSettings"]>();
  // The service answers with the webhook URL it generated for the Intercom app.
  const found = await mgmt.GET("/apps/{appId}/extensions/intercom/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.webhookURL).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/intercom/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/intercom/v1/settings", {
    params: app,
    body: {
      settings: {
        intercomAccessToken: "dG9rOjVhYjE4ZjJl",
        // @ts-expect-error the support user is named customerSupportUid
        customerSupportUID: "support-desk",
      },
    },
  });
}

export async function chatwoot() {
  const settings = {
    chatwootAccessToken: "Xq7pLm2R",
    chatwootAccountId: "42113",
    chatwootInboxId: "12128",
    customerSupportUid: "support-desk",
  };
  const stored = await mgmt.POST("/apps/{appId}/extensions/chatwoot/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["ChatwootSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/chatwoot/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["ChatwootSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/chatwoot/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.chatwootInboxId).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/chatwoot/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/chatwoot/v1/settings", {
    params: app,
    body: {
      settings: {
        ...settings,
        // @ts-expect-error Chatwoot IDs are sent as text
        chatwootInboxId: 12128,
      },
    },
  });
}

export async function richMediaPreview() {
  const body = { settings: { iframelyApiKey: "5f1c0a8e2b7d4c9e3a6f0b1d" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/rich-media/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["RichMediaPreviewSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/rich-media/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["RichMediaPreviewSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/rich-media/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.iframelyApiKey).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/rich-media/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/rich-media/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the Iframely key is spelt iframelyApiKey
        iFramelyApiKey: "5f1c0a8e2b7d4c9e3a6f0b1d",
      },
    },
  });
}

export async function virusMalwareScanner() {
  const body = { settings: { scaniiApiKey: "3b9f0e2c7a1d4e8f", scaniiSecretKey: "f5c0102d" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/virus-malware-scanner/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["VirusMalwareScannerSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/virus-malware-scanner/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["VirusMalwareScannerSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/virus-malware-scanner/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.appId).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/virus-malware-scanner/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/virus-malware-scanner/v1/settings", {
    params: app,
    body: {
      settings: {
        scaniiApiKey: "3b9f0e2c7a1d4e8f",
        // @ts-expect-error the Scanii secret is spelt scaniiSecretKey
        scaniiSecret: "f5c0102d",
      },
    },
  });
}

export async function broadcast() {
  const body = { settings: { apiVideoKey: "8nK2pQ4rS6tU8vW0", recordVideo: false } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/broadcast/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["BroadcastSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/broadcast/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["BroadcastSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/broadcast/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.recordVideo).toEqualTypeOf<boolean>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/broadcast/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/broadcast/v1/settings", {
    params: app,
    body: {
      settings: {
        apiVideoKey: "8nK2pQ4rS6tU8vW0",
        // @ts-expect-error recording is switched with a boolean
        recordVideo: "yes",
      },
    },
  });
}

export async function humanModeration() {
  const settings: Schemas["HumanModerationSettings"] = {
    allMessages: false,
    allUserMessages: false,
    allGroupMessages: true,
    senders: ["new-member-17"],
    receiverUsers: [],
    receiverGroups: ["public-lobby"],
  };
  const stored = await mgmt.POST("/apps/{appId}/extensions/human-moderation/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["HumanModerationSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/human-moderation/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["HumanModerationSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/human-moderation/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.receiverGroups).toEqualTypeOf<string[]>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/human-moderation/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/human-moderation/v1/settings", {
    params: app,
    body: {
      settings: {
        ...settings,
        // @ts-expect-error the senders are a list of UIDs
        senders: "new-member-17",
      },
    },
  });
}

export async function e2ee() {
  const body = { settings: { virgilAppID: "4b3f6e1a9c2d47e8", virgilAppKeyID: "70b447e321f3a0fd", virgilAppKey: "MC4CAQAwBQYDK2Vw" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/e2ee/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["E2eeSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/e2ee/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["E2eeSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/e2ee/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.virgilAppKeyID).toEqualTypeOf<string>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/e2ee/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/e2ee/v1/settings", {
    params: app,
    body: {
      settings: {
        virgilAppKeyID: "70b447e321f3a0fd",
        virgilAppKey: "MC4CAQAwBQYDK2Vw",
        // @ts-expect-error the Virgil app is named virgilAppID, with a capital D
        virgilAppId: "4b3f6e1a9c2d47e8",
      },
    },
  });
}

export async function pushNotification() {
  const settings: Schemas["PushExtensionSettings"] = {
    version: 2,
    pushProvider: 1,
    fcmCredentials: {
      project_id: "example-chat-4f2a1",
      client_email: "sa@example-chat-4f2a1.iam.gserviceaccount.com",
      private_key: "-----BEGIN",
    },
    sendNewMessageNotification: true,
  };
  const stored = await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["PushExtensionSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/push-notification/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["PushExtensionSettings"]>();
  // Delivery modes and providers are numbered, as the service stores them.
  const found = await mgmt.GET("/apps/{appId}/extensions/push-notification/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.pushProvider).toEqualTypeOf<0 | 1 | 2>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/push-notification/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/settings", {
    params: app,
    body: {
      settings: {
        version: 2,
        // @ts-expect-error the provider is a number: 1 FCM, 2 APNs, 0 both
        pushProvider: "fcm",
      },
    },
  });
}

export async function pushCertificates() {
  const p8 = new File(["-----BEGIN PRIVATE KEY-----"], "AuthKey_2X9R4HXF34.p8");
  const uploaded = await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p8", {
    params: app,
    body: { certificate: p8 },
    bodySerializer: formDataBody,
  });
  if (uploaded.data) expectTypeOf(uploaded.data.data.body.success).toEqualTypeOf<boolean>();
  const p12 = await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", {
    params: app,
    body: { certificate: new Blob([new Uint8Array([0x30, 0x82])]) },
    bodySerializer: formDataBody,
  });
  if (p12.data) expectTypeOf(p12.data.data.body.success).toEqualTypeOf<boolean>();
  const held = await mgmt.GET("/apps/{appId}/extensions/push-notification/v1/query-certificates", { params: app });
  if (held.data) expectTypeOf(held.data.data.body).toEqualTypeOf<{ certificate_p12: boolean; certificate_p8: boolean }>();

  await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p8", {
    params: app,
    body: {
      // @ts-expect-error the certificate is a Blob or File, not its text
      certificate: "-----BEGIN PRIVATE KEY-----",
    },
    bodySerializer: formDataBody,
  });
  await mgmt.POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", {
    params: app,
    // @ts-expect-error the file is required
    body: {},
    bodySerializer: formDataBody,
  });
}

export async function emailReplies() {
  const body = { settings: { sendEmailReplies: true, senderEmailForReplies: "replies@chat.example.org" } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/email-replies/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["EmailRepliesSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/email-replies/v1/settings", {
    params: app,
    body: { settings: { sendEmailReplies: false } },
  });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["EmailRepliesSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/email-replies/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.senderEmailForReplies).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/email-replies/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/email-replies/v1/settings", {
    params: app,
    body: {
      settings: {
        // @ts-expect-error the switch is spelt sendEmailReplies
        allowEmailReplies: true,
      },
    },
  });
}

export async function smsNotification() {
  const settings = {
    twilioAccountSid: "AC0f3b2a1c4d5e6f708192a3b4c5d6e7f8",
    twilioAuthToken: "5d41402abc4b2a76",
    fromMobileNo: "+14155550199",
    messageDelay: 60,
    websiteURL: "chat.example.org",
  };
  // The SMS extension answers a store, an update and a deletion with success in body itself.
  const stored = await mgmt.POST("/apps/{appId}/extensions/sms-notification/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.success).toEqualTypeOf<boolean>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/sms-notification/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.success).toEqualTypeOf<boolean>();
  const found = await mgmt.GET("/apps/{appId}/extensions/sms-notification/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings).toEqualTypeOf<Schemas["SmsNotificationSettings"]>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/sms-notification/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/sms-notification/v1/settings", {
    params: app,
    body: {
      settings: {
        ...settings,
        // @ts-expect-error the delay is a number of seconds
        messageDelay: "60",
      },
    },
  });
}

export async function emailNotification() {
  const settings: Schemas["EmailNotificationSettings"] = {
    messageDelay: 120,
    senderEmail: "notifications@chat.example.org",
    senderName: "Example Chat",
    sendGridTemplateId: "d-2f6c1e8a9b3d4f5e",
    sendGridUnsubscribeGroupId: "21457",
    useWebhook: false,
    webhookURL: "https://hooks.example.org/chat/unread",
    useWebhookBasicAuth: false,
    webhookUsername: "chat-notifier",
    webhookPassword: "n0t-a-real-Passw0rd",
  };
  const stored = await mgmt.POST("/apps/{appId}/extensions/email-notification/v1/settings", { params: app, body: { settings } });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["EmailNotificationSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/email-notification/v1/settings", { params: app, body: { settings } });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["EmailNotificationSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/email-notification/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.sendGridApiKey).toEqualTypeOf<string | undefined>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/email-notification/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/email-notification/v1/settings", {
    params: app,
    body: {
      settings: {
        ...settings,
        // @ts-expect-error the template is named sendGridTemplateId, not the Notifications platform's sendGridTemplateID
        sendGridTemplateID: "d-2f6c1e8a9b3d4f5e",
      },
    },
  });
}

export async function messageShortcuts() {
  const body = { settings: { shortcuts: { "!brb": "Be right back.", "!ty": "Thanks a lot!" } } };
  const stored = await mgmt.POST("/apps/{appId}/extensions/message-shortcuts/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.settings).toEqualTypeOf<Schemas["MessageShortcutsSettings"]>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/message-shortcuts/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.settings).toEqualTypeOf<Schemas["MessageShortcutsSettings"]>();
  const found = await mgmt.GET("/apps/{appId}/extensions/message-shortcuts/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings.shortcuts).toEqualTypeOf<Record<string, string>>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/message-shortcuts/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.POST("/apps/{appId}/extensions/message-shortcuts/v1/settings", {
    params: app,
    body: {
      settings: {
        shortcuts: {
          // @ts-expect-error a shortcut expands to the text of a message
          "!brb": { text: "Be right back." },
        },
      },
    },
  });
}

export async function dataMasking() {
  // One PUT stores and updates the masks; the answer is a success flag.
  const stored = await mgmt.PUT("/apps/{appId}/extensions/data-masking/v1/settings", {
    params: app,
    body: {
      settings: {
        dropMessage: false,
        defaultRegexData: [{ id: "2", name: "Emails", regex: "\\w+@\\w+\\.\\w+", enableFlag: true }],
        customregexData: [{ name: "Order numbers", regex: "ORD-\\d{8}" }],
        deleteCustomRegexData: ["1983957"],
      },
    },
  });
  if (stored.data) expectTypeOf(stored.data.data.body.data.success).toEqualTypeOf<boolean>();
  const found = await mgmt.GET("/apps/{appId}/extensions/data-masking/v1/settings", { params: app });
  if (found.data) {
    expectTypeOf(found.data.data.body.data.settings).toEqualTypeOf<Schemas["DataMaskingSettings"]>();
    expectTypeOf(found.data.data.body.data.settings.customregexData).toEqualTypeOf<Schemas["DataMask"][] | undefined>();
  }
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/data-masking/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/data-masking/v1/settings", {
    params: app,
    body: {
      settings: {
        dropMessage: false,
        defaultRegexData: [],
        customregexData: [],
        // @ts-expect-error the custom masks list is spelt customregexData, in lower case, and masks are removed by ID
        deleteCustomRegexData: [{ id: "1983957" }],
      },
    },
  });
}

export async function profanityFilter() {
  const body = { settings: { dropMessage: false, badwords: ["darn", "heck"] } };
  // The profanity filter answers a store and an update with a success flag only.
  const stored = await mgmt.POST("/apps/{appId}/extensions/profanity-filter/v1/settings", { params: app, body });
  if (stored.data) expectTypeOf(stored.data.data.body.data.success).toEqualTypeOf<boolean>();
  const updated = await mgmt.PUT("/apps/{appId}/extensions/profanity-filter/v1/settings", { params: app, body });
  if (updated.data) expectTypeOf(updated.data.data.body.data.success).toEqualTypeOf<boolean>();
  const found = await mgmt.GET("/apps/{appId}/extensions/profanity-filter/v1/settings", { params: app });
  if (found.data) expectTypeOf(found.data.data.body.data.settings).toEqualTypeOf<Schemas["ProfanityFilterSettings"]>();
  const deleted = await mgmt.DELETE("/apps/{appId}/extensions/profanity-filter/v1/settings", { params: app });
  if (deleted.data) expectTypeOf(deleted.data.data.body.data.success).toEqualTypeOf<boolean>();

  await mgmt.PUT("/apps/{appId}/extensions/profanity-filter/v1/settings", {
    params: app,
    body: {
      settings: {
        dropMessage: true,
        // @ts-expect-error the words are a list, not comma-separated text
        badwords: "darn,heck",
      },
    },
  });
}
