import { startMockServer } from "../../src/testing/start-mock-server";

// One Prism for the whole run: starting it costs seconds, a request costs milliseconds.
export default async function globalSetup(): Promise<void> {
  const mock = await startMockServer();
  process.env.CHAT_MOCK_URL = mock.url;
  (globalThis as { __chatMock?: typeof mock }).__chatMock = mock;
}
