// Type-level contract of the Users operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { createChatClient, Pagination, User, operations } from "../../src/index.js";

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
