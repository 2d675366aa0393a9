// Exactly-once handling across processes: four receiver processes behind a round-robin proxy share
// a real redis-server (redisWebhookDedupe). A sender delivers 1,000 events at least once, as the
// service does, retrying each until it gets a 2xx; the proxy drops 10% of the receivers' answers,
// so those events come again though handled, and one process is killed mid-handler, so its event
// is handled by another after the lease. Each event must be handled exactly once, none lost.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "esbuild";
import { createClient } from "redis";
import { webhookEvents } from "../../src/testing/index";
import { type RedisServer, startRedis } from "./redis-server";

jest.setTimeout(300_000);

const root = join(__dirname, "..", "..");
let redis: RedisServer;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await redis?.stop();
});

async function startReceiver(file: string, killAt: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, REDIS_URL: redis.url, KILL_AT: killAt },
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
  const killAt = "event-500";
  const ports = (await Promise.all([0, 1, 2, 3].map(() => startReceiver(file, killAt)))).map((r) => r.port);

  // Round robin over the receivers; every tenth answer is dropped (the socket destroyed after the
  // receiver answered), and a receiver that is gone answers 502: the sender retries both.
  let turn = 0;
  let answers = 0;
  const proxy = createServer((incoming, outgoing) => {
    const port = ports[turn++ % ports.length]!;
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
        if (!outgoing.headersSent) outgoing.writeHead(502).end();
      });
      upstream.end(Buffer.concat(chunks));
    });
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => proxy.once("listening", resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;

  const authorization = `Basic ${Buffer.from("hook:s3cret").toString("base64")}`;
  const base = webhookEvents.message_sent;
  let deliveries = 0;
  async function deliverUntilAcknowledged(id: string) {
    const body = JSON.stringify({ ...base, data: { ...base.data, message: { ...base.data.message, id } } });
    for (let attempt = 0; attempt < 1_000; attempt++) {
      deliveries++;
      const status = await fetch(url, { method: "POST", headers: { authorization, "content-type": "application/json" }, body }).then(
        (response) => response.status,
        () => 0,
      );
      if (status >= 200 && status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${id} was never acknowledged`);
  }
  const ids = Array.from({ length: 1_000 }, (_, i) => `event-${i}`);
  // Twenty at a time, so that several deliveries are in flight at every receiver. The event that
  // kills its process goes alone: another handler of that process caught between its work and the
  // done mark would run again on its retry, the gap the README names, which no store can close.
  // The done marks that process queued for the batches before go out in the write of the killing
  // event's claim, ahead of it, so none of them is lost with the process.
  for (let i = 0; i < ids.length; i += 20) {
    const batch = ids.slice(i, i + 20);
    await Promise.all(batch.filter((id) => id !== killAt).map(deliverUntilAcknowledged));
    if (batch.includes(killAt)) await deliverUntilAcknowledged(killAt);
  }
  proxy.close();

  const log = await createClient({ url: redis.url }).connect();
  try {
    const handled: string[] = await log.lRange("handled", 0, -1);
    const counts = new Map<string, number>();
    for (const id of handled) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(counts.size).toBe(1_000);
    expect(ids.filter((id) => !counts.has(id))).toEqual([]);
    // The kill happened, and answers were dropped, so events were delivered more than once.
    expect(await log.get("killed")).not.toBeNull();
    expect(deliveries).toBeGreaterThan(1_000);
  } finally {
    log.destroy();
  }
});
