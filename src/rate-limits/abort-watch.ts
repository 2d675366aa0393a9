const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` when `signal` aborts, until {@link unwatch}; at once when it has aborted already,
 * as its abort event is gone. A signal gets one listener, however many calls share it: Node warns
 * (MaxListenersExceededWarning) from its 11th.
 */
export function watch(signal: AbortSignal, callback: () => void): void {
  if (signal.aborted) {
    callback();
    return;
  }
  let callbacks = watchers.get(signal);
  if (!callbacks) {
    const set = (callbacks = new Set());
    watchers.set(signal, set);
    signal.addEventListener(
      "abort",
      () => {
        for (const f of set) f();
      },
      { once: true },
    );
  }
  callbacks.add(callback);
}

export function unwatch(signal: AbortSignal, callback: () => void): void {
  watchers.get(signal)?.delete(callback);
}
