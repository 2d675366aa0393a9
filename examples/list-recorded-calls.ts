// List the app's ended video calls that were recorded, with the Calls API client: the same app
// id, region and API key as the Chat API, sent to the app's Calls host.
import { createCallsClient } from "chat-rest-sdk";
import { exampleTarget } from "./target.js";

async function main(): Promise<void> {
  const target = await exampleTarget();
  try {
    const calls = createCallsClient(target.chat);
    const { data, error, response } = await calls.GET("/calls", {
      params: { query: { type: "video", status: "ended", hasRecording: true } },
    });
    if (error) {
      console.error(`Listing calls failed (${response.status}): ${error.error.code}: ${error.error.message}`);
      process.exitCode = 1;
      return;
    }
    for (const call of data.data) console.log(`${call.sessionId}\t${call.totalDuration ?? "?"}\t${call.participants?.length ?? 0} invited`);
    console.log(`${data.data.length} recorded call(s).`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
