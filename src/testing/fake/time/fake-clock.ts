// The fake's clock: every time the fake stores, sends or waits on reads it, so a test can freeze
// it, move it forward, and have what falls due (webhook retries, held answers) run in time order.

/** The longest wait `setTimeout` keeps: a longer one overflows and fires after 1 ms. */
export const MAX_REAL_TIMER_MS = 2 ** 31 - 1;

/** The furthest instant from the epoch, either way, that a `Date` holds (100,000,000 days). */
export const MAX_DATE_MS = 8.64e15;

/** The real timer the clock wakes itself with: `setTimeout` and `clearTimeout`, or a test's stand-in. */
export interface RealTimers {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const NODE_TIMERS: RealTimers = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A timer of the clock: `fire` runs once, when the clock reaches `due`. */
interface Timer {
  due: number;
  /** Ties at one instant run in the order they were set. */
  order: number;
  fire: () => void;
}

/**
 * The fake's time, which a test controls: it runs with real time until {@link freeze}, stands
 * still until {@link advance} or {@link resume}, and never skips what falls due in between.
 *
 * @example
 * fake.clock.freeze(Date.UTC(2030, 0, 1));
 * await chat.POST("/messages", { body });          // sentAt: 1893456000
 * await fake.clock.advance(60_000);                // rate-limit windows open, webhook retries run
 * fake.clock.resume();                             // time flows again, from where it stood
 */
export interface FakeClockControl {
  /** Milliseconds since the epoch, as the fake sees them. */
  now(): number;
  /**
   * Stops the clock, at `at` (milliseconds since the epoch, or a Date) or where it is now. The
   * clock may be set back; timers keep their instants, so they fall due later. Throws a TypeError
   * for an instant a `Date` cannot hold (NaN, an infinity, or more than 8.64e15 ms either side of
   * the epoch): the fake could not write it in its `Date` header or its timestamps.
   * @example fake.clock.freeze(new Date("2030-01-01T00:00:00Z"))
   */
  freeze(at?: number | Date): void;
  /**
   * Moves the clock `ms` forward, running what falls due in that span in time order (webhook
   * retries and their attempts, answers held by a latency fault); resolves once they have run.
   * Webhook deliveries under way finish their attempt first, so `advance(0)` waits for them.
   * Works whether the clock is frozen or running; calls are run one after another. Rejects with a
   * TypeError for a negative or non-finite `ms`, or one that would take the clock past what a
   * `Date` holds (8.64e15 ms after the epoch).
   * @example await fake.clock.advance(60_000)
   */
  advance(ms: number): Promise<void>;
  /** Lets the clock run again with real time, from where it stands. */
  resume(): void;
  /**
   * Back to real time, unfrozen, with nothing left waiting on the clock. `reset()` and `restore()`
   * of the fake do this too, so a test never inherits the clock of the one before.
   * @example fake.clock.reset()
   */
  reset(): void;
  /** Whether the clock is frozen. */
  readonly frozen: boolean;
  /**
   * How many things wait on the clock: webhook retries, answers held by `delayNext` or a latency
   * fault. A test that froze the clock can wait for a request to be held before it advances.
   */
  readonly pending: number;
}

export class FakeClock implements FakeClockControl {
  /** The instant the clock stands at while frozen. */
  private frozenAt: number | undefined;
  /** What is added to real time while the clock runs. */
  private offset = 0;
  private readonly timers: Timer[] = [];
  private order = 0;
  private realTimer: unknown;
  private advancing: Promise<void> = Promise.resolve();
  /** What {@link advance} awaits after each timer: work a timer set off that runs past it (a webhook POST). */
  private readonly settlers = new Set<() => Promise<void>>();

  constructor(
    private readonly realNow: () => number = Date.now,
    private readonly realTimers: RealTimers = NODE_TIMERS,
  ) {}

  now(): number {
    return this.frozenAt ?? this.realNow() + this.offset;
  }

  /** Unix time in seconds, as every timestamp of the service. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }

  get pending(): number {
    return this.timers.length;
  }

  freeze(at?: number | Date): void {
    const instant = at === undefined ? this.now() : at instanceof Date ? at.getTime() : at;
    if (typeof instant !== "number" || !Number.isFinite(instant))
      throw new TypeError(`clock.freeze: at must be a Date or milliseconds since the epoch, got ${String(at)}.`);
    if (Math.abs(instant) > MAX_DATE_MS)
      throw new TypeError(`clock.freeze: at must be within ${MAX_DATE_MS} ms of the epoch, as a Date holds, got ${instant}.`);
    this.frozenAt = instant;
    this.schedule();
  }

  resume(): void {
    if (this.frozenAt === undefined) return;
    this.offset = this.frozenAt - this.realNow();
    this.frozenAt = undefined;
    this.schedule();
    this.fireDue();
  }

  advance(ms: number): Promise<void> {
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0)
      return Promise.reject(new TypeError(`clock.advance: ms must be a non-negative number, got ${String(ms)}.`));
    const refusal = this.pastDate(ms);
    if (refusal) return Promise.reject(refusal);
    const run = this.advancing.then(() => {
      // Checked again once the advances queued before it have run: together they may pass the limit.
      const late = this.pastDate(ms);
      if (late) throw late;
      return this.advanceNow(ms);
    });
    this.advancing = run.catch(() => {});
    return run;
  }

  /** The error for an advance of `ms` that would take the clock past what a Date holds, if it would. */
  private pastDate(ms: number): TypeError | undefined {
    if (this.now() + ms <= MAX_DATE_MS) return undefined;
    return new TypeError(
      `clock.advance: ms would take the clock past ${MAX_DATE_MS} ms after the epoch, the last instant a Date holds, got ${ms}.`,
    );
  }

  /** Back to real time, with no timer left: `reset()`. */
  reset(): void {
    this.frozenAt = undefined;
    this.offset = 0;
    this.timers.length = 0;
    this.schedule();
  }

  /**
   * Runs `fire` once the clock has moved `ms` forward (at once for 0 or less); returns what cancels it.
   * While the clock runs, a real timer wakes it; while frozen, only {@link advance} does.
   */
  setTimer(ms: number, fire: () => void): () => void {
    const timer: Timer = { due: this.now() + Math.max(0, ms), order: this.order++, fire };
    let index = this.timers.findIndex((t) => t.due > timer.due);
    if (index < 0) index = this.timers.length;
    this.timers.splice(index, 0, timer);
    this.schedule();
    return () => {
      const at = this.timers.indexOf(timer);
      if (at >= 0) this.timers.splice(at, 1);
      this.schedule();
    };
  }

  /** Waits `ms` of the clock's time, or until `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((done) => {
      if (signal?.aborted) return done();
      const finish = () => {
        cancel();
        signal?.removeEventListener("abort", finish);
        done();
      };
      const cancel = this.setTimer(ms, finish);
      signal?.addEventListener("abort", finish);
    });
  }

  /** Adds what {@link advance} awaits after each timer it runs; returns what removes it. */
  addSettler(settle: () => Promise<void>): () => void {
    this.settlers.add(settle);
    return () => this.settlers.delete(settle);
  }

  private async advanceNow(ms: number): Promise<void> {
    const target = this.now() + ms;
    // What is under way (a webhook's first attempt) reaches its wait on the clock before time moves.
    await this.settle();
    for (;;) {
      const next = this.timers[0];
      if (!next || next.due > target) break;
      this.timers.shift();
      this.moveTo(next.due);
      next.fire();
      await this.settle();
    }
    this.moveTo(target);
    this.schedule();
  }

  /** Lets the work set off by a timer run until it waits on the clock again, or ends. */
  private async settle(): Promise<void> {
    // A turn of the event loop first, so that a sleeper resumed by the timer reaches its next step.
    await new Promise((done) => setImmediate(done));
    for (const settle of this.settlers) await settle();
  }

  /** Sets the clock forward to `instant` (never back), frozen or running. */
  private moveTo(instant: number): void {
    if (instant <= this.now()) return;
    if (this.frozenAt !== undefined) this.frozenAt = instant;
    else this.offset = instant - this.realNow();
  }

  /**
   * Keeps one real timer, for the earliest due, while the clock runs. A wait longer than
   * `setTimeout` keeps (a 30-day latency, a clock resumed far in the past) is slept in chunks: a
   * longer one would overflow to 1 ms and wake the process hundreds of times a second.
   */
  private schedule(): void {
    if (this.realTimer !== undefined) this.realTimers.clear(this.realTimer);
    this.realTimer = undefined;
    const next = this.timers[0];
    if (!next || this.frozenAt !== undefined) return;
    const wait = Math.min(MAX_REAL_TIMER_MS, Math.max(0, next.due - this.now()));
    this.realTimer = this.realTimers.set(() => this.fireDue(), wait);
  }

  private fireDue(): void {
    while (this.frozenAt === undefined && this.timers[0] && this.timers[0].due <= this.now()) this.timers.shift()!.fire();
    this.schedule();
  }
}
