export { serviceRateLimits } from "./service-rate-limits.js";
export { memoryRateLimitStore } from "./memory-rate-limit-store.js";
export type { RateLimits, RateLimitRule, RateLimitStore, RateLimitSlot, RateLimitTake, RateLimitWait } from "./rate-limit-options.js";
export type { RateLimitRefusal } from "../errors/chat-api-error.js";
