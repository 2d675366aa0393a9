// Type-level tests of the request layer: checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import {
  createChatClient,
  createManagementClient,
  paginate,
  rateLimit,
  unwrap,
  type App,
  type components,
  type Message,
  type RateLimit,
  type User,
  type ThreadMessage,
} from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
type ActionMessage = components["schemas"]["ActionMessage"];
const mgmt = createManagementClient({ key: "k", secret: "s" });

export async function baseUrlIsAClientOption() {
  await chat.GET("/users", {
    // @ts-expect-error the base URL is set on the client, where it is checked
    baseUrl: "http://attacker.example:8080/steal",
  });
  await chat.as("u1").GET("/users", {
    // @ts-expect-error the base URL is set on the client, where it is checked
    baseUrl: "https://other.example",
  });
  await mgmt.GET("/apps", {
    // @ts-expect-error the base URL is set on the client, where it is checked
    baseUrl: "http://attacker.example",
  });
}

export async function perCallOptions() {
  await chat.GET("/users", { maxRetries: 0, timeoutMs: 1_000, deadlineMs: 5_000 });
  await chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: {}, idempotent: true });

  await chat.GET("/users", { logger: console, userAgent: "nightly-sync/3" });

  await chat.GET("/users", {
    // @ts-expect-error userAgent is a string
    userAgent: 3,
  });

  await chat.GET("/users", {
    // @ts-expect-error maxRetries is a number
    maxRetries: "3",
  });

  await chat.GET("/users", {
    // @ts-expect-error idempotent is a boolean
    idempotent: "yes",
  });

  createChatClient({
    appId: "a",
    apiKey: "k",
    // @ts-expect-error client options are checked too
    timeoutMs: "30s",
  });
}

export async function openapiFetchOptions() {
  class TracedRequest extends Request {}
  createChatClient({
    appId: "a",
    apiKey: "k",
    timeoutMs: 0,
    querySerializer: { array: { style: "form", explode: true } },
    pathSerializer: (path) => path,
    bodySerializer: (body) => JSON.stringify(body),
    Request: TracedRequest,
    requestInitExt: { dispatcher: undefined },
  });
  await chat.GET("/users", { cache: "no-store", keepalive: true, redirect: "manual", parseAs: "text" });

  // @ts-expect-error a client's Request option is a class
  createChatClient({ appId: "a", apiKey: "k", Request: "Request" });
}

export async function unwrapReturnsData() {
  const users = await unwrap(chat.GET("/users"));
  expectTypeOf(users.data).toEqualTypeOf<User[]>();
  const reply = await unwrap(chat.as("u1").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: {} }));
  expectTypeOf(reply.data).branded.toEqualTypeOf<ThreadMessage>();
}

export async function paginateIsTypedFromTheSpec() {
  for await (const user of paginate(chat, "/users", { perPage: 100, query: { status: "available" } })) {
    expectTypeOf(user).toEqualTypeOf<User>();
  }
  for await (const app of paginate(mgmt, "/apps")) expectTypeOf(app).toEqualTypeOf<App>();

  paginate(
    chat,
    // @ts-expect-error a single message is not a list
    "/messages/{id}",
  );

  paginate(chat, "/users", {
    query: {
      // @ts-expect-error page is driven by the iterator, not passed in
      page: 2,
    },
  });

  paginate(chat, "/users", {
    query: {
      // @ts-expect-error status is available | offline
      status: "away",
    },
  });
}

export async function paginateWalksCursorLists() {
  for await (const message of paginate(chat, "/messages", { limit: 100, direction: "backward", query: { fromTimestamp: 1 } })) {
    expectTypeOf(message).branded.toEqualTypeOf<Message | ActionMessage>();
  }
  for await (const reply of paginate(chat, "/messages/{id}/thread", { params: { path: { id: "1842" } } })) {
    expectTypeOf(reply).branded.toEqualTypeOf<ThreadMessage>();
  }
  for await (const reaction of paginate(chat.as("u1"), "/messages/{id}/reactions/{reaction}", {
    params: { path: { id: "1", reaction: "👍" } },
  })) {
    expectTypeOf(reaction.reaction).toEqualTypeOf<string>();
  }
  for await (const message of paginate(chat, "/groups/{guid}/messages", {
    params: { path: { guid: "design-team" }, header: { onBehalfOf: "u1" } },
    query: { categories: ["message"], sentAt: 1718445500 },
  })) {
    expectTypeOf(message.sentAt).toEqualTypeOf<number>();
  }

  paginate(chat, "/messages", {
    // @ts-expect-error direction is forward | backward
    direction: "append",
  });
  paginate(chat, "/messages", {
    query: {
      // @ts-expect-error affix is driven by the iterator (see direction)
      affix: "prepend",
    },
  });
  paginate(chat, "/messages", {
    // @ts-expect-error a cursor list is sized by limit, not perPage
    perPage: 10,
  });
  paginate(chat, "/users", {
    // @ts-expect-error a page-numbered list has no direction
    direction: "forward",
  });
  paginate(chat, "/users/{uid}/messages", {
    // @ts-expect-error the user's uid is required
    params: { path: {} },
  });
}

export function rateLimitType(response: Response) {
  expectTypeOf(rateLimit(response)).toEqualTypeOf<RateLimit | undefined>();
}
