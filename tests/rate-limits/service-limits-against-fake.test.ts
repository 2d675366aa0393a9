// The README's example of rate limits, run as written against the fake enforcing the service's
// limits, both scaled down in time: a minute becomes 3 s, and so does every duration the
// client reckons with (its 30 s timeout becomes 1.5 s), so that waits keep their proportions.
// Nothing here measures time: the fake counts what it refused, and the client what it refused.
import { createChatClient, RateLimitError } from "../../src/index";
import { memoryRateLimitStore, type RateLimitRule, type RateLimits, serviceRateLimits } from "../../src/rate-limits/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";

const SCALE = 20;
const scaled = (rule: RateLimitRule | undefined) => rule && { limit: rule.limit, windowMs: rule.windowMs / SCALE };
function scaledServiceLimits(): RateLimits {
  const { app, perUser } = serviceRateLimits();
  return {
    app: { core: scaled(app?.core), standard: scaled(app?.standard) },
    perUser: { sendMessage: scaled(perUser?.sendMessage), markUnread: scaled(perUser?.markUnread) },
  };
}

let fake: FakeServer;
beforeEach(async () => {
  fake = await startFakeServer({ rateLimits: scaledServiceLimits() });
  fake.seed({
    users: [{ uid: "support-agent", name: "Support" }],
    groups: Array.from({ length: 40 }, (_, i) => ({ guid: `order-${i}`, name: `Order ${i}`, owner: "support-agent" })),
  });
});
afterEach(() => fake.close());

test("the README's 40 sends as one agent all go out as room comes, under a timeout shorter than the wait: none refused, no 429", async () => {
  const statuses: number[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    rateLimits: { ...scaledServiceLimits(), store: memoryRateLimitStore() },
    // The default timeout, scaled as the limits are: shorter than the wait for room.
    timeoutMs: 30_000 / SCALE,
    // Any 429 would be seen here, not retried away.
    maxRetries: 0,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    },
  });
  // The fake's first answer of an operation compiles its checks: a send before the 40 keeps that
  // out of their timeouts (as a service that has long been up). It counts under the limits too.
  await chat.as("support-agent").POST("/messages", { body: { receiver: "order-0", receiverType: "group", data: { text: "Warm." } } });
  statuses.length = 0;
  // As in the README:
  const results = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) =>
      chat
        .as("support-agent")
        .POST("/messages", { body: { receiver: `order-${i}`, receiverType: "group", data: { text: "Your order shipped." } } }),
    ),
  );
  const refused = results.filter((result) => result.status === "rejected" && result.reason instanceof RateLimitError);
  expect(refused).toHaveLength(0);
  expect(results.map((result) => result.status === "fulfilled" && result.value.response.status)).toEqual(results.map(() => 200));
  expect(statuses.filter((status) => status === 429)).toHaveLength(0);
  expect(statuses).toHaveLength(40);
  expect([...fake.state.messages.values()]).toHaveLength(41);
});
