// A reaction travels in the path (`/messages/{id}/reactions/{reaction}`): every code point of a
// multi-code-point emoji must reach the service, percent-encoded as UTF-8, and nothing in it may
// split the path.
import { createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const reacted = {
  data: {
    id: "1842",
    conversationId: "u1_user_u2",
    sender: "u2",
    receiverType: "user",
    receiver: "u1",
    category: "message",
    type: "text",
    data: { text: "hi" },
    sentAt: 1,
    updatedAt: 1,
  },
};

const utf8Percent = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

describe("a reaction in the path", () => {
  test.each([
    ["a thumbs up with a skin tone (2 code points)", "👍🏽"],
    ["a family joined by zero-width joiners (5 code points)", "👨‍👩‍👧"],
    ["a flag (2 regional indicators)", "🇩🇪"],
  ])("%s arrives percent-encoded as UTF-8 and decodes to the same emoji", async (_what, emoji) => {
    await withServer(
      (_req, res) => json(res, 200, reacted),
      async (server) => {
        const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
        const { data, error } = await chat.as("cometchat-uid-1").POST("/messages/{id}/reactions/{reaction}", {
          params: { path: { id: "1842", reaction: emoji } },
        });
        expect(error).toBeUndefined();
        expect(data?.data.id).toBe("1842");
        const [request] = server.requests;
        expect(request!.url).toBe(`/messages/1842/reactions/${utf8Percent(emoji)}`);
        expect(decodeURIComponent(request!.url.split("/").pop()!)).toBe(emoji);
        expect(request!.headers.onbehalfof).toBe("cometchat-uid-1");
      },
    );
  });

  test("a text code with `/` or `?` stays one path segment", async () => {
    await withServer(
      (_req, res) => json(res, 200, reacted),
      async (server) => {
        const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
        await chat.DELETE("/messages/{id}/reactions/{reaction}", {
          params: { path: { id: "1842", reaction: ":a/b?c:" }, header: { onBehalfOf: "cometchat-uid-1" } },
        });
        expect(server.requests[0]!.method).toBe("DELETE");
        expect(server.requests[0]!.url).toBe("/messages/1842/reactions/%3Aa%2Fb%3Fc%3A");
      },
    );
  });
});
