import type { RateLimits } from "./rate-limit-options.js";

const minute = (limit: number) => ({ limit, windowMs: 60_000 });

/**
 * The service's documented limits, a minute each: per app, 10,000 core and 20,000 standard
 * operations on paid plans, or 500 operations of any kind on the free Build plan (`plan: "build"`);
 * per user, 30 sent messages and 5 mark-as-unread calls. `rateLimits: "service"` is the same as
 * `rateLimits: serviceRateLimits()`. Spread it to change a part, e.g. the store.
 *
 * @example
 * const chat = createChatClient({
 *   appId: "2a1b3c4d",
 *   apiKey: process.env.CHAT_API_KEY!,
 *   rateLimits: { ...serviceRateLimits({ plan: "build" }), maxWaitMs: 10_000 },
 * });
 */
export function serviceRateLimits(options: { plan?: "build" | "paid" } = {}): RateLimits {
  return {
    app: options.plan === "build" ? { all: minute(500) } : { core: minute(10_000), standard: minute(20_000) },
    perUser: { sendMessage: minute(30), markUnread: minute(5) },
  };
}
