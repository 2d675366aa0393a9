import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { bundleForChild } from "../../harness/bundle-for-child";

const root = join(__dirname, "..", "..", "..");

// Runs in a child process started with --expose-gc, so that the heap it measures is the SDK's
// alone. The stub answers at once, within the same turn of the event loop, as a stub or an
// in-process fake does: nothing else gives the runtime a chance to free what a call left behind.
const script = `
import { createChatClient } from "./src/index";
import { diagnosticsChannel } from "./src/diagnostics/diagnostics-channel";
import { ATTEMPT_CHANNEL, CALL_CHANNEL } from "./src/diagnostics/channel-names";

const CALLS = 200_000;
const body = '{"data":{"uid":"ana","name":"Ana"}}';
const stub = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
async function heapAfterGc() {
  // A FinalizationRegistry frees its entries in a task after the collection that found them dead.
  for (let i = 0; i < 5; i++) {
    globalThis.gc!();
    await pause();
  }
  return process.memoryUsage().heapUsed;
}
async function grows(call: (i: number) => Promise<unknown>, calls = CALLS) {
  for (let i = 0; i < 2_000; i++) await call(i);
  const before = await heapAfterGc();
  for (let i = 0; i < calls; i++) await call(i);
  return (await heapAfterGc()) - before;
}

(async () => {
  const chat = createChatClient({ appId: "2a1b3c4d", region: "eu", apiKey: "k", fetch: stub });
  const get = (i: number) => chat.GET("/users/{uid}", { params: { path: { uid: "u" + (i % 10) } } });
  const result: Record<string, number> = {};
  result.injectedFetch = await grows(get);
  // A signal every call shares: shared-signal-memory.test.ts. Fewer calls from here on: a path
  // kept per call would show over 1 MB after 20,000.
  // A subscriber to the call and attempt channels, and paths filled in by the caller: each call names another path.
  const noop = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
  diagnosticsChannel!.tracingChannel(CALL_CHANNEL).subscribe(noop);
  diagnosticsChannel!.tracingChannel(ATTEMPT_CHANNEL).subscribe(noop);
  result.tracedFilledPaths = await grows((i) => chat.request("GET", "/users/u" + i), 20_000);
  console.log(JSON.stringify(result));
})();
`;

describe("memory over many calls", () => {
  test("200,000 calls answered at once leave the heap where it was, within 1 MB, and so do 20,000 traced with paths filled in", () => {
    const file = bundleForChild("call-memory", { source: script });
    const out = execFileSync(process.execPath, ["--expose-gc", file], { cwd: root, encoding: "utf8" });
    const growth = JSON.parse(out) as Record<string, number>;
    const MB = 1024 * 1024;
    expect(Object.keys(growth)).toEqual(["injectedFetch", "tracedFilledPaths"]);
    expect(Object.entries(growth).filter(([, bytes]) => bytes >= MB)).toEqual([]);
  }, 300_000);
});
