// `npm start`: send a threaded reply as a user and print it. Against a local mock of the spec by
// default; against the real service when CHAT_APP_ID and CHAT_API_KEY are set.
import { createChatClient, type Region } from "../src/index.js";
import { startMockServer } from "../src/testing/index.js";

type Env = Record<string, string | undefined>;

/** Runs the quick start; `fetch` and `print` are injectable so tests can watch it. */
export async function runQuickstart(
  env: Env,
  io: { fetch?: (request: Request) => Promise<Response>; print?: (line: string) => void } = {},
): Promise<boolean> {
  const print = io.print ?? ((line: string) => console.log(line));
  const live = Boolean(env.CHAT_APP_ID && env.CHAT_API_KEY);
  const mock = live ? undefined : await startMockServer();
  print(live ? `Talking to app ${env.CHAT_APP_ID} (${env.CHAT_REGION ?? "us"}).` : `Mock listening at ${mock!.url}.`);
  try {
    const chat = createChatClient({
      appId: env.CHAT_APP_ID ?? "quickstart",
      region: (env.CHAT_REGION ?? "us") as Region,
      apiKey: env.CHAT_API_KEY ?? "mock-api-key",
      baseUrl: mock?.url,
      fetch: io.fetch,
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
      print(`The service answered ${response.status}: ${JSON.stringify(error)}`);
      return false;
    }
    const reply = data.data;
    print(`Sent reply ${reply.id} to thread ${reply.parentId} as ${reply.sender}: ${JSON.stringify(reply.data.text)}`);
    print(JSON.stringify(reply, null, 2));
    return true;
  } finally {
    await mock?.close();
  }
}

if (require.main === module) {
  runQuickstart(process.env).then(
    (ok) => (process.exitCode = ok ? 0 : 1),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
