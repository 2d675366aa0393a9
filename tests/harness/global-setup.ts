import { startMockServer } from "../../src/testing/start-mock-server";
import { MOCK_SPEC_FILE, specWithFixture, writeSpec } from "./fixture-spec";
import { PRISM_START_MS } from "./prism-start";
import { loadSpec } from "./spec";

// One Prism for the whole run: starting it costs seconds, a request costs milliseconds. It serves
// the real spec and, under /fixture-NNN paths of their own, the operations of fixture-spec.ts, so
// the contract tests of both need no second Prism. Tests read its URL from CHAT_MOCK_URL.
export default async function globalSetup(): Promise<void> {
  writeSpec(specWithFixture(loadSpec()), MOCK_SPEC_FILE);
  // Prism starts in seconds; the long limit is for a machine busy with other work.
  const mock = await startMockServer({ spec: MOCK_SPEC_FILE, startTimeoutMs: PRISM_START_MS });
  process.env.CHAT_MOCK_URL = mock.url;
  (globalThis as { __chatMock?: typeof mock }).__chatMock = mock;
}
