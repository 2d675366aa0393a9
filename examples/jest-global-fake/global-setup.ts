// Starts the fake once, in Jest's own process, and hands its URL and control token to the test
// files through the environment, which Jest passes on to every worker.
import { startFakeServer } from "chat-rest-sdk/testing";

export default async function globalSetup(): Promise<void> {
  const fake = await startFakeServer();
  process.env.FAKE_URL = fake.url;
  process.env.FAKE_CONTROL_TOKEN = fake.controlToken;
  // globalTeardown runs in this process too: it reads the fake from here to close it.
  (globalThis as { chatFake?: typeof fake }).chatFake = fake;
}
