// `npm start`: send a threaded reply as a user and print it. Against a local mock of the spec by
// default; against the real service when CHAT_APP_ID and CHAT_API_KEY are set.
import { createChatClient, type Region } from "../src/index.js";
import { startMockServer } from "../src/testing/index.js";

async function main(): Promise<void> {
  const env = process.env;
  const live = Boolean(env.CHAT_APP_ID && env.CHAT_API_KEY);
  const mock = live ? undefined : await startMockServer();
  console.log(live ? `Talking to app ${env.CHAT_APP_ID} (${env.CHAT_REGION ?? "us"}).` : `Mock listening at ${mock!.url}.`);
  try {
    const chat = createChatClient({
      appId: env.CHAT_APP_ID ?? "quickstart",
      region: (env.CHAT_REGION ?? "us") as Region,
      apiKey: env.CHAT_API_KEY ?? "mock-api-key",
      baseUrl: mock?.url,
    });
    const sender = chat.as(env.CHAT_SENDER_UID ?? "cometchat-uid-1");
    const { data, error, response } = await sender.POST("/messages/{id}/thread", {
      params: { path: { id: env.CHAT_PARENT_ID ?? "1" } },
      body: {
        receiver: env.CHAT_RECEIVER_UID ?? "cometchat-uid-2",
        receiverType: "user",
        category: "message",
        type: "text",
        data: { text: "Replying in the thread." },
      },
    });
    if (error) {
      console.error(`The service answered ${response.status}:`, error);
      process.exitCode = 1;
      return;
    }
    const reply = data.data;
    console.log(`Sent reply ${reply.id} to thread ${reply.parentId} as ${reply.sender}: ${JSON.stringify(reply.data.text)}`);
    console.log(JSON.stringify(reply, null, 2));
  } finally {
    await mock?.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
