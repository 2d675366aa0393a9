// Type-level contract of chat-rest-sdk/helpers: their inputs are the spec's request bodies, their
// results are the spec's resources. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import {
  ensureGroup,
  ensureUser,
  type HelperFailure,
  importUsers,
  issueAuthToken,
  syncGroupMembers,
  type UserInput,
} from "../../src/helpers/index.js";
import { type CreateUserRequest, createChatClient, type Group, type User } from "../../src/index.js";

const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "k" });

export async function ensureUserTypes() {
  const ensured = await ensureUser(chat, { uid: "buyer-1", name: "Ada", metadata: { plan: "pro" }, tags: ["vip"] });
  expectTypeOf(ensured.user).toEqualTypeOf<User>();
  expectTypeOf(ensured.created).toEqualTypeOf<boolean>();
  expectTypeOf<UserInput>().toEqualTypeOf<Omit<CreateUserRequest, "withAuthToken">>();
  // @ts-expect-error a user needs a name, as the body of POST /users
  await ensureUser(chat, { uid: "buyer-1" });
  // @ts-expect-error withAuthToken belongs to issueAuthToken
  await ensureUser(chat, { uid: "buyer-1", name: "Ada", withAuthToken: true });
  // @ts-expect-error onExists is "keep" or "update"
  await ensureUser(chat, { uid: "buyer-1", name: "Ada" }, { onExists: "replace" });
}

export async function issueAuthTokenTypes() {
  const login = await issueAuthToken(chat, { uid: "buyer-1", name: "Ada" }, { force: true });
  // @ts-expect-error a deactivated user gets no token, so the token may be missing until that is checked
  login.authToken.length;
  if (!login.deactivated) expectTypeOf(login.authToken).toEqualTypeOf<string>();
  else expectTypeOf(login.authToken).toEqualTypeOf<undefined>();
}

export async function ensureGroupTypes() {
  const { group } = await ensureGroup(chat, { guid: "order-1", name: "Order 1", type: "private" });
  expectTypeOf(group).toEqualTypeOf<Group>();
  // @ts-expect-error a group type is public, private or password
  await ensureGroup(chat, { guid: "order-1", name: "Order 1", type: "secret" });
  // @ts-expect-error members are made to match by syncGroupMembers
  await ensureGroup(chat, { guid: "order-1", name: "Order 1", members: { participants: ["a"] } });
}

export async function syncGroupMembersTypes() {
  const lists = { admins: ["seller-7"], participants: ["buyer-1"] } as const;
  const result = await syncGroupMembers(chat, "order-1", lists, { removeOthers: true });
  expectTypeOf(result.added[0]!.scope).toEqualTypeOf<"admin" | "moderator" | "participant">();
  expectTypeOf(result.failed).toEqualTypeOf<HelperFailure[]>();
  // @ts-expect-error bans are not part of a sync
  await syncGroupMembers(chat, "order-1", { usersToBan: ["x"] });
}

export async function importUsersTypes() {
  async function* stream() {
    yield { uid: "c-1", name: "One" };
  }
  const result = await importUsers(chat, stream(), { onProgress: (progress) => expectTypeOf(progress.done).toEqualTypeOf<number>() });
  expectTypeOf(result.failed[0]!.index).toEqualTypeOf<number>();
  await importUsers(chat, new Set<UserInput>());
  // @ts-expect-error a record is the body of POST /users
  await importUsers(chat, [{ uid: "c-1" }]);
}
