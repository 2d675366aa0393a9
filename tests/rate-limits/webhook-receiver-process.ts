// A receiver process for redis-webhook-processes.test.ts: the webhook handler with
// redisWebhookDedupe on a free port. Each handled event is pushed to a Redis list, so the test
// counts handlings across processes. The first delivery of the message whose text is KILL_TEXT kills
// its process mid-handler (once, among all processes), holding its claim until the lease ends.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "redis";
import { redisWebhookDedupe } from "../../src/redis/index";
import { createWebhookHandler, toNodeHandler } from "../../src/webhooks/index";

const [url, killText] = [process.env.REDIS_URL!, process.env.KILL_TEXT!];
const log = createClient({ url });
const handler = createWebhookHandler({
  username: "hook",
  password: "s3cret",
  dedupe: redisWebhookDedupe({ url, leaseMs: 1_000 }),
  on: {
    message_sent: async (event) => {
      const id = event.data.message.id;
      if (event.data.message.data.text === killText && (await log.set("killed", String(process.pid), { NX: true })) === "OK")
        process.kill(process.pid, "SIGKILL");
      await log.rPush("handled", id);
    },
  },
});
void log.connect().then(() => {
  const server = createServer(toNodeHandler(handler)).listen(0, "127.0.0.1", () => {
    process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
  });
});
