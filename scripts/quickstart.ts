// `npm start`: send a threaded reply as a user and print it. Against a local mock of the spec by
// default; against the real service when CHAT_APP_ID and CHAT_API_KEY are set.
import { createChatClient, isChatError, type Region } from "../src/index.js";
import { startMockServer } from "../src/testing/index.js";

type Env = Record<string, string | undefined>;

/** Where the quick start prints: `print` for results, `printError` for the one line that says why it stopped. */
export interface QuickstartIo {
  fetch?: (request: Request) => Promise<Response>;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

/** Why the environment names neither a complete app nor the mock, or `undefined` when it is usable. */
export function credentialProblem(env: Env): string | undefined {
  if (Boolean(env.CHAT_APP_ID) === Boolean(env.CHAT_API_KEY)) return undefined;
  const [set, unset] = env.CHAT_APP_ID ? ["CHAT_APP_ID", "CHAT_API_KEY"] : ["CHAT_API_KEY", "CHAT_APP_ID"];
  return `${set} is set but ${unset} is not: set both to talk to your app, or neither to use a local mock.`;
}

/** Runs the quick start; `fetch` and the printers are injectable so tests can watch it. */
export async function runQuickstart(env: Env, io: QuickstartIo = {}): Promise<boolean> {
  const print = io.print ?? ((line: string) => console.log(line));
  const printError = io.printError ?? ((line: string) => console.error(line));
  const problem = credentialProblem(env);
  if (problem) {
    printError(problem);
    return false;
  }
  const live = Boolean(env.CHAT_APP_ID);
  // Prism starts in seconds; the longer limit is for a machine busy with other work.
  const mock = live ? undefined : await startMockServer({ startTimeoutMs: 120_000 });
  try {
    const chat = createChatClient({
      appId: env.CHAT_APP_ID ?? "quickstart",
      region: (env.CHAT_REGION ?? "us") as Region,
      apiKey: env.CHAT_API_KEY ?? "2c9f4e1a7b3d5f80c6e2a4b9d1f7c3e5a8b0d2f4",
      baseUrl: mock?.url,
      fetch: io.fetch,
    });
    print(live ? `Talking to app ${env.CHAT_APP_ID} (${env.CHAT_REGION ?? "us"}).` : `Mock listening at ${mock!.url}.`);
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
  } catch (error) {
    // The SDK's own errors (a bad region or app id, a refused connection) explain themselves in
    // one line; a stack trace would only bury that line.
    if (!isChatError(error)) throw error;
    printError(`${error.name}: ${error.message}`);
    return false;
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
