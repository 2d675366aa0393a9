import { type BoundChatClient, type ChatClient, type Group, type Message, paginate, type User } from "chat-rest-sdk";
import { checkClient } from "./check-input.js";
import { type ExportOptions, exportLines, exportSettings, type Positioned } from "./export-job.js";
import type { WantedMembers } from "./sync-group-members.js";

/** A group as `exportGroups` writes it: the group, and its members by scope (what `importGroups` reads back). */
export type ExportedGroup = Group & { members?: WantedMembers };

/**
 * The items of a page-numbered list from a page and an offset in it, each with where to go on
 * after it. Pages are full but the last, so the position of the n-th item follows from n.
 */
async function* pagedFrom<T>(
  pages: (startPage: number) => AsyncIterable<T>,
  perPage: number,
  from: Record<string, string | number> | undefined,
): AsyncIterable<Positioned<T>> {
  const startPage = Number(from?.page ?? 1);
  const skip = Number(from?.offset ?? 0);
  let n = 0;
  for await (const item of pages(startPage)) {
    const at = n++;
    if (at < skip) continue;
    const after = at + 1;
    const page = startPage + Math.floor(after / perPage);
    yield { item, position: { page, offset: after % perPage }, pageEnd: after % perPage === 0 };
  }
}

/**
 * The app's users as NDJSON lines (`GET /users`, deactivated users included, with their tags), one
 * user a line, as a job that resumes: with `onCheckpoint` it hands over where it stands, and
 * `resumeFrom` goes on from there in another process. Reads are paced by the client's
 * `rateLimits`. A list that changes meanwhile (users created or deleted) may shift a page: the
 * export reads a snapshot of nothing, so run it when the app is quiet for an exact copy.
 *
 * @example
 * const onProgress = ({ done, rate }: JobProgress) => console.error(`${done} users, ${rate}/s`);
 * for await (const line of exportUsers(chat, { onProgress })) process.stdout.write(line);
 */
export function exportUsers(chat: ChatClient, options?: ExportOptions): AsyncGenerator<string, void, undefined> {
  checkClient("exportUsers: chat", chat);
  const settings = exportSettings("exportUsers:", "exportUsers", options);
  const query = { withTags: true, withDeactivated: true } as const;
  const pages = (startPage: number) => paginate(chat, "/users", { query, perPage: settings.pageSize, startPage });
  return exportLines<User>("exportUsers", settings, pagedFrom(pages, settings.pageSize, settings.resumeFrom?.position));
}

/**
 * The app's groups as NDJSON lines (`GET /groups`, with their tags), each with its members by
 * scope (`GET /groups/{guid}/members`): the records `importGroups` takes. A job that resumes, as
 * `exportUsers`.
 *
 * @example
 * const lines: string[] = [];
 * for await (const line of exportGroups(chat)) lines.push(line);
 * console.log(lines.length, "groups");
 */
export function exportGroups(chat: ChatClient, options?: ExportOptions): AsyncGenerator<string, void, undefined> {
  checkClient("exportGroups: chat", chat);
  const settings = exportSettings("exportGroups:", "exportGroups", options);
  const pages = async function* (startPage: number): AsyncIterable<ExportedGroup> {
    for await (const group of paginate(chat, "/groups", { query: { withTags: true }, perPage: settings.pageSize, startPage })) {
      const members: Record<string, string[]> = { admins: [], moderators: [], participants: [] };
      const path = { guid: group.guid };
      for await (const member of paginate(chat, "/groups/{guid}/members", { params: { path }, perPage: 1000 }))
        members[`${member.scope}s`]?.push(member.uid);
      yield { ...group, members };
    }
  };
  return exportLines<ExportedGroup>("exportGroups", settings, pagedFrom(pages, settings.pageSize, settings.resumeFrom?.position));
}

/**
 * A conversation's messages as NDJSON lines, oldest first (`GET /messages?conversationId=...`:
 * `group_<guid>` for a group, the two UIDs around `_user_` for two users), as a job that resumes
 * after the last message handled (the checkpoint keeps its `id` and `sentAt`). A client bound
 * with `as(uid)` reads as that user.
 *
 * @example
 * for await (const line of exportMessages(chat, "group_order-1042")) process.stdout.write(line);
 */
export function exportMessages(
  client: ChatClient | BoundChatClient,
  conversationId: string,
  options?: ExportOptions,
): AsyncGenerator<string, void, undefined> {
  checkClient("exportMessages: client", client);
  const settings = exportSettings("exportMessages:", "exportMessages", options);
  if (typeof conversationId !== "string" || conversationId === "")
    throw new TypeError("exportMessages: conversationId must name a conversation, e.g. group_<guid>.");
  const from = settings.resumeFrom?.position;
  const chat = client as ChatClient;
  const items = async function* (): AsyncIterable<Positioned<Message | { id: string; sentAt: number }>> {
    const query = { conversationId, ...(from ? { id: String(from.id), sentAt: Number(from.sentAt) } : {}) };
    let n = 0;
    for await (const message of paginate(chat, "/messages", { query, limit: settings.pageSize })) {
      yield { item: message, position: { id: message.id, sentAt: message.sentAt }, pageEnd: ++n % settings.pageSize === 0 };
    }
  };
  return exportLines("exportMessages", settings, items());
}
