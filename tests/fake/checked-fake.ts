// The fake a journey file runs against: started once, reset before each test, and every answer
// it gave during a test checked against the spec after that test (see answer-checker.ts).
import { type FakeServer, type FakeServerOptions, startFakeServer } from "../../src/testing/index";
import { type AnswerChecker, clientsOf } from "./answer-checker";

export type FakeClients = ReturnType<typeof clientsOf>;

/**
 * Registers the file's hooks. `started` gets the fake and its clients once the fake listens;
 * `settle` runs after each test, before the answers are checked (closing its receivers, say).
 */
export function useCheckedFake(
  checker: AnswerChecker,
  started: (fake: FakeServer, clients: FakeClients) => void,
  { options, settle }: { options?: FakeServerOptions; settle?: (fake: FakeServer) => Promise<void> } = {},
): void {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeServer(options);
    started(fake, clientsOf(fake, checker));
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await settle?.(fake);
    expect(checker.problems()).toEqual([]);
  });
}

/**
 * For a file whose tests start fakes of their own: returns `start`, which starts one (with
 * `startFakeServer`'s options) and gives it with its clients. Every fake started is closed after
 * the file, and the answers are checked after each test.
 */
export function useFakeStarter(checker: AnswerChecker) {
  const started: FakeServer[] = [];
  afterAll(() => Promise.all(started.map((fake) => fake.close())));
  afterEach(() => expect(checker.problems()).toEqual([]));
  return async (...args: Parameters<typeof startFakeServer>) => {
    const fake = await startFakeServer(...args);
    started.push(fake);
    return { fake, ...clientsOf(fake, checker) };
  };
}
