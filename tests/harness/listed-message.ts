/** The n-th message of a user conversation between u1 and u2, as a message list answers it. */
export const listedMessage = (n: number) => ({
  id: String(n),
  conversationId: "u1_user_u2",
  sender: "u1",
  receiverType: "user",
  receiver: "u2",
  category: "message",
  type: "text",
  data: { text: `message ${n}` },
  sentAt: 1_718_400_000 + n,
  updatedAt: 1_718_400_000 + n,
});
