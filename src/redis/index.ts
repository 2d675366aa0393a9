export { redisRateLimitStore } from "./redis-rate-limit-store.js";
export type { RedisConnection, RedisRateLimitStore, RedisRateLimitStoreOptions } from "./redis-rate-limit-store.js";
export type { RateLimitStore, RateLimitSlot, RateLimitTake, RateLimitRule, RateLimits } from "../rate-limits/rate-limit-options.js";
export { redisWebhookDedupe } from "./redis-webhook-dedupe.js";
export type { RedisWebhookDedupe, RedisWebhookDedupeOptions, RedisWebhookDedupeClient } from "./redis-webhook-dedupe.js";
