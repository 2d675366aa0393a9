// Type-level contract of the client for authOnly keys: only creating users and auth tokens
// compiles. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type AuthToken, createAuthOnlyClient, paginate, unwrap } from "../../src/index.js";

const auth = createAuthOnlyClient({ appId: "2a1b3c4d", region: "eu", apiKey: "k" });

export async function createsUsersAndAuthTokens() {
  const user = await unwrap(auth.POST("/users", { body: { uid: "cometchat-uid-9", name: "Amara Okafor", withAuthToken: true } }));
  expectTypeOf(user.data.authToken).toEqualTypeOf<string | undefined>();
  const token = await unwrap(
    auth.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-9" } }, body: { force: true } }),
  );
  expectTypeOf(token.data).toEqualTypeOf<AuthToken>();
  await auth.request("post", "/users", { body: { uid: "cometchat-uid-9", name: "Amara Okafor" } });
}

export async function refusesEverythingElse() {
  // @ts-expect-error an authOnly key cannot list users
  await auth.GET("/users");
  // @ts-expect-error an authOnly key cannot delete users
  await auth.DELETE("/users/{uid}", { params: { path: { uid: "cometchat-uid-9" } } });
  // @ts-expect-error an authOnly key cannot create API keys
  await auth.POST("/apikeys", { body: { name: "k", scope: "fullAccess" } });
  // @ts-expect-error an authOnly key cannot send messages
  await auth.POST("/messages", { body: { category: "message" } });
  // @ts-expect-error an authOnly key cannot list auth tokens, even through request()
  await auth.request("get", "/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-9" } } });
  // @ts-expect-error the client has no as(): neither operation reads onBehalfOf
  auth.as("cometchat-uid-9");
  // @ts-expect-error there is no list to page through
  paginate(auth, "/users");
  // @ts-expect-error onBehalfOf is not an option of this client
  createAuthOnlyClient({ appId: "2a1b3c4d", apiKey: "k", onBehalfOf: "cometchat-uid-1" });
}
