/**
 * Runs `task` on each item of `source`, at most `concurrency` at a time, and takes the next item
 * from `source` only when a task has room: a source that reads a file or a cursor is read as fast
 * as the tasks finish, and never more than `concurrency` items are held at once. The first task
 * that rejects stops the taking (the source is closed); the tasks under way finish, then its
 * error is thrown. `stopped` is asked before each item: a true answer ends the run early.
 *
 * Written here rather than taken from p-map, which reads async iterables the same way: p-map ships
 * only as an ES module (the CommonJS build and Jest on Node 20 cannot load it), and it would be
 * the package's second runtime dependency for forty lines.
 */
export async function forEachLimited<T>(
  source: Iterable<T> | AsyncIterable<T>,
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  const iterator =
    Symbol.asyncIterator in source ? (source as AsyncIterable<T>)[Symbol.asyncIterator]() : (source as Iterable<T>)[Symbol.iterator]();
  const running = new Set<Promise<void>>();
  // One waiter for a free slot, woken by the task that frees it. Not Promise.race over the tasks:
  // each race would add a reaction to every task still running, and a slow one would collect
  // one per record that finishes meanwhile.
  let wake: (() => void) | undefined;
  let failure: { error: unknown } | undefined;
  let index = 0;
  let finished = false;
  try {
    while (!failure && !stopped()) {
      if (running.size >= concurrency) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        break;
      }
      const run: Promise<void> = task(next.value, index++)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => {
          running.delete(run);
          wake?.();
          wake = undefined;
        });
      running.add(run);
    }
  } finally {
    // Only a run that ends early closes the source: one that ran out is closed already.
    if (!finished) await iterator.return?.();
    await Promise.all(running);
  }
  if (failure) throw failure.error;
}
