// Internal: the failures and delays a test asks for with failNext and delayNext, per operation.

/** What {@link FakeServer.failNext} answers instead of the operation. */
export interface FailNextOptions {
  /**
   * The status to answer, 400 to 599. A status the operation documents gets the body of its
   * example; any other gets an error envelope with a generic code.
   * @default none: required
   * @example 429
   */
  status: number;
  /**
   * Seconds to send in `Retry-After` (with a 429, the SDK waits them before it retries).
   * @default none: no Retry-After header
   * @example 1
   */
  retryAfter?: number;
  /**
   * How many requests in a row get this answer.
   * @default 1
   * @example 3
   */
  times?: number;
}

interface Failure {
  status: number;
  retryAfter: number | undefined;
  left: number;
}

export class Faults {
  private readonly failures = new Map<string, Failure[]>();
  private readonly delays = new Map<string, number[]>();

  failNext(operationId: string, { status, retryAfter, times = 1 }: FailNextOptions): void {
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new TypeError(`failNext: status must be an integer from 400 to 599, got ${String(status)}.`);
    if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && retryAfter >= 0))
      throw new TypeError(`failNext: retryAfter must be a whole number of seconds, got ${String(retryAfter)}.`);
    if (!(Number.isInteger(times) && times > 0)) throw new TypeError(`failNext: times must be a positive integer, got ${String(times)}.`);
    const queue = this.failures.get(operationId) ?? [];
    queue.push({ status, retryAfter, left: times });
    this.failures.set(operationId, queue);
  }

  delayNext(operationId: string, ms: number): void {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new TypeError(`delayNext: ms must be a non-negative number, got ${String(ms)}.`);
    const queue = this.delays.get(operationId) ?? [];
    queue.push(ms);
    this.delays.set(operationId, queue);
  }

  /** The failure due for this request of the operation, if any, counting it. */
  takeFailure(operationId: string): Failure | undefined {
    const queue = this.failures.get(operationId);
    const failure = queue?.[0];
    if (!failure) return undefined;
    if (--failure.left === 0) queue!.shift();
    return failure;
  }

  /** The delay due for this request of the operation, if any. */
  takeDelay(operationId: string): number | undefined {
    return this.delays.get(operationId)?.shift();
  }

  clear(): void {
    this.failures.clear();
    this.delays.clear();
  }
}
