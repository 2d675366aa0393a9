import { getEventListeners, getMaxListeners } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const CALLS = 20;

/** Holds every answer until `CALLS` requests are in, so all the calls are in flight at once. */
function answerTogether(answer: (res: ServerResponse, hit: number) => void) {
  let waiting: Array<() => void> = [];
  return (_q: IncomingMessage, res: ServerResponse, hit: number) => {
    waiting.push(() => answer(res, hit));
    if (waiting.length === CALLS) {
      for (const send of waiting) send();
      waiting = [];
    }
  };
}

// Node prints MaxListenersExceededWarning when a signal gets more abort listeners than its
// limit. Under Jest, process.on("warning") listens on a copy of the process object, which never
// sees it, so the tests watch the cause: the signal's listeners, sampled while the calls run.
async function mostListenersDuring(signal: AbortSignal, run: () => Promise<unknown>): Promise<number> {
  let most = 0;
  const sample = () => (most = Math.max(most, getEventListeners(signal, "abort").length));
  const sampler = setInterval(sample, 5);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return most;
}

describe("many concurrent calls sharing one AbortSignal", () => {
  test(`${CALLS} calls in flight with one signal add one listener to it, below the warning's limit`, async () => {
    const { signal } = new AbortController();
    let inFlight = -1;
    await withServer(
      answerTogether((res) => {
        inFlight = getEventListeners(signal, "abort").length;
        json(res, 200, { data: [], meta: {} });
      }),
      async (server) => {
        const chat = createChatClient({ appId: "sig", apiKey: "k", baseUrl: server.url });
        const most = await mostListenersDuring(signal, () =>
          Promise.all(Array.from({ length: CALLS }, () => chat.GET("/users", { signal }))),
        );
        expect(server.requests).toHaveLength(CALLS);
        expect(inFlight).toBe(1);
        expect(most).toBeLessThanOrEqual(1);
        expect(getMaxListeners(signal)).toBe(10);
      },
    );
  });

  test(`${CALLS} calls waiting out a Retry-After with one signal add no more`, async () => {
    const { signal } = new AbortController();
    await withServer(
      answerTogether((res, hit) => (hit <= CALLS ? json(res, 429, {}, { "retry-after": "1" }) : json(res, 200, { data: [], meta: {} }))),
      async (server) => {
        const chat = createChatClient({ appId: "sig", apiKey: "k", baseUrl: server.url });
        const most = await mostListenersDuring(signal, () =>
          Promise.all(Array.from({ length: CALLS }, () => chat.GET("/users", { signal }))),
        );
        expect(server.requests).toHaveLength(2 * CALLS);
        expect(most).toBeLessThanOrEqual(1);
      },
    );
  });

  test("aborting the shared signal still ends every call in flight with its reason", async () => {
    const controller = new AbortController();
    let arrived = 0;
    await withServer(
      () => {
        // Never answers: only the abort can end the calls.
        if (++arrived === CALLS) controller.abort(new Error("shutting down"));
      },
      async (server) => {
        const chat = createChatClient({ appId: "sig", apiKey: "k", baseUrl: server.url });
        const results = await Promise.allSettled(Array.from({ length: CALLS }, () => chat.GET("/users", { signal: controller.signal })));
        expect(results.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual(Array(CALLS).fill("shutting down"));
      },
    );
  });
});
