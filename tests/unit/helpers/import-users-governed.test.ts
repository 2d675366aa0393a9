// importUsers through a client with rateLimits, against a fake that enforces the same app limit at a
// short window (5 creates a second): the import paces itself instead of meeting 429s. Nothing here
// measures time: the fake's answers are counted as they come back.
import { createChatClient } from "../../../src/index";
import { importUsers, type UserInput } from "../../../src/helpers/index";
import { memoryRateLimitStore, type RateLimits } from "../../../src/rate-limits/index";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";

// create-user counts against the app's core limit.
const FIVE_A_SECOND: RateLimits = { app: { core: { limit: 5, windowMs: 1_000 } } };
const customers: UserInput[] = Array.from({ length: 12 }, (_, i) => ({ uid: `c-${i}`, name: `Customer ${i}` }));

let fake: FakeServer;
// A fake of its own for each case, so that nothing one case sent counts in the next.
beforeEach(async () => {
  fake = await startFakeServer({ rateLimits: FIVE_A_SECOND });
});
afterEach(() => fake.close());

/** A client whose every answer's status is recorded, with no retries, so a 429 is a failed record. */
function countingClient(rateLimits?: RateLimits) {
  const statuses: number[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    maxRetries: 0,
    ...(rateLimits && { rateLimits }),
    fetch: async (request: Request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    },
  });
  return { chat, statuses };
}

test("an import through a client with rateLimits creates every user and meets no 429, 8 at a time", async () => {
  const { chat, statuses } = countingClient({ ...FIVE_A_SECOND, store: memoryRateLimitStore() });
  const result = await importUsers(chat, customers, { concurrency: 8 });
  expect(result).toEqual({ created: 12, existing: 0, updated: 0, failed: [], stopped: false });
  expect(statuses).toEqual(customers.map(() => 200));
  expect(fake.state.users.size).toBe(12);
});

test("the same import through a client without rateLimits meets the limit: the records past it fail with 429", async () => {
  const { chat, statuses } = countingClient();
  const result = await importUsers(chat, customers, { concurrency: 8 });
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect(result.created).toBe(statuses.filter((status) => status === 200).length);
  expect(result.failed.length).toBe(12 - result.created);
  expect(new Set(result.failed.map((failure) => failure.error.code))).toEqual(new Set(["ERR_TOO_MANY_REQUESTS"]));
});
