import { ChatInvalidResponseError, createChatClient, paginate } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const entry = (n: number) => ({
  _id: `log-${n}`,
  channel: "push",
  trigger: "after_message",
  messageId: 100 + n,
  messageSentAtMS: 1_742_980_459_000 + n,
  notificationTriggered: true,
});

// A log list that pages like the service: `affix` with `logId` returns the entries after (or
// before) the one whose `messageId` is `logId`, and the cursors carry that `messageId`.
function logServer(total: number, cursorOf: (e: ReturnType<typeof entry>) => unknown = (e) => e.messageId): Handler {
  const all = Array.from({ length: total }, (_, i) => entry(i + 1));
  return (req, res) => {
    const url = new URL(req.url!, "http://x");
    const from = url.searchParams.get("logId");
    const append = url.searchParams.get("affix") !== "prepend";
    let slice: typeof all;
    if (append) slice = (from === null ? all : all.filter((e) => e.messageId > Number(from))).slice(0, 2);
    else {
      const before = from === null ? all : all.filter((e) => e.messageId < Number(from));
      slice = before.slice(Math.max(0, before.length - 2));
    }
    const first = slice[0];
    const last = slice[slice.length - 1];
    json(res, 200, {
      data: slice,
      meta: {
        ...(first && { previous: { affix: "prepend", messageId: cursorOf(first) } }),
        current: { limit: 2, count: slice.length },
        ...(last && { next: { affix: "append", messageId: cursorOf(last) } }),
      },
    });
  };
}

const client = (url: string) => createChatClient({ appId: "p", apiKey: "k", baseUrl: url });

describe("paginate() over the notification logs", () => {
  test("sends the messageId of meta.next back as logId, keeps the millisecond filters, and stops at the empty slice", async () => {
    await withServer(logServer(5), async (server) => {
      const ids: string[] = [];
      for await (const log of paginate(client(server.url), "/notifications/v1/logs", {
        query: { from: 1_742_980_000_000, channel: "push" },
      }))
        ids.push(log._id);
      expect(ids).toEqual(["log-1", "log-2", "log-3", "log-4", "log-5"]);
      expect(server.requests.map((r) => r.url)).toEqual([
        "/notifications/v1/logs?from=1742980000000&channel=push&affix=append",
        "/notifications/v1/logs?from=1742980000000&channel=push&affix=append&logId=102",
        "/notifications/v1/logs?from=1742980000000&channel=push&affix=append&logId=104",
        "/notifications/v1/logs?from=1742980000000&channel=push&affix=append&logId=105",
      ]);
    });
  });

  test("walks backward through meta.previous from a logId the caller gives", async () => {
    await withServer(logServer(5), async (server) => {
      const ids: string[] = [];
      const logs = paginate(client(server.url), "/notifications/v1/logs", { direction: "backward", query: { logId: "105" } });
      for await (const log of logs) ids.push(log._id);
      expect(ids).toEqual(["log-3", "log-4", "log-1", "log-2"]);
      expect(server.requests.map((r) => r.url)).toEqual([
        "/notifications/v1/logs?logId=105&affix=prepend",
        "/notifications/v1/logs?logId=103&affix=prepend",
        "/notifications/v1/logs?logId=101&affix=prepend",
      ]);
    });
  });

  test("stops when the cursor's messageId does not move, without asking for the same slice again", async () => {
    await withServer(
      logServer(5, () => 102),
      async (server) => {
        const ids: string[] = [];
        for await (const log of paginate(client(server.url), "/notifications/v1/logs")) ids.push(log._id);
        expect(ids).toEqual(["log-1", "log-2", "log-3", "log-4"]);
        expect(server.requests).toHaveLength(2);
      },
    );
  });

  test("a cursor without a usable messageId throws ChatInvalidResponseError naming the field, yielding nothing of that slice", async () => {
    await withServer(
      logServer(5, () => ({ nested: true })),
      async (server) => {
        const ids: string[] = [];
        const error = await (async () => {
          for await (const log of paginate(client(server.url), "/notifications/v1/logs")) ids.push(log._id);
        })().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect((error as Error).message).toContain("slice 1 whose meta.next.messageId");
        expect(ids).toEqual([]);
      },
    );
  });
});
