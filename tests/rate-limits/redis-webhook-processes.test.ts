// Exactly-once handling across processes: four receiver processes behind a round-robin proxy share
// a real redis-server (redisWebhookDedupe). The fake sends the message_sent events of 1,000 messages
// to a webhook with retryOnFailure; the proxy drops 10% of the receivers' answers, so the fake
// delivers those events again though they were handled, and one process is killed mid-handler, so
// its event is handled by another after the lease. Each event must be handled exactly once, none lost.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "esbuild";
import { createClient } from "redis";
import { createChatClient, createManagementClient, unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { attachWebhook } from "../fake/attach-webhook";
import { type RedisServer, startRedis } from "./redis-server";

jest.setTimeout(300_000);

const root = join(__dirname, "..", "..");
let redis: RedisServer;
let fake: FakeServer | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await fake?.close();
  await redis?.stop();
});

async function startReceiver(file: string, killText: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, REDIS_URL: redis.url, KILL_TEXT: killText },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const port = /port (\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    child.once("exit", (code) => reject(new Error(`receiver exited with ${code}`)));
  });
  return { child, port };
}

test("1,000 events through four processes, with answers dropped and a process killed mid-handler, are each handled once", async () => {
  redis = await startRedis();
  // Bundled where node_modules resolves `redis`, as an app would be.
  const dir = join(root, "node_modules", ".cache", "webhook-processes");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "receiver.mjs");
  await build({
    entryPoints: [join(__dirname, "webhook-receiver-process.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    external: ["redis"],
    outfile: file,
    logLevel: "error",
  });
  const killText = "the message whose handler dies";
  const ports = (await Promise.all([0, 1, 2, 3].map(() => startReceiver(file, killText)))).map((r) => r.port);

  // Round robin over the receivers, as a load balancer would: every tenth answer is dropped (the
  // socket destroyed after the receiver answered), and a receiver that is gone answers 502 once and
  // leaves the rotation. The fake retries both.
  let turn = 0;
  let answers = 0;
  let attempts = 0;
  const gone = new Set<number>();
  const proxy = createServer((incoming, outgoing) => {
    attempts++;
    const live = ports.filter((port) => !gone.has(port));
    const port = live[turn++ % live.length]!;
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const upstream = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers: incoming.headers }, (answer) => {
        answer.resume();
        answer.on("end", () => {
          if (++answers % 10 === 0) return outgoing.destroy();
          outgoing.writeHead(answer.statusCode ?? 502).end();
        });
      });
      upstream.on("error", () => {
        gone.add(port);
        if (!outgoing.headersSent) outgoing.writeHead(502).end();
      });
      upstream.end(Buffer.concat(chunks));
    });
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => proxy.once("listening", resolve));

  // The service retries a failed delivery twice; the fake here retries six times, within about six
  // seconds, so that the killed process's lease (1 s) ends while its event is still being retried and
  // an answer dropped twice in a row is not the network losing the event.
  fake = await startFakeServer({ webhookRetryDelays: [100, 250, 500, 1_000, 1_500, 2_500] });
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
  const webhookURL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  await attachWebhook(
    management,
    fake.appId,
    { id: "receivers", name: "Receivers", webhookURL, useBasicAuth: true, username: "hook", password: "s3cret", retryOnFailure: true },
    ["message_sent"],
  );
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  const sent: string[] = [];
  const send = async (text: string) => {
    const message = await unwrap(chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text } } }));
    sent.push(String(message.data.id));
  };
  // Twenty messages at a time, so that several deliveries are in flight at every receiver. The event
  // that kills its process goes alone: another handler of that process caught between its work and
  // the done mark would run again on its retry, the gap the README names, which no store can close.
  // The done marks that process queued for the batches before go out in the write of the killing
  // event's claim, ahead of it, so none of them is lost with the process.
  for (let i = 0; i < 1_000; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => (i + j === 500 ? undefined : send(`message ${i + j}`))));
    await fake.webhooksSettled();
    if (i === 500) {
      await send(killText);
      await fake.webhooksSettled();
    }
  }
  proxy.close();
  const deliveries = fake.webhookDeliveries;

  const log = await createClient({ url: redis.url }).connect();
  try {
    const handled: string[] = await log.lRange("handled", 0, -1);
    const counts = new Map<string, number>();
    for (const id of handled) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(sent).toHaveLength(1_000);
    expect(counts.size).toBe(1_000);
    expect(sent.filter((id) => !counts.has(id))).toEqual([]);
    // The kill happened, and answers were dropped, so events were delivered more than once; the fake
    // saw every event delivered in the end (it keeps its last 1,000 deliveries: these).
    expect(await log.get("killed")).not.toBeNull();
    expect(attempts).toBeGreaterThan(1_100);
    expect(deliveries.filter((delivery) => delivery.state !== "delivered")).toEqual([]);
  } finally {
    log.destroy();
  }
});
