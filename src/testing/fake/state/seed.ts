// Internal: fills the fake's model through the same rules as the requests, so a seed cannot
// hold what the service would refuse (a UID with a slash, a member who is not a user, a message
// to an unknown group).
import type { Message } from "../../../types";
import type { FakeGroupSeed } from "../model/groups";
import type { FakeMessageSeed } from "../model/messages";
import type { FakeUserSeed } from "../model/users";
import { COLLECTIONS } from "./collections";
import type { FakeStore, Scope } from "./fake-store";

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
  const messages: Message[] = [];
  // Each collection that can be seeded, in the order of the list: users before the groups they
  // own, groups before their members, members before the messages they send.
  for (const { seed } of COLLECTIONS)
    if (seed)
      for (const item of list<unknown>(data[seed.name], seed.name))
        at(seed.label(item), () => seed.store(store, item, { check, messages }));
  return { messages };
}
