/**
 * The sliding window of one key: its requests, oldest first, in a ring, each with the time it
 * counts from and its id. The one implementation that both the client's store in memory and the
 * fake's limiter keep (the Redis store's Lua scripts are its twin, tested against the same table
 * of cases). Times never decrease along the ring, so the expired ones are at its start.
 *
 * A request the client has sent but not had an answer for counts from a window after it was sent
 * (the latest the service may see it); {@link settle} brings it to its answer. The fake counts a
 * request when it arrives, so its entries are settled from the start.
 */
export class SlidingWindow {
  times = [0, 0, 0, 0];
  ids = [0, 0, 0, 0];
  /** Where the oldest entry is, and how many there are; the capacity is a power of two. */
  start = 0;
  count = 0;
  /** No room until then (a 429's Retry-After). */
  heldUntil = 0;

  /** @param windowMs The longest window this key is counted over: entries older than it can go. */
  constructor(public windowMs: number) {}

  /** Drops the entries that count from before `edge`. */
  prune(edge: number): void {
    const { times } = this;
    const mask = times.length - 1;
    while (this.count > 0 && times[this.start]! < edge) {
      this.start = (this.start + 1) & mask;
      this.count--;
    }
  }

  /** How many requests count within the window that ends at `now`. */
  live(now: number): number {
    this.prune(now - this.windowMs);
    return this.count;
  }

  /**
   * Milliseconds until there is room for one more request under `limit` per `windowMs` (0: now).
   * The request `limit` places back must have left the window, by a millisecond: until then,
   * another would make limit + 1. One still waiting for its answer (counted from later than now)
   * is expected to be answered now, the earliest it can be: its place frees a window after that.
   * The wait is what a call is told and how long its queue sleeps; an answer that comes later
   * wakes the queue again.
   */
  waitFor(limit: number, windowMs: number, now: number): number {
    this.prune(now - Math.max(windowMs, this.windowMs));
    let wait = this.heldUntil - now;
    if (this.count >= limit) {
      const oldest = this.times[(this.start + this.count - limit) & (this.times.length - 1)]!;
      wait = Math.max(wait, (oldest < now ? oldest : now) + windowMs + 1 - now);
    }
    return wait > 0 ? wait : 0;
  }

  /** Adds a request that counts from `at` (never before the newest), under `id`. */
  append(at: number, id: number): void {
    let { times, ids } = this;
    if (this.count === times.length) {
      // Full: lay the ring out again, oldest first, in twice the room.
      const size = times.length;
      const order = (ring: number[]) => [...ring.slice(this.start), ...ring.slice(0, this.start), ...new Array<number>(size).fill(0)];
      this.times = times = order(times);
      this.ids = ids = order(ids);
      this.start = 0;
    }
    const mask = times.length - 1;
    const last = this.count ? times[(this.start + this.count - 1) & mask]! : at;
    const slot = (this.start + this.count) & mask;
    times[slot] = at > last ? at : last;
    ids[slot] = id;
    this.count++;
  }

  /**
   * The answer of the request `id` came at `now`: it counts from then. The ring stays in time
   * order by moving the entry back past those still waiting for their answers (counted from a
   * window after they were sent, later than now): answers that come out of order each count from
   * their own time, never from a later one's.
   */
  settle(id: number, now: number): void {
    const { times, ids } = this;
    const mask = times.length - 1;
    // Ids grow with time, and only settled entries move back, past unsettled ones with smaller
    // ids: the search, from the newest, stops at a smaller id.
    for (let i = this.count - 1; i >= 0; i--) {
      const other = ids[(this.start + i) & mask]!;
      if (other !== id) {
        if (other < id) return;
        continue;
      }
      let at = i;
      for (; at > 0; at--) {
        const before = (this.start + at - 1) & mask;
        if (times[before]! <= now) break;
        times[(this.start + at) & mask] = times[before]!;
        ids[(this.start + at) & mask] = ids[before]!;
      }
      times[(this.start + at) & mask] = now;
      ids[(this.start + at) & mask] = id;
      return;
    }
  }

  /** No room for `ms` from `now`, unless a hold already lasts longer. */
  hold(now: number, ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, now + ms);
  }

  /**
   * The service said `remaining` are left under `limit` when it counted a request of this log,
   * answered `now`: the requests of its count that the log does not hold are others' (other
   * processes, other tools). As many as it takes to leave `remaining` are counted from now, so
   * that they free their places a window and a millisecond later, or at the service's reset
   * (`resetMs` from now), while the log's own requests free theirs as they leave the window.
   *
   * The log is not pruned first. The service counted the request some time between its sending
   * and now, and a request of the log that left the window meanwhile may still have been in that
   * count: taken for another's, its place would be lost for a window. What the log holds was
   * pruned last by a later take than this request's, which kept every request counted since a
   * window before it was sent.
   */
  sync(limit: number, windowMs: number, remaining: number, resetMs: number | undefined, now: number): void {
    const at = resetMs !== undefined && resetMs < windowMs ? now + resetMs - windowMs - 1 : now;
    // Each goes in at its time, before the requests still waiting for their answers (counted
    // from later); its id is larger than any request's, so their settles look past it.
    for (let n = limit - remaining - this.count; n > 0; n--) {
      this.append(at, Infinity);
      this.settle(Infinity, at);
    }
  }

  /** Whether nothing is left to count: no entry in the window and no hold. */
  idle(now: number): boolean {
    this.prune(now - this.windowMs);
    return this.count === 0 && this.heldUntil <= now;
  }
}
