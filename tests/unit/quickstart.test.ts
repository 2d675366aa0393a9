import { runQuickstart } from "../../scripts/quickstart";
import { recordingFetch } from "../harness/recording-fetch";

describe("npm start", () => {
  // The first test starts Prism, which alone takes seconds when the machine's cores are busy.
  test("without credentials it sends the reply to a local mock and prints its parentId", async () => {
    const lines: string[] = [];
    const ok = await runQuickstart({}, { print: (line) => lines.push(line) });
    expect(ok).toBe(true);
    expect(lines[0]).toMatch(/^Mock listening at http:\/\/127\.0\.0\.1:\d+\.$/);
    expect(lines[1]).toMatch(/^Sent reply \S+ to thread \S+ as \S+: ".+"$/);
    expect(JSON.parse(lines[2]!).parentId).toEqual(expect.any(String));
  }, 30_000);

  test("with CHAT_APP_ID and CHAT_API_KEY it talks to the app's regional host instead", async () => {
    const reply = {
      data: {
        id: "2",
        parentId: "77",
        sender: "u1",
        receiver: "u2",
        receiverType: "user",
        category: "message",
        type: "text",
        conversationId: "c",
        data: { text: "Replying in the thread." },
        sentAt: 1,
        updatedAt: 1,
      },
    };
    const rec = recordingFetch(200, reply);
    const lines: string[] = [];
    const ok = await runQuickstart(
      { CHAT_APP_ID: "app42", CHAT_API_KEY: "live-key", CHAT_REGION: "eu", CHAT_SENDER_UID: "u1", CHAT_PARENT_ID: "77" },
      { fetch: rec.fetch, print: (line) => lines.push(line) },
    );
    expect(ok).toBe(true);
    expect(rec.last().url).toBe("https://app42.api-eu.cometchat.io/v3/messages/77/thread");
    expect(rec.last().headers.get("apikey")).toBe("live-key");
    expect(rec.last().headers.get("onBehalfOf")).toBe("u1");
    expect(lines).toContain('Sent reply 2 to thread 77 as u1: "Replying in the thread."');
  });

  test("an error answer is printed and reported as a failure", async () => {
    const rec = recordingFetch(404, { error: { code: "ERR_MESSAGE_ID_NOT_FOUND", message: "no such message" } });
    const lines: string[] = [];
    const ok = await runQuickstart({ CHAT_APP_ID: "app42", CHAT_API_KEY: "k" }, { fetch: rec.fetch, print: (l) => lines.push(l) });
    expect(ok).toBe(false);
    expect(lines.join("\n")).toMatch(/answered 404: .*ERR_MESSAGE_ID_NOT_FOUND/);
  });
});
