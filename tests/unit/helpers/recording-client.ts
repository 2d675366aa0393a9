// A Chat API client on the fake that records every request it sends (method and path) and how
// many were in flight at once, with every answer checked against the spec.
import { createChatClient } from "../../../src/index";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";
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

/**
 * Registers a helper test file's hooks: one fake for the file, reset before each test (then
 * `prepare`d, seeded say) with a new recording client, whose answers are checked after the test.
 * `each` gets the fake and that test's client.
 */
export function useRecordingFake(each: (fake: FakeServer, client: RecordingClient) => void, prepare?: (fake: FakeServer) => void): void {
  let fake: FakeServer;
  let client: RecordingClient;
  beforeAll(async () => {
    fake = await startFakeServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    prepare?.(fake);
    client = recordingClient(fake);
    each(fake, client);
  });
  afterEach(() => expect(client.checker.problems()).toEqual([]));
}
