// Internal: fills the fake's model through the same rules as the requests, so a seed cannot
// hold what the service would refuse (a UID with a slash, a member who is not a user, a message
// to an unknown group).
import type { Message } from "../../../types";
import { badField } from "../pipeline/fake-error";
import type { FakeStore, Scope } from "./fake-store";
import { addMembers, createGroup, type FakeGroupSeed, requireGroup } from "../model/groups";
import { type FakeMessageSeed, sendMessage } from "../model/messages";
import { pick } from "../model/pick";
import { createUser, type FakeUserSeed } from "../model/users";

/** A member of {@link FakeSeed}: a user in a group, with a scope. */
export interface FakeMemberSeed {
  guid: string;
  uid: string;
  /** @default "participant" */
  scope?: Scope;
}

/** What {@link FakeServer.seed} stores, in this order: users, groups, members, messages. */
export interface FakeSeed {
  users?: FakeUserSeed[];
  groups?: FakeGroupSeed[];
  members?: FakeMemberSeed[];
  messages?: FakeMessageSeed[];
}

/** What a seed created: the messages, in the order given, with the ids the fake gave them. */
export interface Seeded {
  messages: Message[];
}

/** The fields of a message seed that are fields of `send-message`'s body. */
const MESSAGE_FIELDS = ["receiver", "receiverType", "category", "type", "data", "tags", "muid"] as const;

const LISTS = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

/**
 * Checks one item as the API checks the request that would store it (`create-user`,
 * `create-group`, `add-group-members`, `send-message`): throws the 400 the API would answer.
 */
export type SeedCheck = (
  operationId: string,
  request: { path?: Record<string, string>; body: unknown; onBehalfOf?: string | undefined },
) => void;

const list = <T>(value: T[] | undefined, name: string): T[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`seed: ${name} must be an array.`);
  return value;
};

/** `name` of an item, for the error's message, whatever the item is. */
const named = (item: unknown, name: string): string => String((item as Record<string, unknown> | null)?.[name]);

/**
 * Stores `data` with the rules of the requests it stands for, each item checked first as the API
 * checks the request's fields (a UID's characters and length, a name's length, ...). Throws,
 * naming the item, on the first one the service would refuse. Run it in a transaction
 * (`store.transaction`), so that a seed that throws stores nothing.
 */
export function seedStore(store: FakeStore, data: FakeSeed, check: SeedCheck): Seeded {
  if (!data || typeof data !== "object") throw new TypeError("seed: data must be an object of users, groups, members and messages.");
  const at = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw new Error(`seed: ${what}: ${(error as Error).message}`);
    }
  };
  for (const user of list(data.users, "users"))
    at(`user ${named(user, "uid")}`, () => {
      const { status, ...body } = user;
      check("create-user", { body });
      if (status !== undefined && status !== "available" && status !== "offline")
        throw badField("status", `must be "available" or "offline", got ${JSON.stringify(status)}`);
      createUser(store, user);
    });
  for (const group of list(data.groups, "groups"))
    at(`group ${named(group, "guid")}`, () => {
      check("create-group", { body: group });
      createGroup(store, group);
    });
  for (const member of list(data.members, "members"))
    at(`member ${named(member, "uid")} of ${named(member, "guid")}`, () => {
      const scope = LISTS[member.scope ?? "participant"];
      if (!scope) throw badField("scope", `must be "admin", "moderator" or "participant", got ${JSON.stringify(member.scope)}`);
      const lists = { [scope]: [member.uid] };
      check("add-group-members", { path: { guid: member.guid }, body: lists });
      const outcome = addMembers(store, requireGroup(store, member.guid), lists);
      const failed = Object.values(Object.values(outcome)[0] ?? {})[0];
      if (failed && !failed.success) throw new Error(failed.error.message);
    });
  const messages: Message[] = [];
  for (const message of list(data.messages, "messages"))
    at(`message to ${named(message, "receiver")}`, () => {
      // The body of the request that would send it: the seed's `text` is the body's `data.text`.
      const body: Record<string, unknown> = pick(message, MESSAGE_FIELDS);
      body.type ??= "text";
      if (message.text !== undefined) body.data = { ...message.data, text: message.text };
      check("send-message", { body, onBehalfOf: message.sender });
      const { sentAt } = message;
      if (sentAt !== undefined && !(Number.isInteger(sentAt) && sentAt >= 0))
        throw badField("sentAt", `must be Unix seconds, a non-negative integer, got ${String(sentAt)}`);
      messages.push(structuredClone(sendMessage(store, message)) as Message);
    });
  return { messages };
}
