// A Chat API client on the fake that records every request it sends (method and path) and how
// many were in flight at once, with every answer checked against the spec.
import { createChatClient } from "../../../src/index";
import type { FakeServer } from "../../../src/testing/index";
import { type AnswerChecker, answerChecker } from "../../fake/answer-checker";

export interface RecordingClient {
  chat: ReturnType<typeof createChatClient>;
  /** Every request sent, as `METHOD /path`, in the order sent. */
  requests: string[];
  /** The requests that may change something: all but GET. */
  changing(): string[];
  /** The most requests that were in flight at once. */
  maxInFlight(): number;
  checker: AnswerChecker;
}

export function recordingClient(fake: FakeServer): RecordingClient {
  const checker = answerChecker();
  const requests: string[] = [];
  let inFlight = 0;
  let most = 0;
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: async (input, init) => {
      requests.push(`${input.method} ${new URL(input.url).pathname}`);
      most = Math.max(most, ++inFlight);
      try {
        return await checker.fetch(input, init);
      } finally {
        inFlight--;
      }
    },
  });
  return {
    chat,
    requests,
    changing: () => requests.filter((request) => !request.startsWith("GET ")),
    maxInFlight: () => most,
    checker,
  };
}
