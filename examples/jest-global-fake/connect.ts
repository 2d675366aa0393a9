// What each test file does first: connect to the fake globalSetup started, and build a client for it.
import { createChatClient } from "chat-rest-sdk";
import { connectFake } from "chat-rest-sdk/testing";

export async function connect() {
  const { FAKE_URL, FAKE_CONTROL_TOKEN } = process.env;
  if (!FAKE_URL || !FAKE_CONTROL_TOKEN)
    throw new Error("Run with examples/jest-global-fake/jest.config.ts: its globalSetup starts the fake.");
  const fake = await connectFake(FAKE_URL, FAKE_CONTROL_TOKEN);
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  return { fake, chat };
}
