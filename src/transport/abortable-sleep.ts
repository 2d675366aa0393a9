import { unwatch, watch } from "../rate-limits/abort-watch.js";

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      if (signal) unwatch(signal, onAbort);
      resolve();
    }, ms);
    if (signal) watch(signal, onAbort);
  });
}
