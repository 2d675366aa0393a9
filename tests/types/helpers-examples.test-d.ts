// The @example of every helper of chat-rest-sdk/helpers, verbatim: `tsc --noEmit` in `npm test` compiles
// them here in strict mode, and tests/unit/helpers/helper-docs.test.ts checks that each JSDoc example is
// one of these. Never executed.
import {
  banUsers,
  deactivateUsers,
  deleteMessages,
  ensureGroup,
  ensureUser,
  exportGroups,
  exportMessages,
  exportUsers,
  importGroups,
  importUsers,
  issueAuthToken,
  kickMembers,
  sendMessageOnce,
  syncGroupMembers,
  unbanUsers,
  type JobProgress,
} from "../../src/helpers/index.js";
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

export async function banUsersExample() {
  const { changed, failed } = await banUsers(chat, "marketplace-lobby", ["spammer-9"]);
  console.log(`${changed.length} banned`, failed);
}

export async function deactivateUsersExample() {
  const { changed, failed } = await deactivateUsers(chat, ["buyer-42", "buyer-43"]);
  console.log(`${changed.length} deactivated`, failed);
}

export async function deleteMessagesExample() {
  const { changed, unchanged, failed } = await deleteMessages(chat.as("seller-7"), ["1842", "1843"]);
  console.log(`${changed.length} deleted, ${unchanged.length} gone already`, failed);
}

export async function exportGroupsExample() {
  const lines: string[] = [];
  for await (const line of exportGroups(chat)) lines.push(line);
  console.log(lines.length, "groups");
}

export async function exportMessagesExample() {
  for await (const line of exportMessages(chat, "group_order-1042")) process.stdout.write(line);
}

export async function exportUsersExample() {
  const onProgress = ({ done, rate }: JobProgress) => console.error(`${done} users, ${rate}/s`);
  for await (const line of exportUsers(chat, { onProgress })) process.stdout.write(line);
}

export async function importGroupsExample() {
  const members = { admins: ["seller-7"], participants: ["buyer-42"] };
  const groups = [{ guid: "order-1042", name: "Order 1042", type: "private" as const, members }];
  const result = await importGroups(chat, groups, { onFailure: (failure) => console.warn(failure.uid, failure.error.message) });
  console.log(`${result.created} created, ${result.existing} existed`);
}

export async function kickMembersExample() {
  const { changed, unchanged, failed } = await kickMembers(chat, "order-1042", ["courier-3", "buyer-42"]);
  console.log(`${changed.length} kicked, ${unchanged.length} were not members`);
  for (const { uid, error } of failed) console.warn(`${uid}: ${error.code} ${error.message}`);
}

export async function sendMessageOnceExample() {
  const body = { receiver: "order-1042", receiverType: "group" as const, type: "text" as const, data: { text: "Your order has shipped" } };
  const { status, message } = await sendMessageOnce(chat.as("seller-7"), body);
  console.log(status, message.id); // "sent" or "alreadySent", and the one stored message
}

export async function unbanUsersExample() {
  const { changed, unchanged } = await unbanUsers(chat, "marketplace-lobby", ["buyer-42"]);
  console.log(`${changed.length} unbanned, ${unchanged.length} were not banned`);
}
