// The @example of every helper of chat-rest-sdk/helpers, verbatim: `tsc --noEmit` in `npm test` compiles
// them here in strict mode, and tests/unit/helpers/helper-docs.test.ts checks that each JSDoc example is
// one of these. Never executed.
import { ensureGroup, ensureUser, importUsers, issueAuthToken, syncGroupMembers } from "../../src/helpers/index.js";
import type { ChatClient } from "../../src/index.js";

declare const chat: ChatClient;

export async function ensureGroupExample() {
  const { group, created } = await ensureGroup(chat, { guid: "order-1042", name: "Order 1042", type: "private", owner: "seller-7" });
  console.log(created ? `created ${group.guid}` : `${group.guid} was there`);
}

export async function ensureUserExample() {
  const { user, deactivated } = await ensureUser(chat, { uid: "buyer-42", name: "Ada Lovelace" });
  if (deactivated) console.log(`${user.uid} is deactivated`);
  // Keep the profile in step with your own records: only the fields given are changed.
  await ensureUser(chat, { uid: "buyer-42", name: "Ada King", tags: ["vip"] }, { onExists: "update" });
}

export async function importUsersExample() {
  async function* readUsers() {
    for (let n = 1; n <= 3; n++) yield { uid: `customer-${n}`, name: `Customer ${n}` };
  }
  const result = await importUsers(chat, readUsers(), {
    concurrency: 8,
    onProgress: ({ done, failed }) => console.log(`${done} done, ${failed} failed`),
  });
  console.log(`${result.created} created, ${result.existing} existed, ${result.failed.length} failed`);
}

export async function issueAuthTokenExample() {
  const login = await issueAuthToken(chat, { uid: "buyer-42", name: "Ada Lovelace" });
  if (login.deactivated) throw new Error("This account cannot chat.");
  console.log(login.created ? "new chat user" : "returning chat user", login.authToken);
}

export async function syncGroupMembersExample() {
  const wanted = { admins: ["seller-7"], participants: ["buyer-42", "courier-3"] };
  const result = await syncGroupMembers(chat, "order-1042", wanted, { removeOthers: true });
  for (const { uid, error } of result.failed) console.warn(`${uid}: ${error.code} ${error.message}`);
}
