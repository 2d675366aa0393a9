// Type-level contract of the Messages operations: params, body and response, on the unbound
// client and the `as(uid)` client. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type {
  createChatClient,
  ErrorEnvelope,
  Message,
  SendMessageRequest,
  SendThreadMessageRequest,
  ThreadMessage,
  operations,
} from "../../src/index.js";

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

  await chat.POST("/messages", {
    // @ts-expect-error a custom message needs its app-defined type
    body: { category: "custom" },
  });
  await chat.POST("/messages", {
    // @ts-expect-error category is required: it tells the two kinds of message apart
    body: { receiver: "u2" },
  });
  await chat.POST("/messages", {
    // @ts-expect-error a built-in message type is text | image | file | audio | video
    body: { category: "message", type: "location" },
  });
}
