// The packed-package program: runs the smoke calls against the mock whose URL is its first
// argument (the test starts one through the packed `chat-rest-sdk/testing`) and prints them, receives a webhook through `chat-rest-sdk/webhooks`, then runs a
// short flow against the fake, whose MSW adapter serves through msw or asks for it, the helpers, and a governed client
// against a fake that enforces rate limits. Exits non-zero on any failure.
import { createChatClient } from "chat-rest-sdk";
import { chatFakeHandlers, startFakeServer } from "chat-rest-sdk/testing";
import { helpers } from "./helpers.js";
import { rateLimits } from "./rate-limits.js";
import { smoke } from "./smoke.js";
import { webhooks } from "./webhooks.js";

async function main(): Promise<void> {
  const mockUrl = process.argv[2];
  if (!mockUrl) throw new Error("usage: main <mock url>");
  for (const line of await smoke(mockUrl)) console.log(line);
  for (const line of await webhooks()) console.log(line);
  // The fake keeps what it is sent: a user created is the user read back.
  const fake = await startFakeServer();
  try {
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
    await chat.POST("/users", { body: { uid: "Packed-1", name: "Packed" } });
    const read = await chat.GET("/users/{uid}", { params: { path: { uid: "packed-1" } } });
    if (read.data?.data.name !== "Packed" || fake.state.users.size !== 1) throw new Error(`fake: read back ${JSON.stringify(read.data)}`);
    console.log(`fake: user ${read.data.data.uid} read back`);
    // msw is an optional peer: the README's install lines bring it, and without it the adapter
    // names the command that installs it. The name is a variable so that no setting resolves it.
    const peer = "msw";
    const installed = await import(peer).then(
      () => true,
      () => false,
    );
    const outcome = (() => {
      try {
        return `${chatFakeHandlers(fake).length > 0}`;
      } catch (error) {
        return String(error);
      }
    })();
    if (installed ? outcome !== "true" : !outcome.includes("npm install --save-dev msw@"))
      throw new Error(`fake: chatFakeHandlers with msw ${installed ? "installed" : "absent"}: ${outcome}`);
    console.log(installed ? "fake: chatFakeHandlers serves through msw" : "fake: chatFakeHandlers asks for msw");
    for (const line of await helpers(fake)) console.log(line);
  } finally {
    await fake.close();
  }
  for (const line of await rateLimits()) console.log(line);
  console.log("smoke: ok");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
