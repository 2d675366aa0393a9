// The marketplace's backend, for one tenant app: sign-ins, then an order group per purchase (the
// seller owns it, the buyer and the tenant's moderator are members), the order's messages and a
// reply in its thread; a moderator kicks a buyer who broke the rules. The same code serves every
// tenant: only the client differs (its app, its region, its key).
import { type ChatClient, unwrap } from "chat-rest-sdk";
import { ensureGroup, issueAuthToken, syncGroupMembers } from "chat-rest-sdk/helpers";

/** The people of one tenant's marketplace. */
export interface Cast {
  sellers: string[];
  buyers: string[];
  moderator: string;
}

export function castOf(tenant: string, { sellers = 3, buyers = 8 } = {}): Cast {
  return {
    sellers: Array.from({ length: sellers }, (_, i) => `${tenant}-seller-${i}`),
    buyers: Array.from({ length: buyers }, (_, i) => `${tenant}-buyer-${i}`),
    moderator: `${tenant}-moderator`,
  };
}

/** Each person signs in: a chat user (created on the first sign-in) and a token for the device. */
export async function signIn(chat: ChatClient, cast: Cast): Promise<void> {
  for (const uid of [...cast.sellers, ...cast.buyers, cast.moderator]) await issueAuthToken(chat, { uid, name: uid });
}

/** One purchase: its group, its members, the order's messages and the seller's reply in the buyer's thread. */
export async function purchase(chat: ChatClient, cast: Cast, order: number): Promise<void> {
  const seller = cast.sellers[order % cast.sellers.length]!;
  const buyer = cast.buyers[order % cast.buyers.length]!;
  const guid = `order-${order}`;
  await ensureGroup(chat, { guid, name: `Order ${order}`, type: "private", owner: seller });
  await syncGroupMembers(chat, guid, { moderators: [cast.moderator], participants: [buyer] });
  await unwrap(chat.POST("/messages", { body: { receiver: guid, receiverType: "group", data: { text: `Order ${order} placed` } } }));
  const question = await unwrap(
    chat.as(buyer).POST("/messages", { body: { receiver: guid, receiverType: "group", data: { text: `When does order ${order} ship?` } } }),
  );
  await unwrap(
    chat.as(seller).POST("/messages/{id}/thread", {
      params: { path: { id: question.data.id } },
      body: { receiver: guid, receiverType: "group", data: { text: "Tomorrow" } },
    }),
  );
}

/** The moderator removes a buyer from an order's group. */
export async function kick(chat: ChatClient, cast: Cast, order: number): Promise<void> {
  const buyer = cast.buyers[order % cast.buyers.length]!;
  await unwrap(
    chat.as(cast.moderator).DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: `order-${order}`, uid: buyer } } }),
  );
}
