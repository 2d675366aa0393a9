// Node's fetch and Request (undici) register every request that follows an abort signal in a
// FinalizationRegistry, and every attempt has one (its timeout). The registry forgets a request in
// a task that runs only between turns of the event loop, and keeps the table it grew to. Calls that
// are answered at once (a stub fetch, an in-process fake) can run by the hundred thousand without a
// turn: 200,000 of them left the table 8 MB large for good. One turn every 1,024 attempts keeps it
// small, and costs nothing to calls that wait on the network, which turn the loop anyway.
// A MessageChannel, not setImmediate: test suites fake timers, and a faked setImmediate would
// never come.
let attempts = 0;

/** Resolves after a turn of the event loop once every 1,024 calls, at once otherwise. */
export const turnOfEventLoop = (): Promise<void> | void => {
  if (++attempts % 1024 || typeof MessageChannel !== "function") return;
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve(port1.close());
    port2.postMessage(0);
  });
};
