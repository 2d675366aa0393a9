// Type-level contract: a misspelt or unknown key does not compile, in the body (at any depth the
// spec closes), in params.path, params.query and params.header, and in the call's init itself; on
// every client, on as(uid) clients and in paginate's options. Each probe sits directly above the
// wrong key, beside a valid twin that compiles. Checked by `tsc --noEmit`, never executed.
import { createAuthOnlyClient, createCallsClient, createChatClient, createManagementClient, paginate } from "../../src/index.js";

const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "k" });
const calls = createCallsClient({ appId: "2a1b3c4d", apiKey: "k" });
const mgmt = createManagementClient({ key: "k", secret: "s" });
const auth = createAuthOnlyClient({ appId: "2a1b3c4d", apiKey: "k" });
const uid = "cometchat-uid-1";
const guid = "cometchat-guid-1";
const name = "Priya Raman";
const appId = "2a1b3c4d";

export async function usersAndAuthTokens() {
  await chat.POST("/users", { body: { uid, name, avatar: "https://cdn.example.org/a.png" } });
  await chat.POST("/users", {
    body: {
      uid,
      name,
      // @ts-expect-error misspelt body key: avatar
      avatr: "https://cdn.example.org/a.png",
    },
  });
  await chat.PUT("/users/{uid}", { params: { path: { uid } }, body: { name } });
  await chat.PUT("/users/{uid}", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error misspelt body key: name
      nmae: name,
    },
  });
  await chat.GET("/users", { params: { query: { perPage: 50 } } });
  await chat.GET("/users", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: perPage
        perPag: 50,
      },
    },
  });
  await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid } }, body: { force: true } });
  await chat.POST("/users/{uid}/auth_tokens", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error misspelt body key: force
      forse: true,
    },
  });
  await chat.GET("/users/{uid}/auth_tokens", { params: { path: { uid } } });
  await chat.GET("/users/{uid}/auth_tokens", {
    params: {
      path: {
        uid,
        // @ts-expect-error a path parameter the template does not have
        authToken: "t",
      },
    },
  });
}

export async function friendsAndBlockedUsers() {
  await chat.POST("/users/{uid}/friends", { params: { path: { uid } }, body: { accepted: ["cometchat-uid-2"] } });
  await chat.POST("/users/{uid}/friends", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error misspelt body key: accepted
      accpted: ["cometchat-uid-2"],
    },
  });
  await chat.POST("/users/{uid}/blockedusers", { params: { path: { uid } }, body: { blockedUids: ["cometchat-uid-2"] } });
  await chat.POST("/users/{uid}/blockedusers", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error misspelt body key: blockedUids
      blockedUid: ["cometchat-uid-2"],
    },
  });
}

export async function apiKeysAndRoles() {
  await chat.POST("/apikeys", { body: { name: "Reporting", scope: "fullAccess" } });
  await chat.POST("/apikeys", {
    body: {
      name: "Reporting",
      scope: "fullAccess",
      // @ts-expect-error an unknown body key
      scopes: ["fullAccess"],
    },
  });
  await chat.POST("/roles", { body: { role: "support", name: "Support" } });
  await chat.POST("/roles", {
    body: {
      role: "support",
      name: "Support",
      // @ts-expect-error misspelt body key: description
      descripton: "Agents",
    },
  });
  await chat.POST("/roles/{role}/restrictedfeatures", { params: { path: { role: "support" } }, body: { featuresToRestrict: [] } });
  await chat.POST("/roles/{role}/restrictedfeatures", {
    params: { path: { role: "support" } },
    body: {
      featuresToRestrict: [],
      // @ts-expect-error misspelt body key: featuresToAllow belongs to the DELETE
      featuresToAllow: [],
    },
  });
}

export async function groupsMembersAndBans() {
  await chat.POST("/groups", { body: { guid, name } });
  await chat.POST("/groups", {
    body: {
      guid,
      name,
      // @ts-expect-error misspelt body key: password
      pasword: "secret",
    },
  });
  await chat.POST("/groups/{guid}/members", { params: { path: { guid } }, body: { participants: ["a"] } });
  await chat.POST("/groups/{guid}/members", {
    params: { path: { guid } },
    body: {
      // @ts-expect-error misspelt body key: participants
      participant: ["a"],
    },
  });
  await chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid, uid } }, body: { scope: "moderator" } });
  await chat.PUT("/groups/{guid}/members/{uid}", {
    params: {
      path: {
        guid,
        uid,
        // @ts-expect-error a path parameter the template does not have
        role: "x",
      },
    },
    body: { scope: "moderator" },
  });
  await chat.GET("/groups/{guid}/bannedusers", { params: { path: { guid }, query: { perPage: 10 } } });
  await chat.GET("/groups/{guid}/bannedusers", {
    params: {
      path: { guid },
      query: {
        // @ts-expect-error misspelt query key: page
        pgae: 2,
      },
    },
  });
  await chat.GET("/groups", { params: { query: { searchKey: "hik" } } });
  await chat.GET("/groups", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: searchKey
        serchKey: "hik",
      },
    },
  });
}

export async function messagesAndConversations() {
  await chat.GET("/messages/{id}", { params: { path: { id: "1842" }, header: { onBehalfOf: uid } } });
  await chat.GET("/messages/{id}", {
    params: {
      path: { id: "1842" },
      header: {
        onBehalfOf: uid,
        // @ts-expect-error a header the operation does not take, beside a valid onBehalfOf
        "x-extra": "1",
      },
    },
  });
  await chat.GET("/messages", { params: { query: { hasAttachments: true } } });
  await chat.GET("/messages", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: hasAttachments
        hasAttachment: true,
      },
    },
  });
  await chat.PUT("/messages/{id}", { params: { path: { id: "1842" } }, body: { tags: ["pinned"] } });
  await chat.PUT("/messages/{id}", {
    params: { path: { id: "1842" } },
    body: {
      // @ts-expect-error misspelt body key: tags
      tag: ["pinned"],
    },
  });
  await chat.GET("/conversations", { params: { query: { unread: true } } });
  await chat.GET("/conversations", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: conversationType
        conversationTyp: "user",
      },
    },
  });
}

export async function notificationsAndModeration() {
  await chat.PATCH("/notifications/v1/contact-details", { params: { header: { onBehalfOf: uid } }, body: { email: "a@b.co" } });
  await chat.PATCH("/notifications/v1/contact-details", {
    params: { header: { onBehalfOf: uid } },
    body: {
      // @ts-expect-error misspelt body key: email
      emial: "a@b.co",
    },
  });
  await chat.PATCH("/moderation/flagged-messages/{id}", { params: { path: { id: "7" } }, body: { status: "approved" } });
  await chat.PATCH("/moderation/flagged-messages/{id}", {
    params: { path: { id: "7" } },
    body: {
      status: "approved",
      // @ts-expect-error an unknown body key
      reason: "fine",
    },
  });
  await chat.GET("/moderation/reviewed-messages", { params: { query: { limit: 10 } } });
  await chat.GET("/moderation/reviewed-messages", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: limit
        limt: 10,
      },
    },
  });
}

export async function rbacAndMetrics() {
  await chat.PUT("/groups/{guid}/scopes/{scope}/permissions", {
    params: { path: { guid, scope: "participant" } },
    body: { permissions: {} },
  });
  await chat.PUT("/groups/{guid}/scopes/{scope}/permissions", {
    params: { path: { guid, scope: "participant" } },
    body: {
      // @ts-expect-error misspelt body key: permissions
      permission: {},
    },
  });
  await chat.GET("/stats", { params: { query: { fromDate: 1_718_400_000, toDate: 1_718_486_400 } } });
  await chat.GET("/stats", {
    params: {
      query: {
        fromDate: 1_718_400_000,
        toDate: 1_718_486_400,
        // @ts-expect-error a query key the operation does not take
        granularity: "day",
      },
    },
  });
  await chat.DELETE("/roles/{role}/restrictedfeatures", { params: { path: { role: "support" } }, body: { allowAll: true } });
  await chat.DELETE("/roles/{role}/restrictedfeatures", {
    params: { path: { role: "support" } },
    body: {
      // @ts-expect-error misspelt DELETE body key: allowAll
      alowAll: true,
    },
  });
  await chat.PUT("/groups/{guid}", { params: { path: { guid } }, body: { icon: "https://cdn.example.org/g.png" } });
  await chat.PUT("/groups/{guid}", {
    params: { path: { guid } },
    body: {
      // @ts-expect-error misspelt body key: icon
      ikon: "https://cdn.example.org/g.png",
    },
  });
}

export async function callsClient() {
  await calls.GET("/calls", { params: { query: { status: "ended" } } });
  await calls.GET("/calls", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: status
        staus: "ended",
      },
    },
  });
  await calls.as(uid).GET("/calls/{sessionId}", { params: { path: { sessionId: "v1.us.2a1b.1718" } } });
  await calls.as(uid).GET("/calls/{sessionId}", {
    params: {
      path: {
        // @ts-expect-error misspelt path key: sessionId
        sesionId: "v1.us.2a1b.1718",
      },
    },
  });
}

export async function managementClient() {
  const webhook = { id: "orders", name: "Orders", webhookURL: "https://hooks.example.org/chat" };
  await mgmt.POST("/apps/{appId}/webhooks", { params: { path: { appId } }, body: { ...webhook, enabled: true } });
  await mgmt.POST("/apps/{appId}/webhooks", {
    params: { path: { appId } },
    body: {
      ...webhook,
      // @ts-expect-error misspelt body key: enabled
      enabeld: true,
    },
  });
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path: { appId, webhookId: "orders" } },
    body: { triggerIds: ["message_sent"] },
  });
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path: { appId, webhookId: "orders" } },
    body: {
      // @ts-expect-error misspelt body key: triggerIds
      triggerId: ["message_sent"],
    },
  });
  await mgmt.POST("/apps", { body: { name: "Shop", region: "eu" } });
  await mgmt.POST("/apps", {
    body: {
      name: "Shop",
      region: "eu",
      // @ts-expect-error misspelt body key: skipSampleData
      skipSampleDta: true,
    },
  });
  await mgmt.GET("/apps", { params: { query: { perPage: 10 } } });
  await mgmt.GET("/apps", {
    params: {
      query: {
        // @ts-expect-error misspelt query key: searchKey
        search: "shop",
      },
    },
  });
}

export async function extensionSettingsNested() {
  const giphy = "/apps/{appId}/extensions/gifs-giphy/v1/settings" as const;
  await mgmt.POST(giphy, { params: { path: { appId } }, body: { settings: { giphyApiKey: "k" } } });
  await mgmt.POST(giphy, {
    params: { path: { appId } },
    body: {
      settings: {
        giphyApiKey: "k",
        // @ts-expect-error a nested key the settings do not have
        giphyLimit: 10,
      },
    },
  });
  await mgmt.POST("/apps/{appId}/extensions", { params: { path: { appId } }, body: { enabled: ["gifs-giphy"] } });
  await mgmt.POST("/apps/{appId}/extensions", {
    params: { path: { appId } },
    body: {
      // @ts-expect-error misspelt body key: enabled
      enable: ["gifs-giphy"],
    },
  });
}

export async function closedMessageData() {
  const thread = { params: { path: { id: "1842" }, header: { onBehalfOf: uid } } };
  await chat.POST("/messages/{id}/thread", {
    ...thread,
    body: { receiver: "cometchat-uid-2", receiverType: "user", data: { text: "hi" } },
  });
  await chat.POST("/messages/{id}/thread", {
    ...thread,
    body: {
      receiver: "cometchat-uid-2",
      receiverType: "user",
      data: {
        // @ts-expect-error misspelt nested key of a message's data: text
        txt: "hi",
      },
    },
  });
  await chat.PUT("/messages/{id}", { params: { path: { id: "1843" } }, body: { data: { text: "edited", metadata: { any: 1 } } } });
  await chat.PUT("/messages/{id}", {
    params: { path: { id: "1843" } },
    body: {
      data: {
        text: "edited",
        // @ts-expect-error the app's own keys go in metadata, not beside text
        priority: "high",
      },
    },
  });
}

export async function initKeys() {
  await chat.GET("/users", { params: { query: { perPage: 10 } }, timeoutMs: 5_000 });
  await chat.GET("/users", {
    // @ts-expect-error misspelt init key: params
    parmas: { query: { perPage: 10 } },
  });
  await chat.PUT("/users/{uid}", { params: { path: { uid } }, body: { name } });
  await chat.PUT("/users/{uid}", {
    params: { path: { uid } },
    // @ts-expect-error misspelt init key: body, on an operation whose body is optional
    bdy: { name },
  });
  await chat.GET("/users", { maxRetries: 1 });
  await chat.GET("/users", {
    // @ts-expect-error misspelt SDK option: maxRetries
    maxRetry: 1,
  });
  await chat.GET("/users", { parseAs: "text" });
  await chat.GET("/users", {
    // @ts-expect-error misspelt openapi-fetch option: parseAs
    parseas: "text",
  });
}

export async function boundAuthOnlyAndPaginate() {
  await chat.as(uid).POST("/groups/{guid}/members", { params: { path: { guid } }, body: { moderators: ["a"] } });
  await chat.as(uid).POST("/groups/{guid}/members", {
    params: { path: { guid } },
    body: {
      // @ts-expect-error misspelt body key on an as(uid) client: moderators
      moderator: ["a"],
    },
  });
  await auth.POST("/users", { body: { uid, name, withAuthToken: true } });
  await auth.POST("/users", {
    body: {
      uid,
      name,
      // @ts-expect-error misspelt body key on the auth-only client: withAuthToken
      withAuthtoken: true,
    },
  });
  for await (const user of paginate(chat, "/users", { perPage: 100 })) void user;
  for await (const user of paginate(chat, "/users", {
    // @ts-expect-error misspelt paginate option: perPage
    perpage: 100,
  }))
    void user;
  for await (const message of paginate(chat, "/messages", { limit: 50 })) void message;
  for await (const message of paginate(chat, "/messages", {
    query: {
      // @ts-expect-error misspelt query key in paginate's options
      hasAttachment: true,
    },
  }))
    void message;
}
