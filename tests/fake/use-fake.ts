// The fake a test file runs against: started once before the file's tests, closed after them,
// reset before each (and seeded, when the file starts every test from the same users), with chat
// clients of it. Each file that drove a fake wrote these hooks out for itself.
import { type ChatClient, type ChatClientOptions, createChatClient } from "../../src/index";
import { type FakeSeed, type FakeServer, type FakeServerOptions, startFakeServer } from "../../src/testing/index";

export interface UseFakeOptions {
  /** `startFakeServer`'s options. */
  server?: FakeServerOptions;
  /** What every test starts from, seeded after each reset. Without it, each test starts empty. */
  seed?: FakeSeed;
}

export interface UsedFake {
  /**
   * The fake of the file's tests. It is started in `beforeAll`, after the file is loaded, so this
   * stands in for it: every read (`fake.state`, `fake.faults.add`) goes to the fake started, and
   * the tests read it as they would a variable set in `beforeAll`.
   */
  readonly fake: FakeServer;
  /** A chat client of the fake over HTTP (its appId, apiKey and URL), with `options` over those. */
  chat(options?: Partial<ChatClientOptions>): ChatClient;
}

/** Registers the file's hooks; call it at the top of the file (or of a `describe`). */
export function useFake({ server, seed }: UseFakeOptions = {}): UsedFake {
  let started: FakeServer | undefined;
  beforeAll(async () => {
    started = await startFakeServer(server);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    running().reset();
    // A copy each time: nothing a test changes in what was seeded reaches the next test's seed.
    if (seed) running().seed(structuredClone(seed));
  });
  const running = (): FakeServer => {
    if (!started) throw new Error("useFake: the fake starts in beforeAll; read it in a hook or a test.");
    return started;
  };
  const fake = new Proxy({} as FakeServer, {
    get(_, key) {
      const target = running();
      const value: unknown = Reflect.get(target, key, target);
      // A method called on the stand-in runs on the fake itself, whose private state it reads.
      return typeof value === "function" ? value.bind(target) : value;
    },
    has: (_, key) => key in running(),
  });
  return {
    fake,
    chat: (options = {}) => createChatClient({ appId: running().appId, apiKey: running().apiKey, baseUrl: running().url, ...options }),
  };
}
