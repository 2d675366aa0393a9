// The helpers half of the packed-package program: `chat-rest-sdk/helpers` against the fake, with
// errors that are the core's own classes (the helpers import the core, not a copy of it).
import { ChatConfigError, createChatClient } from "chat-rest-sdk";
import { ensureUser, issueAuthToken, syncGroupMembers } from "chat-rest-sdk/helpers";
import type { FakeServer } from "chat-rest-sdk/testing";

export async function helpers(fake: FakeServer): Promise<string[]> {
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  const logins = await Promise.all([
    issueAuthToken(chat, { uid: "Packed-2", name: "Two" }),
    issueAuthToken(chat, { uid: "packed-2", name: "Two" }),
  ]);
  const created = logins.filter((login) => login.created).length;
  const tokens = new Set(logins.map((login) => login.authToken)).size;
  const owner = await ensureUser(chat, { uid: "packed-owner", name: "Owner" });
  await chat.POST("/groups", { body: { guid: "packed-group", name: "Packed", owner: owner.user.uid } });
  const synced = await syncGroupMembers(chat, "packed-group", { participants: ["packed-2"] });
  const refused = await ensureUser(chat, { uid: "not a uid", name: "Bad" }).catch((error: unknown) => error);
  return [
    `helpers: ${created} created, ${tokens} tokens`,
    `helpers: added ${synced.added.map((member) => member.uid).join(" ")}`,
    `helpers: bad input is a ChatConfigError of the core: ${refused instanceof ChatConfigError}`,
  ];
}
