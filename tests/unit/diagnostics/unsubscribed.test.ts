// With nothing subscribed, a call builds no message and loads nothing of the tracing code: the
// module that describes a traced call is replaced here by one that counts how often it is used.
import diagnosticsChannel from "node:diagnostics_channel";
import { ATTEMPT_CHANNEL } from "../../../src/diagnostics/channel-names";
import { createChatClient } from "../../../src/index";

const mockUsed: string[] = [];
jest.mock("../../../src/diagnostics/traced-call", () => {
  const actual = jest.requireActual("../../../src/diagnostics/traced-call");
  mockUsed.push("loaded");
  return {
    tracedCall: (...sending: unknown[]) => {
      const traced = actual.tracedCall(...sending);
      return (...call: unknown[]) => {
        mockUsed.push("traced");
        return traced(...call);
      };
    },
  };
});

const answer = async () => new Response('{"data":[]}', { headers: { "content-type": "application/json" } });
const chat = createChatClient({ appId: "quiet", apiKey: "k", baseUrl: "https://quiet.api-us.cometchat.io/v3", fetch: answer });

test("calls made while nothing subscribes neither load nor run the tracing code; a subscriber makes the next call traced", async () => {
  for (let i = 0; i < 3; i++) await chat.GET("/users");
  expect(mockUsed).toEqual([]);

  const channel = diagnosticsChannel.tracingChannel(ATTEMPT_CHANNEL);
  const seen: number[] = [];
  const handlers = { asyncEnd: (message: unknown) => void seen.push((message as { status: number }).status) };
  channel.subscribe(handlers as never);
  try {
    await chat.GET("/users");
  } finally {
    channel.unsubscribe(handlers as never);
  }
  expect(mockUsed).toEqual(["loaded", "traced"]);
  expect(seen).toEqual([200]);

  await chat.GET("/users");
  expect(mockUsed).toEqual(["loaded", "traced"]);
});
