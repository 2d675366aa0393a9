// What the loopback server answers and what the clients send: the spec's own examples, with
// list-users filled to the service's default page size.

export const API_KEY = "bench-api-key-0123456789";
export const UID = "cometchat-uid-3";
export const PAGE_SIZE = 100;
const metadata = { clientVersion: "4.2.1" };
const avatar = (uid: string) => `https://cdn.example.org/avatars/${uid}.png`;

/** The request body of send-thread-message (the spec's `textReply` example). */
export const threadBody = {
  receiver: "cometchat-uid-5",
  receiverType: "user" as const,
  category: "message" as const,
  type: "text" as const,
  data: { text: "Thursday at 10:00 works for me.", metadata },
};

const entity = (uid: string, name: string, status: string, createdAt: number, extra = {}) => ({
  entity: { uid, name, role: "default", avatar: avatar(uid), status, createdAt, ...extra },
  entityType: "user",
});

/** The 200 body of send-thread-message: `{ data: Message & { parentId } }`. */
export const threadReply = {
  data: {
    id: "1843",
    conversationId: "cometchat-uid-3_user_cometchat-uid-5",
    sender: "cometchat-uid-3",
    receiverType: "user",
    receiver: "cometchat-uid-5",
    category: "message",
    type: "text",
    data: {
      ...threadBody.data,
      entities: {
        sender: entity("cometchat-uid-3", "Ines Duarte", "available", 1716800000),
        receiver: entity("cometchat-uid-5", "Priya Raman", "offline", 1716800420, {
          conversationId: "cometchat-uid-3_user_cometchat-uid-5",
        }),
      },
    },
    sentAt: 1718445612,
    updatedAt: 1718445612,
    parentId: "1842",
  },
};

// The two users of the spec's `firstPage` example, alternated with distinct ids.
function user(n: number) {
  const uid = `cometchat-uid-${n}`;
  return n % 2
    ? {
        uid,
        name: `Mateo Alvarez ${n}`,
        avatar: avatar(uid),
        link: `https://example.org/people/${uid}`,
        role: "moderator",
        status: "available",
        metadata: { department: "support" },
        tags: ["staff"],
        createdAt: 1716800000 + n,
        updatedAt: 1717400000 + n,
      }
    : {
        uid,
        name: `Hana Kobayashi ${n}`,
        role: "default",
        status: "offline",
        tags: [],
        createdAt: 1716900000 + n,
        updatedAt: 1716900000 + n,
        blockedByMe: true,
        blockedByMeAt: 1717500000,
        blockedAt: 1717500000,
      };
}

/** The 200 body of list-users: one full page of the default size. */
export const usersPage = {
  data: Array.from({ length: PAGE_SIZE }, (_, i) => user(i + 1)),
  meta: { pagination: { total: 1000, count: PAGE_SIZE, per_page: PAGE_SIZE, current_page: 1, total_pages: 10 } },
};
