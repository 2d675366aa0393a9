// A traced call decides the user it acts as once, for its message and for the request alike: it
// reads the call's headers no more often than the same call made while nothing subscribes.
import diagnosticsChannel from "node:diagnostics_channel";
import { ChatConfigError, createChatClient } from "../../../src/index";
import { CALL_CHANNEL } from "../../../src/diagnostics/channel-names";

const answer = async () => new Response('{"data":{}}', { headers: { "content-type": "application/json" } });
const chat = createChatClient({ appId: "once", apiKey: "k", baseUrl: "https://once.api-us.cometchat.io/v3", fetch: answer });

/** Sends a call whose `params.header` counts how often its `onBehalfOf` is read; returns the count. */
async function readsOfOnBehalfOf(uid: string): Promise<number> {
  let reads = 0;
  const header = {
    get onBehalfOf() {
      reads++;
      return uid;
    },
  };
  await chat.GET("/users/{uid}", { params: { path: { uid: "ben" }, header } }).catch(() => undefined);
  return reads;
}

/** Runs `run` while something subscribes to the call channel. */
async function traced<T>(run: () => Promise<T>): Promise<T> {
  const handlers = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
  const channel = diagnosticsChannel.tracingChannel(CALL_CHANNEL);
  channel.subscribe(handlers);
  try {
    return await run();
  } finally {
    channel.unsubscribe(handlers);
  }
}

test("a traced call reads the caller's onBehalfOf as often as an untraced one", async () => {
  const untraced = await readsOfOnBehalfOf("ana");
  expect(untraced).toBeGreaterThan(0);
  expect(await traced(() => readsOfOnBehalfOf("ana"))).toBe(untraced);
});

test("a traced call whose onBehalfOf is refused fails with the refusal, once decided", async () => {
  const untraced = await readsOfOnBehalfOf("ana\n");
  const error = await traced(() =>
    chat.GET("/users/{uid}", { params: { path: { uid: "ben" }, header: { onBehalfOf: "ana\n" } } }).catch((e: unknown) => e),
  );
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(/onBehalfOf "ana\\n" contains a control character/);
  expect(await traced(() => readsOfOnBehalfOf("ana\n"))).toBe(untraced);
});
