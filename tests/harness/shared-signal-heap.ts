// Run in a child process started with --expose-gc (`node --expose-gc <built> <calls>`): many calls
// share one long-lived AbortSignal, as a server passes its shutdown signal to every call, each with
// a per-call timeout, and the heap is measured after GC before and after them. Prints JSON: the
// growth in bytes of each case. The stub answers at once, as an in-process fake does.
import { createChatClient } from "../../src/index";

const calls = Number(process.argv[2] ?? 50_000);
const body = '{"data":{"uid":"ana","name":"Ana"}}';
const stub = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 5; i++) {
    (globalThis as unknown as { gc: () => void }).gc();
    await pause();
  }
  return process.memoryUsage().heapUsed;
}

async function growth(call: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2_000; i++) await call(i);
  const before = await heapAfterGc();
  for (let i = 0; i < calls; i++) await call(i);
  return (await heapAfterGc()) - before;
}

(async () => {
  const shutdown = new AbortController();
  const { signal } = shutdown;
  const chat = createChatClient({ appId: "2a1b3c4d", region: "eu", apiKey: "k", fetch: stub });
  const path = (i: number) => ({ path: { uid: `u${i % 10}` } });
  const result = {
    node: process.version,
    calls,
    // The timeout a call sets itself, beside the shared signal.
    perCallTimeout: await growth((i) => chat.GET("/users/{uid}", { params: path(i), signal, timeoutMs: 5_000 })),
    // A client whose calls all carry a timeout and a deadline, derived as withOptions makes it.
    derivedWithDeadline: await growth((i) =>
      chat.withOptions({ timeoutMs: 5_000, deadlineMs: 60_000 }).GET("/users/{uid}", { params: path(i), signal }),
    ),
  };
  console.log(JSON.stringify(result));
})();
