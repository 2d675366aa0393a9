// Type-level contract of the Messages operations: params, body and response, on the unbound
// client and the `as(uid)` client. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type {
  components,
  createChatClient,
  ErrorEnvelope,
  Message,
  SendMessageRequest,
  SendThreadMessageRequest,
  ThreadMessage,
  operations,
} from "../../src/index.js";

type Schemas = components["schemas"];
type CursorMeta = Schemas["CursorMeta"];

declare const chat: ReturnType<typeof createChatClient>;
const reply = { receiver: "cometchat-uid-2", receiverType: "user", data: { text: "hi" } } as const;

export async function sendThreadMessage() {
  type Op = operations["send-thread-message"];
  expectTypeOf<Op["parameters"]["path"]>().toEqualTypeOf<{ id: string }>();
  expectTypeOf<Op["parameters"]["header"]>().toEqualTypeOf<{ onBehalfOf: string }>();
  expectTypeOf<Op["requestBody"]["content"]["application/json"]>().toEqualTypeOf<SendThreadMessageRequest>();
  expectTypeOf<SendThreadMessageRequest["receiverType"]>().toEqualTypeOf<"user" | "group" | undefined>();
  expectTypeOf<SendThreadMessageRequest["type"]>().toEqualTypeOf<"text" | "image" | "file" | "audio" | "video" | undefined>();

  const sent = await chat.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { onBehalfOf: "u1" } }, body: reply });
  if (sent.data) expectTypeOf(sent.data.data).branded.toEqualTypeOf<ThreadMessage>();
  if (sent.error) expectTypeOf(sent.error).toEqualTypeOf<ErrorEnvelope>();

  // The bound client sends the header itself.
  const bound = await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: {} });
  if (bound.data) expectTypeOf(bound.data.data.parentId).toEqualTypeOf<string>();

  await chat.POST("/messages/{id}/thread", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { id: "1" } },
    body: reply,
  });
  await chat.as("u1").POST(
    "/messages/{id}/thread",
    // @ts-expect-error the body is required
    { params: { path: { id: "1" } } },
  );
  await chat.as("u1").POST("/messages/{id}/thread", {
    params: { path: { id: "1" } },
    body: {
      // @ts-expect-error category is message | custom
      category: "system",
    },
  });
  await chat.as("u1").POST("/messages/{id}/thread", {
    params: { path: { id: "1" } },
    body: {
      // @ts-expect-error tags are strings
      tags: [1],
    },
  });
  await chat.as("u1").POST("/messages/{id}/thread", {
    params: {
      path: {
        // @ts-expect-error the path id is a string
        id: 1,
      },
    },
    body: reply,
  });
}

export async function sendMessage() {
  type Op = operations["send-message"];
  expectTypeOf<Op["requestBody"]["content"]["application/json"]>().toEqualTypeOf<SendMessageRequest>();
  expectTypeOf<NonNullable<Op["parameters"]["header"]>>().toEqualTypeOf<{ onBehalfOf?: string | undefined }>();

  // onBehalfOf is optional, on either client.
  const sent = await chat.POST("/messages", {
    body: { category: "message", receiver: "u2", receiverType: "user", type: "text", data: { text: "hi" } },
  });
  if (sent.data) expectTypeOf(sent.data.data).branded.toEqualTypeOf<Message>();
  await chat.POST("/messages", {
    params: { header: { onBehalfOf: "u1" } },
    body: { category: "custom", type: "location", data: { customData: { lat: 1 } } },
  });
  await chat.as("u1").POST("/messages", { body: { category: "message" } });
  // The service's documented form: no category, which means a built-in message.
  await chat.POST("/messages", { body: { receiver: "u2", receiverType: "user", type: "text", data: { text: "hi" } } });

  const body = {} as SendMessageRequest;
  if (body.category === "custom") expectTypeOf(body.type).toEqualTypeOf<string>();
  else expectTypeOf(body.type).toEqualTypeOf<"text" | "image" | "file" | "audio" | "video" | undefined>();

  await chat.POST("/messages", {
    // @ts-expect-error a custom message needs its app-defined type
    body: { category: "custom" },
  });
  await chat.POST("/messages", {
    // @ts-expect-error without category the message is a built-in one, whose type is text | image | file | audio | video
    body: { receiver: "u2", type: "location" },
  });
  await chat.POST("/messages", {
    // @ts-expect-error a built-in message type is text | image | file | audio | video
    body: { category: "message", type: "location" },
  });
}

export async function listAllMessages() {
  const list = await chat.GET("/messages", {
    params: {
      query: {
        limit: 50,
        affix: "append",
        fromTimestamp: 1718400000,
        categories: ["message", "custom"],
        attachmentTypes: ["image", "video"],
      },
    },
  });
  if (list.data) {
    expectTypeOf(list.data.data).branded.toEqualTypeOf<(Message | Schemas["ActionMessage"])[]>();
    expectTypeOf(list.data.meta).toEqualTypeOf<CursorMeta>();
    expectTypeOf(list.data.meta.next).toEqualTypeOf<Schemas["Cursor"] | undefined>();
  }
  await chat.as("u1").GET("/messages", { params: { query: { mentionedUids: ["u2"], hasReactions: true } } });

  await chat.GET("/messages", {
    params: {
      query: {
        // @ts-expect-error attachmentTypes is a list of kinds, not one string
        attachmentTypes: "image",
      },
    },
  });
  await chat.GET("/messages", {
    params: {
      query: {
        // @ts-expect-error affix is append | prepend
        affix: "after",
      },
    },
  });
}

export async function getMessageDetails() {
  const got = await chat.GET("/messages/{id}", { params: { path: { id: "1842" } } });
  if (got.data) expectTypeOf(got.data.data).branded.toEqualTypeOf<Message>();
  await chat.as("u1").GET("/messages/{id}", { params: { path: { id: "1842" } } });
  await chat.GET("/messages/{id}", {
    params: {
      // @ts-expect-error the message id is required
      path: {},
    },
  });
}

export async function updateMessage() {
  const edited = await chat.PUT("/messages/{id}", { params: { path: { id: "1842" } }, body: { data: { text: "Friday?" }, tags: ["x"] } });
  if (edited.data) expectTypeOf(edited.data.data.category).toEqualTypeOf<"action" | "call">();
  await chat.as("u1").PUT("/messages/{id}", { params: { path: { id: "1842" } }, body: {} });
  await chat.PUT("/messages/{id}", {
    params: { path: { id: "1842" } },
    body: {
      // @ts-expect-error tags are strings
      tags: [1],
    },
  });
}

export async function deleteMessage() {
  const deleted = await chat.DELETE("/messages/{id}", { params: { path: { id: "1842" } }, body: { permanent: true } });
  if (deleted.data) expectTypeOf(deleted.data.data).branded.toEqualTypeOf<Schemas["ActionMessage"]>();
  await chat.as("u1").DELETE("/messages/{id}", { params: { path: { id: "1842" } } });
  await chat.DELETE("/messages/{id}", {
    params: { path: { id: "1842" } },
    body: {
      // @ts-expect-error permanent is a boolean
      permanent: "yes",
    },
  });
}

export async function listAllReactions() {
  const list = await chat.GET("/messages/{id}/reactions", { params: { path: { id: "1842" }, query: { limit: 10 } } });
  if (list.data) {
    expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["Reaction"][]>();
    expectTypeOf(list.data.data[0]!.reactedAt).toEqualTypeOf<number>();
  }
  await chat.as("u1").GET("/messages/{id}/reactions", { params: { path: { id: "1842" } } });
  await chat.GET("/messages/{id}/reactions", {
    params: {
      path: { id: "1842" },
      query: {
        // @ts-expect-error reaction lists have no sentAt cursor
        sentAt: 1,
      },
    },
  });
}

export async function getMessageReactions() {
  const list = await chat.GET("/messages/{id}/reactions/{reaction}", { params: { path: { id: "1842", reaction: "👍🏽" } } });
  if (list.data) expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["Reaction"][]>();
  await chat.as("u1").GET("/messages/{id}/reactions/{reaction}", { params: { path: { id: "1842", reaction: "👍" }, query: { limit: 5 } } });
  await chat.GET("/messages/{id}/reactions/{reaction}", {
    params: {
      // @ts-expect-error the reaction is required
      path: { id: "1842" },
    },
  });
}

export async function addMessageReactions() {
  const added = await chat.POST("/messages/{id}/reactions/{reaction}", {
    params: { path: { id: "1842", reaction: "👨‍👩‍👧" }, header: { onBehalfOf: "u1" } },
  });
  if (added.data) expectTypeOf(added.data.data.data.reactions).toEqualTypeOf<Schemas["ReactionCount"][] | undefined>();
  // The bound client sends the required header itself.
  await chat.as("u1").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: "1842", reaction: "👍" } } });
  await chat.POST("/messages/{id}/reactions/{reaction}", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { id: "1842", reaction: "👍" } },
  });
}

export async function removeMessageReactions() {
  const removed = await chat.DELETE("/messages/{id}/reactions/{reaction}", {
    params: { path: { id: "1842", reaction: "👍" }, header: { onBehalfOf: "u1" } },
  });
  if (removed.data) expectTypeOf(removed.data.data).branded.toEqualTypeOf<Message>();
  await chat.as("u1").DELETE("/messages/{id}/reactions/{reaction}", { params: { path: { id: "1842", reaction: "👍" } } });
  await chat.DELETE("/messages/{id}/reactions/{reaction}", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { id: "1842", reaction: "👍" } },
  });
}

export async function listAllThreadMessages() {
  const replies = await chat.GET("/messages/{id}/thread", { params: { path: { id: "1842" }, query: { limit: 20, affix: "append" } } });
  if (replies.data) {
    expectTypeOf(replies.data.data).branded.toEqualTypeOf<ThreadMessage[]>();
    expectTypeOf(replies.data.meta).toEqualTypeOf<CursorMeta>();
  }
  await chat.as("u1").GET("/messages/{id}/thread", { params: { path: { id: "1842" } } });
  await chat.GET("/messages/{id}/thread", {
    params: {
      path: { id: "1842" },
      query: {
        // @ts-expect-error the thread list pages by cursor, not by page number
        page: 2,
      },
    },
  });
}

export async function userListUserMessages() {
  const list = await chat.GET("/users/{uid}/messages", {
    params: { path: { uid: "u2" }, header: { onBehalfOf: "u1" }, query: { limit: 20, types: ["text"], tags: ["a"] } },
  });
  if (list.data) expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["ListedMessage"][]>();
  await chat.as("u1").GET("/users/{uid}/messages", { params: { path: { uid: "u2" }, query: { unread: true, count: true } } });
  await chat.GET("/users/{uid}/messages", {
    params: {
      path: { uid: "u2" },
      query: {
        // @ts-expect-error categories are message | action | call | custom
        categories: ["system"],
      },
    },
  });
}

export async function userListGroupMessages() {
  const list = await chat.GET("/groups/{guid}/messages", { params: { path: { guid: "design-team" } } });
  if (list.data) expectTypeOf(list.data.meta.current).toEqualTypeOf<Schemas["CursorSlice"]>();
  await chat.as("u1").GET("/groups/{guid}/messages", { params: { path: { guid: "design-team" }, query: { myMentionsOnly: true } } });
  await chat.GET("/groups/{guid}/messages", {
    params: {
      // @ts-expect-error the path names a group by guid, not uid
      path: { uid: "design-team" },
    },
  });
}

export async function sendBotMessage() {
  type Op = operations["send-bot-message"];
  expectTypeOf<Op["requestBody"]["content"]["application/json"]>().toEqualTypeOf<SendMessageRequest>();
  // A bot is the sender itself: the operation takes no onBehalfOf.
  expectTypeOf<Op["parameters"]["header"]>().toEqualTypeOf<undefined>();
  const sent = await chat.POST("/bots/{uid}/messages", {
    params: { path: { uid: "order-bot" } },
    body: { receiver: "u2", receiverType: "user", data: { text: "Shipped." } },
  });
  if (sent.data) expectTypeOf(sent.data.data).branded.toEqualTypeOf<Message>();
  await chat.POST("/bots/{uid}/messages", {
    params: { path: { uid: "order-bot" } },
    body: { category: "custom", type: "order-card", data: { customData: { id: 1 } } },
  });
  await chat.POST("/bots/{uid}/messages", {
    params: { path: { uid: "order-bot" } },
    // @ts-expect-error a custom message needs its app-defined type
    body: { category: "custom" },
  });
}

export async function flagAMessage() {
  const flagged = await chat.POST("/messages/{id}/flagged", {
    params: { path: { id: "1842" }, header: { onBehalfOf: "u1" } },
    body: { reasonId: "spam", remark: "again" },
  });
  if (flagged.data) expectTypeOf(flagged.data.data).toEqualTypeOf<Schemas["ActionResult"]>();
  await chat.as("u1").POST("/messages/{id}/flagged", { params: { path: { id: "1842" } }, body: { reasonId: "spam" } });
  await chat.POST("/messages/{id}/flagged", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: { path: { id: "1842" } },
    body: { reasonId: "spam" },
  });
  await chat.as("u1").POST("/messages/{id}/flagged", {
    params: { path: { id: "1842" } },
    // @ts-expect-error a report names its reason
    body: { remark: "no reason" },
  });
}

export async function partiesByKind() {
  const { data } = await chat.GET("/messages/{id}", { params: { path: { id: "1843" }, header: { onBehalfOf: "cometchat-uid-3" } } });
  const party = data?.data.data.entities?.for;
  if (party?.entityType === "group") expectTypeOf(party.entity.membersCount).toEqualTypeOf<number | undefined>();
  if (party?.entityType === "user") expectTypeOf(party.entity.uid).toEqualTypeOf<string | undefined>();
  if (party?.entityType === "message") expectTypeOf(party.entity.id).toEqualTypeOf<string>();
  if (party?.entityType === "call") expectTypeOf(party.entity.sessionid).toEqualTypeOf<string | undefined>();
  if (party) {
    // @ts-expect-error a group's fields only after narrowing on entityType
    void party.entity.membersCount;
  }
}

// The marks the service sets on a message read back: an edit, a deletion, a thread. Each is optional,
// as a message carries it only once it applies.
export function messageMarks(message: Message) {
  expectTypeOf(message.editedAt).toEqualTypeOf<number | undefined>();
  expectTypeOf(message.editedBy).toEqualTypeOf<string | undefined>();
  expectTypeOf(message.deletedAt).toEqualTypeOf<number | undefined>();
  expectTypeOf(message.deletedBy).toEqualTypeOf<string | undefined>();
  expectTypeOf(message.parentId).toEqualTypeOf<string | undefined>();
  expectTypeOf(message.replyCount).toEqualTypeOf<number | undefined>();
  // @ts-expect-error the service sends no `editedOn`
  return message.editedOn;
}
