// A cancelled call is never sent: its signal rejects it with its own reason at every await before
// sending, whether the rate-limit store is still answering, or the call waits between attempts.
import { createChatClient } from "../../../src/index";
import type { RateLimitStore, RateLimitTake } from "../../../src/rate-limits/rate-limit-options";
import { json, withServer } from "../../harness/fault-server";

/** A store whose takes answer when the test releases them, and that tells when one is asked. */
function heldStore(answerFirstAtOnce = false) {
  const asked: (() => void)[] = [];
  let takes = 0;
  const store: RateLimitStore = {
    take(): RateLimitTake | Promise<RateLimitTake> {
      takes++;
      if (answerFirstAtOnce && takes === 1) return { waitMs: 0 };
      return new Promise((resolve) => {
        asked.push(() => resolve({ waitMs: 0 }));
        onAsked?.();
      });
    },
    settle() {},
    hold() {},
    sync() {},
  };
  let onAsked: (() => void) | undefined;
  const nextAsk = () => new Promise<void>((resolve) => (onAsked = resolve));
  return { store, asked, nextAsk };
}

test("a call whose signal fires while the store answers is not sent, and rejects with the signal's reason", async () => {
  await withServer(
    (_q, res) => json(res, 201, { data: { uid: "ana" } }),
    async (server) => {
      const { store, asked, nextAsk } = heldStore();
      const chat = createChatClient({
        appId: "cx",
        apiKey: "k",
        baseUrl: server.url,
        rateLimits: { app: { core: { limit: 5, windowMs: 1_000 } }, store },
      });
      const controller = new AbortController();
      const reason = new Error("the caller gave up");
      const asking = nextAsk();
      const call = chat.POST("/users", { body: { uid: "ana", name: "Ana" }, signal: controller.signal, deadlineMs: 30_000 });
      await asking;
      controller.abort(reason);
      // The store answers "room" after the signal fired: too late, the call is over.
      asked[0]!();
      await expect(call).rejects.toBe(reason);
      expect(server.requests).toHaveLength(0);
    },
  );
});

test("a retry whose signal fires while the store answers for it is not sent, and rejects with the signal's reason", async () => {
  await withServer(
    (_q, res) => json(res, 503, {}, { "retry-after": "0" }),
    async (server) => {
      const { store, asked, nextAsk } = heldStore(true);
      const chat = createChatClient({
        appId: "cx",
        apiKey: "k",
        baseUrl: server.url,
        rateLimits: { app: { standard: { limit: 5, windowMs: 1_000 } }, store },
      });
      const controller = new AbortController();
      const asking = nextAsk();
      const call = chat.GET("/users", { signal: controller.signal });
      await asking;
      expect(server.requests).toHaveLength(1);
      controller.abort(new Error("stop"));
      asked[0]!();
      await expect(call).rejects.toThrow("stop");
      expect(server.requests).toHaveLength(1);
    },
  );
});
