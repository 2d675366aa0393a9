// The fake's webhooks that fire: how long an event takes to reach a receiver, and what attaching
// a webhook costs the fake's throughput. Everything runs in this process, as in a user's test:
// the fake, a node:http receiver on loopback, and the SDK's client.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { createChatClient, createManagementClient, unwrap } from "../src/index.js";
import { log, main, numArg, quantile, report } from "./section.js";

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

main(async () => {
  // As in bench/fake.ts: the testing kit finds the spec from `__dirname`, which this ES bundle lacks.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const { startFakeServer } = await import("../src/testing/index.js");
  const events = numArg("events", 1000);
  const rounds = numArg("rounds", 3);
  const seconds = numArg("seconds", 2);
  const concurrency = numArg("concurrency", 8);

  // The receiver notes when each message's event arrives.
  const arrived = new Map<string, number>();
  let waiting: { id: string; done: () => void } | undefined;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      const id = String(JSON.parse(Buffer.concat(chunks).toString("utf8")).data.message.id);
      arrived.set(id, at);
      res.writeHead(200).end();
      if (waiting?.id === id) waiting.done();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  async function fakeWith(webhook: boolean) {
    const fake = await startFakeServer();
    fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
    if (webhook) {
      const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
      const path = { appId: fake.appId };
      await unwrap(
        management.POST("/apps/{appId}/webhooks", { params: { path }, body: { id: "bench", name: "Bench", webhookURL: hookUrl } }),
      );
      await unwrap(
        management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
          params: { path: { ...path, webhookId: "bench" } },
          body: { triggerIds: ["message_sent"] },
        }),
      );
    }
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
    const send = () => unwrap(chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "bench" } } }));
    return { fake, send };
  }

  // Latency: one event at a time, from sending the request that causes it to its arrival.
  log(`fake-webhooks: ${events} events, one at a time`);
  const latencies: number[] = [];
  {
    const { fake, send } = await fakeWith(true);
    for (let i = 0; i < events; i++) {
      const began = performance.now();
      const sent = await send();
      const id = sent.data.id;
      if (!arrived.has(id)) await new Promise<void>((done) => (waiting = { id, done }));
      latencies.push(arrived.get(id)! - began);
      arrived.delete(id);
    }
    await fake.webhooksSettled();
    await fake.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = quantile(sorted, 0.5);
  const p99 = quantile(sorted, 0.99);

  // Throughput: POST /messages with and without a webhook attached, interleaved round by round.
  async function rate(webhook: boolean): Promise<number> {
    const { fake, send } = await fakeWith(webhook);
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          await send();
          done++;
        }
      }),
    );
    await fake.webhooksSettled();
    await fake.close();
    return done / seconds;
  }
  const withHook: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < rounds; round++) {
    log(`fake-webhooks: throughput round ${round + 1} of ${rounds}`);
    for (const webhook of round % 2 ? [true, false] : [false, true]) (webhook ? withHook : without).push(await rate(webhook));
  }
  receiver.closeAllConnections();
  receiver.close();
  const ratio = median(withHook) / median(without);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  report({
    tables: [
      {
        title: "Webhooks that fire from the fake",
        intro: [
          `Event to delivery: ${events} \`message_sent\` events one at a time, from the SDK sending \`POST /messages\``,
          "to a node:http receiver on loopback reading the event's body. Throughput: `POST /messages` through",
          `\`createChatClient\`, ${concurrency} in flight for ${seconds} s, with a webhook attached (every answer also`,
          `delivers an event) and without, medians of ${rounds} rounds interleaved. All in one process, as in a test.`,
        ].join(" "),
        columns: ["measure", "result"],
        rows: [
          ["event to delivery, p50", ms(p50)],
          ["event to delivery, p99", ms(p99)],
          ["POST /messages/s without a webhook", `${Math.round(median(without))}/s`],
          ["POST /messages/s with a webhook attached", `${Math.round(median(withHook))}/s`],
          ["with ÷ without", `${ratio.toFixed(2)}×`],
        ],
      },
    ],
    figures: { fakeWebhookP50Ms: p50, fakeWebhookP99Ms: p99, fakeWebhookThroughputRatio: ratio },
    headline: [
      {
        what: "Fake server, event to webhook delivery (p50 / p99)",
        result: `${ms(p50)} / ${ms(p99)}`,
        target: "report",
      },
      {
        what: "Fake server throughput with a webhook attached ÷ without",
        result: `${ratio.toFixed(2)}×`,
        target: "report",
      },
    ],
  });
});
