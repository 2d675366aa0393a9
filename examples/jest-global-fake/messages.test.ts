// A worker file: messages on the shared fake's clock. It alone moves the clock, and resumes it.
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { type ChatClient, unwrap } from "chat-rest-sdk";
import type { RemoteFake } from "chat-rest-sdk/testing";
import { connect } from "./connect";

let fake: RemoteFake;
let chat: ChatClient;
beforeAll(async () => {
  ({ fake, chat } = await connect());
  await fake.seed({
    users: [
      { uid: "buyer", name: "Buyer" },
      { uid: "seller", name: "Seller" },
    ],
  });
});
afterAll(() => fake.clock.resume());

test("a message's sentAt is what the frozen clock says, and moves with advance", async () => {
  await fake.clock.freeze(new Date("2030-01-01T00:00:00Z"));
  const send = (text: string) =>
    unwrap(chat.as("buyer").POST("/messages", { body: { receiver: "seller", receiverType: "user", data: { text } } }));
  expect((await send("Is it still for sale?")).data.sentAt).toBe(1_893_456_000);
  await fake.clock.advance(3_600_000);
  expect((await send("Hello?")).data.sentAt).toBe(1_893_459_600);
});
