// An attempt lets the event loop turn once every 1,024 attempts (src/transport/turn-of-event-loop.ts).
// Whichever call makes that turn, a caller's cancellation still holds, and a suite with fake
// timers still gets its answers.
import { createChatClient } from "../../../src/index";

/** A fetch that answers at once and, as Node's does, sends nothing for a request whose signal has aborted. */
function stubFetch() {
  const stub = {
    sent: 0,
    fetch: async (request: Request) => {
      if (request.signal.aborted) throw request.signal.reason;
      stub.sent++;
      return new Response('{"data":[]}', { status: 200, headers: { "content-type": "application/json" } });
    },
  };
  return stub;
}

test("2,048 calls each cancelled as soon as it is made send nothing and reject with the caller's AbortError, the calls that wait for the turn among them", async () => {
  const stub = stubFetch();
  const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "k", fetch: stub.fetch });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 2_048 }, () => {
      const controller = new AbortController();
      const call = chat.GET("/users", { signal: controller.signal });
      controller.abort();
      return call;
    }),
  );
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled").length).toBe(0);
  expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason?.name)).toEqual(Array(2_048).fill("AbortError"));
  expect(stub.sent).toBe(0);
});

test("under fake timers, 2,048 calls one after another all get their answers", async () => {
  jest.useFakeTimers();
  try {
    const stub = stubFetch();
    const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "k", fetch: stub.fetch });
    for (let i = 0; i < 2_048; i++) expect((await chat.GET("/users")).response.status).toBe(200);
    expect(stub.sent).toBe(2_048);
  } finally {
    jest.useRealTimers();
  }
});
