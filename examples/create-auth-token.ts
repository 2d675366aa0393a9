// Create an auth token for a user on your server, and hand it to that user's client app, which
// logs in with it. The REST API key itself never reaches the client.
import { createChatClient } from "chat-rest-sdk";
import { exampleTarget } from "./target.js";

async function main(): Promise<void> {
  const target = await exampleTarget();
  try {
    const chat = createChatClient(target.chat);
    const { data, error, response } = await chat.POST("/users/{uid}/auth_tokens", {
      params: { path: { uid: "cometchat-uid-1" } },
      // force: a new token even if the user already has one.
      body: { force: true },
    });
    if (error) {
      console.error(`Token not created (${response.status}): ${error.error.code}: ${error.error.message}`);
      process.exitCode = 1;
      return;
    }
    const { uid, authToken } = data.data;
    // In an app this goes back to the logged-in user's client, e.g. in your login response.
    console.log(`Auth token for ${uid}: ${authToken.slice(0, 12)}… (pass it to the client SDK's login)`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
