// Type-level contract of every operation: params, body and response, on the unbound client, the
// `as(uid)` client and the management client. Checked by `tsc --noEmit` in `npm test`, never
// executed. tests/harness/coverage.ts fails when an operation of the spec has no call here.
import { expectTypeOf } from "expect-type";
import {
  type createChatClient,
  createManagementClient,
  type App,
  type AuthToken,
  type BoundChatClient,
  type ErrorEnvelope,
  type Message,
  type Pagination,
  type SendMessageRequest,
  type SendThreadMessageRequest,
  type ThreadMessage,
  type User,
  type operations,
} from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
const mgmt = createManagementClient({ key: "k", secret: "s" });
const reply = { receiver: "cometchat-uid-2", receiverType: "user", data: { text: "hi" } } as const;

export function asUser() {
  expectTypeOf(chat.as("cometchat-uid-1")).toEqualTypeOf<BoundChatClient>();
  // A bound client can switch user; the result is bound too.
  expectTypeOf(chat.as("u1").as("u2")).toEqualTypeOf<BoundChatClient>();
  // @ts-expect-error the uid is a string
  chat.as(42);
}

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

  // @ts-expect-error onBehalfOf is required on the unbound client
  await chat.POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: reply });
  // @ts-expect-error the body is required
  await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } } });
  // @ts-expect-error category is message | custom
  await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: { category: "system" } });
  // @ts-expect-error tags are strings
  await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: { tags: [1] } });
  // @ts-expect-error the path id is a string
  await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: 1 } }, body: reply });
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

  // @ts-expect-error a custom message needs its app-defined type
  await chat.POST("/messages", { body: { category: "custom" } });
  // @ts-expect-error category is required: it tells the two kinds of message apart
  await chat.POST("/messages", { body: { receiver: "u2" } });
  // @ts-expect-error a built-in message type is text | image | file | audio | video
  await chat.POST("/messages", { body: { category: "message", type: "location" } });
}

export async function listUsers() {
  type Query = NonNullable<operations["list-users"]["parameters"]["query"]>;
  expectTypeOf<Query["perPage"]>().toEqualTypeOf<number | undefined>();
  expectTypeOf<Query["searchIn"]>().toEqualTypeOf<("name" | "uid")[] | undefined>();
  expectTypeOf<Query["status"]>().toEqualTypeOf<"available" | "offline" | undefined>();
  expectTypeOf<Query["tags"]>().toEqualTypeOf<string[] | undefined>();
  expectTypeOf<Query["withDeactivated"]>().toEqualTypeOf<boolean | undefined>();

  const users = await chat.GET("/users", { params: { query: { perPage: 10, searchIn: ["name"], tags: ["staff"], withTags: true } } });
  if (users.data) {
    expectTypeOf(users.data.data).toEqualTypeOf<User[]>();
    expectTypeOf(users.data.meta.pagination).toEqualTypeOf<Pagination>();
    expectTypeOf(users.data.meta.pagination.per_page).toEqualTypeOf<number>();
  }
  if (users.error) expectTypeOf(users.error.error.code).toEqualTypeOf<string>();
  await chat.as("u1").GET("/users");

  // @ts-expect-error perPage is a number
  await chat.GET("/users", { params: { query: { perPage: "10" } } });
  // @ts-expect-error searchIn holds name | uid
  await chat.GET("/users", { params: { query: { searchIn: ["email"] } } });
  // @ts-expect-error list-users takes no body
  await chat.GET("/users", { body: {} });
}

export async function createAuthToken() {
  type Op = operations["create-authtoken"];
  expectTypeOf<Op["parameters"]["path"]>().toEqualTypeOf<{ uid: string }>();
  expectTypeOf<NonNullable<Op["requestBody"]>["content"]["application/json"]>().toEqualTypeOf<{ force?: boolean }>();

  // The body is optional.
  const token = await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } } });
  if (token.data) expectTypeOf(token.data.data).toEqualTypeOf<AuthToken>();
  await chat.as("u1").POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } }, body: { force: true } });

  // @ts-expect-error force is a boolean
  await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } }, body: { force: "yes" } });
  // @ts-expect-error the uid is required
  await chat.POST("/users/{uid}/auth_tokens", { params: { path: {} } });
}

export async function listApps() {
  type Query = NonNullable<operations["list-apps"]["parameters"]["query"]>;
  expectTypeOf<Query>().toEqualTypeOf<{ searchKey?: string; perPage?: number; page?: number }>();

  const apps = await mgmt.GET("/apps", { params: { query: { searchKey: "support", perPage: 25, page: 1 } } });
  if (apps.data) {
    expectTypeOf(apps.data.data).toEqualTypeOf<App[]>();
    expectTypeOf(apps.data.meta.pagination).toEqualTypeOf<Pagination>();
  }
  if (apps.data?.data[0]?.apiKeys)
    expectTypeOf(apps.data.data[0].apiKeys).toEqualTypeOf<
      Record<string, { apiKey?: string; name?: string; scope?: "fullAccess" | "authOnly"; createdBy?: string }>
    >();

  // @ts-expect-error page is a number
  await mgmt.GET("/apps", { params: { query: { page: "2" } } });
  // @ts-expect-error list-apps is a Management API operation, not on the chat client
  await chat.GET("/apps");
}
