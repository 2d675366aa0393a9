// The Lua scripts of the Redis store. Each runs atomically on the server, on the server's clock
// (TIME), so processes with clocks that disagree still count in one time line. A key's log is a
// sorted set of request ids scored by when they count from (their answer; a window after they
// were sent until then), and of the requests the service counted that no process holds; its hold
// is a string whose TTL is the hold. Every key expires once its window has passed without a
// request, so Redis drops idle users by itself.

const SERVER_TIME = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)";
// For the tests' clock, which runs the table of cases of the sliding window against these scripts
// as against the store in memory: the time is the script's last argument.
const GIVEN_TIME = "local now = tonumber(ARGV[#ARGV])";

/** The scripts, on the server's clock, or on a time given as each script's last argument. */
export function rateLimitScripts(clock: "server" | "given") {
  const NOW = clock === "server" ? SERVER_TIME : GIVEN_TIME;

  /**
   * KEYS: the log and the hold of each slot. ARGV: the request's member, then the limit and window
   * of each slot. Takes a place in every log, or in none: returns { 0, 0 }, or { wait in ms, the
   * number of the slot (from 1) that has no room }.
   */
  const TAKE = `${NOW}
local wait, blocked = 0, 0
local n = #KEYS / 2
for i = 1, n do
  local log, limit, window = KEYS[2 * i - 1], tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', log, '-inf', '(' .. (now - window))
  local w = redis.call('PTTL', KEYS[2 * i])
  local count = redis.call('ZCARD', log)
  if count >= limit then
    local entry = redis.call('ZRANGE', log, count - limit, count - limit, 'WITHSCORES')
    -- A request still waiting for its answer (counted from later than now) is expected now.
    local free = math.min(tonumber(entry[2]), now) + window + 1 - now
    if free > w then w = free end
  end
  if w > wait then wait, blocked = w, i end
end
if wait > 0 then return { wait, blocked } end
for i = 1, n do
  local window = tonumber(ARGV[2 * i + 1])
  -- Until its answer comes, the request counts as a window later than sent (settle moves it back).
  redis.call('ZADD', KEYS[2 * i - 1], now + window, ARGV[1])
  redis.call('PEXPIRE', KEYS[2 * i - 1], window * 3)
end
return { 0, 0 }`;

  /**
   * KEYS: logs. ARGV: the member, the channel, the message. The answer came: the request counts
   * from now, and the processes waiting on these keys are told (the message names the keys), so
   * that they reckon their wait again from the answer rather than from when they last looked.
   */
  const SETTLE = `${NOW}
for i = 1, #KEYS do
  if redis.call('ZSCORE', KEYS[i], ARGV[1]) then redis.call('ZADD', KEYS[i], 'XX', now, ARGV[1]) end
end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 0`;

  /** KEYS: a hold. ARGV: ms. Holds for that long, unless the hold already lasts longer. */
  const HOLD = `local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 0`;

  /**
   * KEYS: a log. ARGV: limit, window, remaining, reset in ms (-1: unknown), a member no other sync
   * uses. When the service has fewer left than the log says, the requests the log does not hold
   * are counted from now, freeing their places a window later, or at the reset: the log's own still
   * free theirs as they leave. The log is not pruned first (see SlidingWindow's sync).
   */
  const SYNC = `${NOW}
local limit, window, remaining, reset = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local others = limit - remaining - redis.call('ZCARD', KEYS[1])
if others <= 0 then return 0 end
local at = now
if reset >= 0 and reset < window then at = now + reset - window - 1 end
for i = 1, others do redis.call('ZADD', KEYS[1], at, ARGV[5] .. ':' .. i) end
redis.call('PEXPIRE', KEYS[1], window * 3)
return 1`;
  return { TAKE, SETTLE, HOLD, SYNC };
}
