import type { MockServer } from "../../src/testing/start-mock-server";

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __chatMock?: MockServer }).__chatMock?.close();
}
