// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { FakeStore } from "./fake-store";
import { groupView } from "../model/groups";
import type { FakeState } from "../server-types";
import { userView } from "../model/users";

/** The model's read-only copies behind `FakeServer.state`: made anew at each read, so a test cannot change the model through them. */
export function copyState(store: FakeStore): FakeState {
  const lists = <V>(map: Map<string, Iterable<V>>) => new Map([...map].map(([key, values]) => [key, [...values]]));
  return {
    users: new Map([...store.users].filter(([, stored]) => stored.deletedAt === undefined).map(([uid, stored]) => [uid, userView(stored)])),
    groups: new Map([...store.groups].map(([guid, group]) => [guid, groupView(store, group)])),
    members: new Map([...store.members].map(([guid, members]) => [guid, new Map([...members].map(([uid, m]) => [uid, { ...m }]))])),
    bannedUsers: new Map([...store.bans].map(([guid, bans]) => [guid, [...bans.keys()]])),
    messages: new Map([...store.messages].map(([id, message]) => [id, structuredClone(message)])),
    authTokens: new Map([...store.authTokens].map(([uid, tokens]) => [uid, [...tokens.values()].map((token) => ({ ...token }))])),
    friends: lists(store.friends),
    blockedUsers: new Map([...store.blocks].map(([uid, blocks]) => [uid, [...blocks.keys()]])),
    size: store.size(),
  };
}
