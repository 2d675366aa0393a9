// Clients made on one Redis store and dropped (one per tenant, or per request) are freed, and a
// message from another process reaches only the clients with calls waiting. Measured in a child
// process run with --expose-gc, against a real redis-server this file starts and stops.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { type RedisServer, startRedis } from "./redis-server";

const run = promisify(execFile);
const COUNT = 5_000;
let redis: RedisServer;
let child: string;

beforeAll(async () => {
  redis = await startRedis();
  child = join(__dirname, "../../.tmp/rate-limits/discarded-clients-child.cjs");
  await build({
    entryPoints: [join(__dirname, "fixtures/discarded-clients-child.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile: child,
    logLevel: "silent",
  });
});
afterAll(() => redis?.stop());

test("dropped clients of a shared Redis store are collected, and another process's settle reaches only the client with a call waiting", async () => {
  const { stdout } = await run(process.execPath, ["--expose-gc", child], {
    env: { ...process.env, REDIS_URL: redis.url, COUNT: String(COUNT) },
    timeout: 60_000,
  });
  const { collected, heapGrowth, listenersReached } = JSON.parse(stdout) as {
    collected: number;
    heapGrowth: number;
    listenersReached: number;
  };
  // Every dropped client's governor (and the warm-up one's) is gone.
  expect(collected).toBe(COUNT + 1);
  // A kept governor is about 3 KB, so 5,000 would be some 15 MB; what grows here is not per client.
  expect(heapGrowth).toBeLessThan(4 * 1024 * 1024);
  // The one client whose call waits hears it; no dropped one does.
  expect(listenersReached).toBe(1);
});
