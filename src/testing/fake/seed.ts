// Internal: fills the fake's model through the same rules as the requests, so a seed cannot
// hold what the service would refuse (a member who is not a user, a message to an unknown group).
import type { Message } from "../../types";
import type { FakeStore, Scope } from "./fake-store";
import { addMembers, createGroup, type FakeGroupSeed, requireGroup } from "./groups";
import { type FakeMessageSeed, sendMessage } from "./messages";
import { createUser, type FakeUserSeed } from "./users";

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

const LISTS = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

export function seedStore(store: FakeStore, data: FakeSeed): Seeded {
  const at = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw new Error(`seed: ${what}: ${(error as Error).message}`);
    }
  };
  for (const user of data.users ?? []) at(`user ${user.uid}`, () => createUser(store, user));
  for (const group of data.groups ?? []) at(`group ${group.guid}`, () => createGroup(store, group));
  for (const member of data.members ?? [])
    at(`member ${member.uid} of ${member.guid}`, () => {
      const outcome = addMembers(store, requireGroup(store, member.guid), { [LISTS[member.scope ?? "participant"]]: [member.uid] });
      const failed = Object.values(Object.values(outcome)[0] ?? {})[0];
      if (failed && !failed.success) throw new Error(failed.error.message);
    });
  const messages: Message[] = [];
  for (const message of data.messages ?? [])
    at(`message to ${message.receiver}`, () => messages.push(structuredClone(sendMessage(store, message)) as Message));
  return { messages };
}
