// Type-level tests: checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import {
  createChatClient,
  createManagementClient,
  type BoundChatClient,
  type ChatClient,
  type ManagementClient,
  type ThreadMessage,
  type User,
  type App,
  type AuthToken,
} from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
const asUser = chat.as("cometchat-uid-1");
const mgmt = createManagementClient({ key: "k", secret: "s" });
const body = { receiver: "cometchat-uid-2", receiverType: "user", type: "text", data: { text: "hi" } } as const;

export async function sendThreadMessage() {
  await chat.POST("/messages/{id}/thread", {
    // @ts-expect-error onBehalfOf is required by send-thread-message on the unbound client
    params: { path: { id: "1" } },
    body,
  });

  const ok = await chat.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { onBehalfOf: "u1" } }, body });
  // `branded` compares the intersection structurally rather than by its written form.
  if (ok.data) expectTypeOf(ok.data.data).branded.toEqualTypeOf<ThreadMessage>();
  if (ok.data) expectTypeOf(ok.data.data.parentId).toEqualTypeOf<string>();

  // The bound client makes onBehalfOf optional, and still accepts an explicit one.
  await asUser.POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body });
  await asUser.POST("/messages/{id}/thread", { params: { path: { id: "1" }, header: { onBehalfOf: "u2" } }, body });

  await asUser.POST("/messages/{id}/thread", {
    params: { path: { id: "1" } },
    body: {
      // @ts-expect-error receiverType is user | group
      receiverType: "channel",
    },
  });

  await asUser.POST("/messages/{id}/thread", {
    params: {
      // @ts-expect-error the path id is required
      path: {},
    },
    body,
  });
}

export function boundClients() {
  expectTypeOf(chat.as("cometchat-uid-1")).toEqualTypeOf<BoundChatClient>();
  // A bound client can switch user; the result is bound too.
  expectTypeOf(chat.as("u1").as("u2")).toEqualTypeOf<BoundChatClient>();
  // @ts-expect-error the uid is a string
  chat.as(42);
}

export async function derivedClients() {
  // withOptions keeps the client's kind: bound when it names a user, or when its parent is bound.
  expectTypeOf(chat.withOptions({ timeoutMs: 5_000 })).toEqualTypeOf<ChatClient>();
  expectTypeOf(chat.withOptions({ onBehalfOf: "u1" })).toEqualTypeOf<BoundChatClient>();
  expectTypeOf(chat.as("u1").withOptions({ maxRetries: 0 })).toEqualTypeOf<BoundChatClient>();
  expectTypeOf(mgmt.withOptions({ logLevel: "info" })).toEqualTypeOf<ManagementClient>();
  // A derived bound client makes onBehalfOf optional, as as() does.
  await chat.withOptions({ onBehalfOf: "u1" }).POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body });
  // @ts-expect-error a misspelt override does not compile
  chat.withOptions({ timeoutMS: 5_000 });
  // @ts-expect-error the host is the parent's: baseUrl is not an override
  chat.withOptions({ baseUrl: "http://127.0.0.1:4010" });
  // @ts-expect-error a Management client acts as no user
  mgmt.withOptions({ onBehalfOf: "u1" });
  // @ts-expect-error a level is one of debug, info, warn, error, off
  chat.withOptions({ logLevel: "verbose" });
}

export async function paths() {
  // @ts-expect-error an unknown path does not compile
  await chat.GET("/nope");

  // @ts-expect-error a management path is not on the chat client
  await chat.GET("/apps");

  // @ts-expect-error a chat path is not on the management client
  await mgmt.GET("/users");

  const apps = await mgmt.GET("/apps");
  if (apps.data) expectTypeOf(apps.data.data).toEqualTypeOf<App[]>();

  const users = await chat.GET("/users", { params: { query: { perPage: 10, status: "available" } } });
  if (users.data) expectTypeOf(users.data.data).toEqualTypeOf<User[]>();

  await chat.GET("/users", {
    params: {
      query: {
        // @ts-expect-error status is available | offline
        status: "away",
      },
    },
  });

  const token = await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } } });
  if (token.data) expectTypeOf(token.data.data).toEqualTypeOf<AuthToken>();
}

export function options() {
  createChatClient(
    // @ts-expect-error apiKey is required
    { appId: "a" },
  );

  createChatClient({
    appId: "a",
    apiKey: "k",
    // @ts-expect-error region is us | eu | in
    region: "ap",
  });

  // A client built with onBehalfOf is already bound.
  const bound = createChatClient({ appId: "a", apiKey: "k", onBehalfOf: "u1" });
  void bound.POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body });
}
