// Reply in a message's thread as a user: the reply's sender is the user named by onBehalfOf.
import { createChatClient } from "chat-rest-sdk";
import { exampleTarget } from "./target.js";

async function main(): Promise<void> {
  const target = await exampleTarget();
  try {
    const chat = createChatClient(target.chat);
    // as(uid) sends `onBehalfOf: uid` on every request; this operation does not compile without it.
    const { data, error, response } = await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", {
      params: { path: { id: "1842" } },
      body: { receiver: "cometchat-uid-2", receiverType: "user", type: "text", data: { text: "On it." } },
    });
    if (error) {
      // Non-2xx answers do not throw: they arrive here, typed from the service's error envelope.
      console.error(`Reply failed (${response.status}): ${error.error.code}: ${error.error.message}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Replied with message ${data.data.id} in the thread of ${data.data.parentId}.`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
