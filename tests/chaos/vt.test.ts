import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { type ChaosReport, clean, runChaos } from "./chaos-run";
const seeds = Array.from({ length: Number(process.env.CHAOS_SEEDS ?? 100) }, (_, i) => i + 1);
let fakes: FakeServer[];
beforeAll(async () => {
  jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask", "setImmediate"] });
  jest.setTimerTickMode({ mode: "nextAsync" });
  fakes = await Promise.all(Array.from({ length: 10 }, () => startFakeServer()));
});
afterAll(async () => { await Promise.all(fakes.map((fake) => fake.close())); jest.useRealTimers(); });
test("vt", async () => {
  const reports: ChaosReport[] = [];
  const queue = [...seeds];
  const t0 = performance.now();
  await Promise.all(fakes.map(async (fake) => { for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) reports.push(await runChaos(fake, seed, "in-process")); }));
  console.log("took", performance.now() - t0, "virtual", Date.now());
  const failing = reports.filter((r) => !clean(r)).map(({ seed, duplicates, losses, wrongReports }) => ({ seed, duplicates, losses, wrongReports }));
  expect(failing).toEqual([]);
}, 600_000);
