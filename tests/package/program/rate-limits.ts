// The rate-limit half of the packed-package program: a governed client against the packaged fake
// enforcing a short limit (the governor is a module of its own in dist/), and the Redis store,
// with its optional peer installed or not.
import { createChatClient } from "chat-rest-sdk";
import { serviceRateLimits } from "chat-rest-sdk/rate-limits";
import { redisRateLimitStore } from "chat-rest-sdk/redis";
import { startFakeServer } from "chat-rest-sdk/testing";

export async function rateLimits(): Promise<string[]> {
  const perUser = { sendMessage: { limit: 2, windowMs: 500 } };
  const fake = await startFakeServer({ rateLimits: { perUser } });
  try {
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "zed", name: "Zed" },
      ],
    });
    const chat = createChatClient({
      appId: fake.appId,
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      maxRetries: 0,
      rateLimits: { ...serviceRateLimits(), perUser },
    });
    const sent = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        chat.as("ana").POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text: `m${i}` } } }),
      ),
    );
    const lines = [`rate-limits: ${sent.map((result) => result.response.status).join(" ")}`];
    // Port 1 has no server: with redis installed the store's take fails with the refused
    // connection (a client wraps it in a RateLimitStoreError); without it, it names the command that installs it.
    const peer = "redis";
    const installed = await import(peer).then(
      () => true,
      () => false,
    );
    const store = redisRateLimitStore({ url: "redis://127.0.0.1:1" });
    const failure = await Promise.resolve(store.take([{ key: "k", limit: 1, windowMs: 1_000 }], 1)).then(
      () => "",
      (error: unknown) => String(error),
    );
    await store.close();
    if (!failure.includes(installed ? "ECONNREFUSED" : "npm install redis@"))
      throw new Error(`redis: with redis ${installed ? "installed" : "absent"}: ${failure || "no error"}`);
    lines.push(installed ? "redis: redisRateLimitStore reports a refused connection" : "redis: redisRateLimitStore asks for redis");
    return lines;
  } finally {
    await fake.close();
  }
}
