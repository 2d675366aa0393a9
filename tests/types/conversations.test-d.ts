// Type-level contract of the Conversations operations: the required onBehalfOf on the unbound
// client, its absence on the `as(uid)` client, bodies and responses. Checked by `tsc --noEmit`
// in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type components, type createChatClient, type operations, type Pagination, paginate } from "../../src/index.js";

type Schemas = components["schemas"];
type Conversation = Schemas["Conversation"];
type ActionResult = Schemas["ActionResult"];

declare const chat: ReturnType<typeof createChatClient>;

const uid = "cometchat-uid-2";
const guid = "design-team";
const asUser = { onBehalfOf: "cometchat-uid-1" };

export async function listAllConversations() {
  expectTypeOf<NonNullable<operations["list-all-conversations"]["parameters"]["header"]>>().toEqualTypeOf<{
    onBehalfOf?: string | undefined;
  }>();
  const page = await chat.GET("/conversations", { params: { query: { conversationType: "group", tags: ["pinned"], unread: true } } });
  if (page.data) {
    expectTypeOf(page.data.data).branded.toEqualTypeOf<Conversation[]>();
    expectTypeOf(page.data.meta.pagination).toEqualTypeOf<Pagination>();
  }
  await chat.as("cometchat-uid-1").GET("/conversations", { params: { query: { perPage: 10 } } });

  for await (const conversation of paginate(chat, "/conversations", { perPage: 50, query: { conversationType: "user" } })) {
    expectTypeOf(conversation).branded.toEqualTypeOf<Conversation>();
    expectTypeOf(conversation.conversationType).toEqualTypeOf<"user" | "group">();
    expectTypeOf(conversation.unreadMessageCount).toEqualTypeOf<string | undefined>();
  }

  await chat.GET("/conversations", {
    params: {
      query: {
        // @ts-expect-error conversationType is user | group
        conversationType: "channel",
      },
    },
  });
}

export async function getConversation() {
  const found = await chat.GET("/conversations/{conversationId}", {
    params: { path: { conversationId: "group_design-team" }, header: asUser },
  });
  if (found.data) expectTypeOf(found.data.data).branded.toEqualTypeOf<Conversation>();
  await chat.as("cometchat-uid-1").GET("/conversations/{conversationId}", { params: { path: { conversationId: "group_design-team" } } });

  await chat.GET("/conversations/{conversationId}", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { conversationId: "group_design-team" } },
  });
}

export async function deleteConversation() {
  const deleted = await chat.DELETE("/conversations/{conversationId}", {
    params: { path: { conversationId: "group_design-team" }, header: asUser },
  });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").DELETE("/conversations/{conversationId}", { params: { path: { conversationId: "group_design-team" } } });

  await chat.DELETE("/conversations/{conversationId}", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { conversationId: "group_design-team" } },
  });
}

export async function getUserConversations() {
  const found = await chat.GET("/users/{uid}/conversation", { params: { path: { uid }, header: asUser } });
  if (found.data) {
    expectTypeOf(found.data.data).branded.toEqualTypeOf<Conversation>();
    expectTypeOf(found.data.data.conversationWith).branded.toEqualTypeOf<Schemas["User"] | Schemas["Group"]>();
  }
  await chat.as("cometchat-uid-1").GET("/users/{uid}/conversation", { params: { path: { uid } } });

  await chat.GET("/users/{uid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
  });
}

export async function updateUserConversation() {
  const tagged = await chat.PUT("/users/{uid}/conversation", { params: { path: { uid }, header: asUser }, body: { tags: ["pinned"] } });
  if (tagged.data) expectTypeOf(tagged.data.data.tags).toEqualTypeOf<string[] | undefined>();
  await chat.as("cometchat-uid-1").PUT("/users/{uid}/conversation", { params: { path: { uid } }, body: {} });

  await chat.PUT("/users/{uid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
    body: { tags: ["pinned"] },
  });
  await chat.as("cometchat-uid-1").PUT("/users/{uid}/conversation", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error tags are strings
      tags: [1],
    },
  });
}

export async function resetUserConversation() {
  const reset = await chat.DELETE("/users/{uid}/conversation", {
    params: { path: { uid }, header: asUser },
    body: { deleteMessagesPermanently: true },
  });
  if (reset.data) expectTypeOf(reset.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").DELETE("/users/{uid}/conversation", { params: { path: { uid } } });

  await chat.DELETE("/users/{uid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
  });
  await chat.as("cometchat-uid-1").DELETE("/users/{uid}/conversation", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error deleteMessagesPermanently is a boolean
      deleteMessagesPermanently: "yes",
    },
  });
}

export async function markConversationAsDelivered() {
  expectTypeOf<Schemas["ConversationReceiptRequest"]>().toEqualTypeOf<{ messageId?: number }>();
  const marked = await chat.POST("/users/{uid}/conversation/delivered", {
    params: { path: { uid }, header: asUser },
    body: { messageId: 1843 },
  });
  // The service's examples send `Message` here, where other actions send `message`: neither is promised.
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<{ success: boolean; message?: string; Message?: string }>();
  // Without a body, every message of the conversation is marked.
  await chat.as("cometchat-uid-1").POST("/users/{uid}/conversation/delivered", { params: { path: { uid } } });

  await chat.POST("/users/{uid}/conversation/delivered", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
  });
  await chat.as("cometchat-uid-1").POST("/users/{uid}/conversation/delivered", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error messageId is a number: convert a message's string id with Number(id)
      messageId: "1843",
    },
  });
}

export async function markConversationAsRead() {
  const marked = await chat.POST("/users/{uid}/conversation/read", {
    params: { path: { uid }, header: asUser },
    body: { messageId: 1843 },
  });
  // The service's examples send `Message` here, where other actions send `message`: neither is promised.
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<{ success: boolean; message?: string; Message?: string }>();
  await chat.as("cometchat-uid-1").POST("/users/{uid}/conversation/read", { params: { path: { uid } } });

  await chat.POST("/users/{uid}/conversation/read", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
    body: { messageId: 1843 },
  });
}

export async function markConversationAsUnread() {
  const marked = await chat.DELETE("/users/{uid}/conversation/read", {
    params: { path: { uid }, header: asUser },
    body: { messageId: 1843 },
  });
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").DELETE("/users/{uid}/conversation/read", { params: { path: { uid } }, body: { messageId: 1843 } });

  await chat.DELETE("/users/{uid}/conversation/read", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { uid } },
    body: { messageId: 1843 },
  });
}

export async function getGroupConversations() {
  const found = await chat.GET("/groups/{guid}/conversation", { params: { path: { guid }, header: asUser } });
  if (found.data) expectTypeOf(found.data.data).branded.toEqualTypeOf<Conversation>();
  await chat.as("cometchat-uid-1").GET("/groups/{guid}/conversation", { params: { path: { guid } } });

  await chat.GET("/groups/{guid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
  });
}

export async function updateGroupConversation() {
  const tagged = await chat.PUT("/groups/{guid}/conversation", { params: { path: { guid }, header: asUser }, body: { tags: ["pinned"] } });
  if (tagged.data) expectTypeOf(tagged.data.data).branded.toEqualTypeOf<Conversation>();
  await chat.as("cometchat-uid-1").PUT("/groups/{guid}/conversation", { params: { path: { guid } }, body: { tags: [] } });

  await chat.PUT("/groups/{guid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
    body: { tags: ["pinned"] },
  });
}

export async function resetGroupConversation() {
  const reset = await chat.DELETE("/groups/{guid}/conversation", { params: { path: { guid }, header: asUser } });
  if (reset.data) expectTypeOf(reset.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").DELETE("/groups/{guid}/conversation", { params: { path: { guid } } });

  await chat.DELETE("/groups/{guid}/conversation", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
  });
}

export async function markGroupConversationAsDelivered() {
  const marked = await chat.POST("/groups/{guid}/conversation/delivered", {
    params: { path: { guid }, header: asUser },
    body: { messageId: 1850 },
  });
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").POST("/groups/{guid}/conversation/delivered", { params: { path: { guid } } });

  await chat.POST("/groups/{guid}/conversation/delivered", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
  });
}

export async function markGroupConversationAsRead() {
  const marked = await chat.POST("/groups/{guid}/conversation/read", {
    params: { path: { guid }, header: asUser },
    body: { messageId: 1850 },
  });
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").POST("/groups/{guid}/conversation/read", { params: { path: { guid } } });

  await chat.POST("/groups/{guid}/conversation/read", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
  });
}

export async function markGroupConversationAsUnread() {
  // Required here too, like its five siblings: the service moves the read position of one member.
  expectTypeOf<operations["mark-group-conversation-as-unread"]["parameters"]["header"]>().toEqualTypeOf<{ onBehalfOf: string }>();
  const marked = await chat.DELETE("/groups/{guid}/conversation/read", {
    params: { path: { guid }, header: asUser },
    body: { messageId: 1850 },
  });
  if (marked.data) expectTypeOf(marked.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-1").DELETE("/groups/{guid}/conversation/read", { params: { path: { guid } }, body: { messageId: 1850 } });

  await chat.DELETE("/groups/{guid}/conversation/read", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { guid } },
    body: { messageId: 1850 },
  });
}
