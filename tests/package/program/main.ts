// The packed-package program: starts the mock through `chat-rest-sdk/testing`, runs the smoke
// calls against it and prints them, then receives a webhook through `chat-rest-sdk/webhooks`.
// Exits non-zero on any failure.
import { startMockServer } from "chat-rest-sdk/testing";
import { smoke } from "./smoke.js";
import { webhooks } from "./webhooks.js";

async function main(): Promise<void> {
  const mock = await startMockServer();
  try {
    for (const line of await smoke(mock.url)) console.log(line);
    for (const line of await webhooks()) console.log(line);
    console.log("smoke: ok");
  } finally {
    await mock.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
