// The marketplace example (examples/marketplace/) run whole: two tenant apps in two regions on one
// fake, sign-ins, an order group per purchase with its messages and a thread reply, a moderator's
// kick; one receiver (Express 5) in four processes behind a proxy that drops every tenth answer,
// one redis-server, and one receiver process killed in the middle of a handler. Every event the
// fake delivered, of both apps, must be handled exactly once: none lost, none twice.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { createClient } from "redis";
import { type ChatClient, createChatClient, createManagementClient } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { webhookEventKey } from "../../src/webhooks/index";
import { type Cast, castOf, kick, purchase, signIn } from "../../examples/marketplace/backend";
import { type DroppingProxy, startDroppingProxy } from "../../examples/marketplace/proxy";
import { attachWebhook } from "../fake/attach-webhook";
import { type RedisServer, startRedis } from "../rate-limits/redis-server";

jest.setTimeout(300_000);

const root = join(__dirname, "..", "..");
const TENANTS = [
  { appId: "shop-eu", region: "eu", hook: { username: "eu-hook", password: "eu-secret" } },
  { appId: "shop-us", region: "us", hook: { username: "us-hook", password: "us-secret" } },
] as const;
const CRASH_TEXT = "the message whose handler dies";
const ORDERS = 24;

let redis: RedisServer | undefined;
let fake: FakeServer | undefined;
let proxy: DroppingProxy | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await proxy?.close();
  await fake?.close();
  await redis?.stop();
});

async function startReceiver(file: string, redisUrl: string): Promise<number> {
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      TENANT_HOOKS: JSON.stringify(Object.fromEntries(TENANTS.map(({ appId, hook }) => [appId, hook]))),
      CRASH_ON_TEXT: CRASH_TEXT,
      // A short lease, so that the killed process's claim ends while its event is still being retried.
      LEASE_MS: "1000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const port = /port (\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    child.once("exit", (code) => reject(new Error(`a receiver exited with ${code}`)));
  });
}

test("every event of both tenant apps is handled exactly once through four receivers, a dropping proxy and a killed process", async () => {
  redis = await startRedis();
  // Bundled where node_modules resolves express and redis, as the app's build would be.
  const dir = join(root, "node_modules", ".cache", "marketplace");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "receiver.mjs");
  await build({
    entryPoints: [join(root, "examples", "marketplace", "receiver.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    tsconfig: join(root, "examples", "tsconfig.json"),
    outfile: file,
    logLevel: "error",
  });
  const ports = await Promise.all([0, 1, 2, 3].map(() => startReceiver(file, redis!.url)));
  proxy = await startDroppingProxy(ports, { dropEvery: 10 });

  // The service retries a failed delivery twice; here six times within about six seconds, so that an
  // answer dropped twice in a row, or the killed process's claim, is not the network losing the event.
  fake = await startFakeServer({
    apps: TENANTS.map(({ appId, region }) => ({ appId, region })),
    webhookRetryDelays: [100, 250, 500, 1_000, 1_500, 2_500],
  });
  const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
  const tenants: { appId: string; cast: Cast; chat: ChatClient }[] = [];
  for (const { appId, hook } of TENANTS) {
    await attachWebhook(
      management,
      appId,
      { id: "marketplace", name: "Marketplace", webhookURL: proxy.url, useBasicAuth: true, ...hook, retryOnFailure: true },
      ["message_sent", "group_created", "group_member_added", "group_member_kicked"],
    );
    const app = fake.apps.find((one) => one.appId === appId)!;
    tenants.push({ appId, cast: castOf(appId), chat: createChatClient({ appId, apiKey: app.apiKey, baseUrl: app.url }) });
  }

  // Both tenants at once: sign-ins, then purchases four at a time per tenant, then a kick.
  const phase = async (from: number, to: number) => {
    await Promise.all(
      tenants.map(async ({ chat, cast }) => {
        for (let order = from; order < to; order += 4)
          await Promise.all([0, 1, 2, 3].filter((i) => order + i < to).map((i) => purchase(chat, cast, order + i)));
      }),
    );
    await fake!.webhooksSettled();
  };
  await Promise.all(tenants.map(({ chat, cast }) => signIn(chat, cast)));
  await phase(0, ORDERS / 2);
  // The event that kills its process goes alone: another handler of that process caught between its
  // work and its done mark would run again on its retry, the gap no store can close (src/redis).
  const [eu] = tenants;
  await eu!.chat.POST("/messages", { body: { receiver: "order-0", receiverType: "group", data: { text: CRASH_TEXT } } });
  await fake.webhooksSettled();
  await phase(ORDERS / 2, ORDERS);
  await Promise.all(tenants.map(({ chat, cast }) => kick(chat, cast, 1)));
  await fake.webhooksSettled();

  const ledger = await createClient({ url: redis.url }).connect();
  try {
    const report = [];
    for (const { appId } of TENANTS) {
      const deliveries = fake.app(appId).webhookDeliveries;
      const delivered = new Set(deliveries.map((delivery) => webhookEventKey(delivery.payload)));
      const handled: string[] = await ledger.lRange(`marketplace:handled:${appId}`, 0, -1);
      const counts = new Map<string, number>();
      for (const key of handled) counts.set(key, (counts.get(key) ?? 0) + 1);
      const once = [...delivered].filter((key) => counts.get(key) === 1).length;
      const lost = [...delivered].filter((key) => !counts.has(key));
      const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
      const strangers = [...counts.keys()].filter((key) => !delivered.has(key));
      report.push({ appId, delivered: delivered.size, handledOnce: once, lost: lost.length, handledTwice: twice.length });
      expect({ appId, lost, twice, strangers, failed: deliveries.filter((d) => d.state !== "delivered").length }).toEqual({
        appId,
        lost: [],
        twice: [],
        strangers: [],
        failed: 0,
      });
      expect(once).toBe(delivered.size);
      // Each purchase is at least its group, two adds and three messages.
      expect(delivered.size).toBeGreaterThanOrEqual(ORDERS * 6);
    }
    console.log(
      report
        .map(
          (r) =>
            `${r.appId}: ${r.delivered} events delivered, ${r.handledOnce} handled once, ${r.lost} lost, ${r.handledTwice} handled twice`,
        )
        .join("\n"),
    );
    // The drill happened, and answers were dropped, so events were delivered more than once.
    expect(await ledger.get("marketplace:crashed")).not.toBeNull();
    expect(proxy.counts().dropped).toBeGreaterThan(10);
  } finally {
    ledger.destroy();
  }
});
