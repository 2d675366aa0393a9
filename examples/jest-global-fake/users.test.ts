// A worker file: sign-ups against the shared fake, with the answer to a create lost after it was
// applied. The files share one fake, so each keeps to its own UIDs and operations, and none resets it.
import { beforeAll, expect, test } from "@jest/globals";
import { type ChatClient, ChatConnectionError, unwrap } from "chat-rest-sdk";
import { ensureUser } from "chat-rest-sdk/helpers";
import type { RemoteFake } from "chat-rest-sdk/testing";
import { connect } from "./connect";

let fake: RemoteFake;
let chat: ChatClient;
beforeAll(async () => ({ fake, chat } = await connect()));

test("a create whose answer was lost may have been applied: it is not sent again, and the user exists", async () => {
  const lost = await fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", times: 1 });
  const error = await unwrap(chat.POST("/users", { body: { uid: "signup-ada", name: "Ada" } })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect((error as ChatConnectionError).mayHaveReachedService).toBe(true);
  expect(await lost.fired()).toBe(1);
  // Safe to send again: the UID exists, so ensureUser reads the 409 as "exists".
  const again = await ensureUser(chat, { uid: "signup-ada", name: "Ada" });
  expect(again.created).toBe(false);
});

test("a read answered 503 twice is retried by the SDK and succeeds", async () => {
  const busy = await fake.faults.add({ operationId: "get-user", kind: "status", status: 503, times: 2 });
  const { data } = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "signup-ada" } } }));
  expect(data.uid).toBe("signup-ada");
  expect(await busy.fired()).toBe(2);
});
