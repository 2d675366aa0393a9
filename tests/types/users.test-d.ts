// Type-level contract of the Users operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { CreateUserRequest, createChatClient, Pagination, User, operations } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;

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

  await chat.GET("/users", {
    params: {
      query: {
        // @ts-expect-error perPage is a number
        perPage: "10",
      },
    },
  });
  await chat.GET("/users", {
    params: {
      query: {
        // @ts-expect-error searchIn holds name | uid
        searchIn: ["email"],
      },
    },
  });
  await chat.GET("/users", {
    // @ts-expect-error list-users takes no body
    body: {},
  });
}

export async function createUser() {
  type Body = CreateUserRequest;
  expectTypeOf<Body["withAuthToken"]>().toEqualTypeOf<boolean | undefined>();

  const created = await chat.POST("/users", { body: { uid: "cometchat-uid-9", name: "Amara Okafor", withAuthToken: true } });
  if (created.data) {
    // The token comes only with withAuthToken: true, so the type says it may be absent.
    expectTypeOf(created.data.data.authToken).toEqualTypeOf<string | undefined>();
    expectTypeOf(created.data.data).toMatchTypeOf<User>();
    expectTypeOf(created.data.data.uid).toEqualTypeOf<string>();
  }
  // A plain User never carries a token.
  expectTypeOf<User>().not.toHaveProperty("authToken");

  await chat.POST("/users", {
    // @ts-expect-error name is required
    body: { uid: "cometchat-uid-9" },
  });
  await chat.POST("/users", {
    body: {
      uid: "cometchat-uid-9",
      name: "Amara Okafor",
      // @ts-expect-error withAuthToken is a boolean
      withAuthToken: "yes",
    },
  });
}

export async function reactivateUsers() {
  const reactivated = await chat.PUT("/users", { body: { uidsToActivate: ["cometchat-uid-2"] } });
  if (reactivated.data) expectTypeOf(reactivated.data.data.nonDeactivatedUids).toEqualTypeOf<string[]>();

  await chat.PUT("/users", {
    body: {
      // @ts-expect-error UIDs are strings
      uidsToActivate: [2],
    },
  });
}

export async function deactivateUsers() {
  // DELETE with a body: the UIDs to deactivate.
  const deactivated = await chat.DELETE("/users", { body: { uidsToDeactivate: ["cometchat-uid-2", "cometchat-uid-3"] } });
  if (deactivated.data) expectTypeOf(deactivated.data.data.deactivatedUids).toEqualTypeOf<string[]>();

  await chat.DELETE("/users", {
    // @ts-expect-error the body names uidsToDeactivate
    body: { uids: ["cometchat-uid-2"] },
  });
}

export async function getUser() {
  const user = await chat.GET("/users/{uid}", { params: { path: { uid: "cometchat-uid-7" } } });
  if (user.data) expectTypeOf(user.data.data).toEqualTypeOf<User>();
  // onBehalfOf is optional here.
  await chat.GET("/users/{uid}", { params: { path: { uid: "cometchat-uid-7" }, header: { onBehalfOf: "cometchat-uid-1" } } });

  await chat.GET("/users/{uid}", {
    params: {
      // @ts-expect-error the uid is required
      path: {},
    },
  });
}

export async function updateUser() {
  const user = await chat.PUT("/users/{uid}", {
    params: { path: { uid: "cometchat-uid-7" } },
    body: { name: "Mateo A.", unset: ["link"] },
  });
  if (user.data) expectTypeOf(user.data.data).toEqualTypeOf<User>();

  await chat.PUT("/users/{uid}", {
    params: { path: { uid: "cometchat-uid-7" } },
    body: {
      // @ts-expect-error only avatar, link and metadata can be unset
      unset: ["name"],
    },
  });
}

export async function deleteUser() {
  const deleted = await chat.DELETE("/users/{uid}", { params: { path: { uid: "cometchat-uid-7" } }, body: { permanent: true } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean; message: string }>();
  // The body is optional.
  await chat.DELETE("/users/{uid}", { params: { path: { uid: "cometchat-uid-7" } } });

  await chat.DELETE("/users/{uid}", {
    params: { path: { uid: "cometchat-uid-7" } },
    body: {
      // @ts-expect-error permanent is a boolean
      permanent: "true",
    },
  });
}
