// Lua scripts of redisWebhookDedupe: each is atomic and one round trip (done is a plain SET). A key holds "done" once its
// event is handled, or "claim:<token>" while a delivery handles it; its expiry is the lease or keep.

/** KEYS[1] the event's key; ARGV token, leaseMs. Returns "claimed", "done" or "busy". */
export const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held == 'done' then return 'done' end
if held then return 'busy' end
redis.call('SET', KEYS[1], 'claim:' .. ARGV[1], 'PX', ARGV[2])
return 'claimed'
`;

/**
 * KEYS[1] the event's key; ARGV token. Deletes the claim only if it is still this delivery's. Also
 * sent after a claim whose answer came too late, to undo it should Redis apply it late.
 */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == 'claim:' .. ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;
