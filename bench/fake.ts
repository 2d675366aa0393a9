// The stateful fake against the Prism mock, side by side in one run: how long each takes to
// start, and how many `GET /users` calls per second each serves through the SDK.
// `--child start` is the fake's cold start, timed in a fresh process (as every mock start is);
// `--child serve` serves the fake from a process of its own, as Prism serves the mock, so the
// client's process measures the same SDK work against both.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { dirname } from "node:path";
import { createChatClient } from "../src/index.js";
import { arg, log, numArg, report } from "./section.js";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timeStart(start: () => Promise<{ close(): Promise<void> }>): Promise<number> {
  const began = performance.now();
  const server = await start();
  const elapsed = performance.now() - began;
  await server.close();
  return elapsed;
}

/**
 * Calls `GET /users` from `concurrency` workers for `seconds`, through the SDK; answers per second.
 * A first half second is not counted: it warms the JIT and opens the keep-alive sockets, which
 * would otherwise weigh on whichever server is measured first.
 */
async function throughput(baseUrl: string, apiKey: string, seconds: number, concurrency: number): Promise<number> {
  const chat = createChatClient({ appId: "bench", apiKey, baseUrl, maxRetries: 0 });
  let done = 0;
  const counted = performance.now() + 500;
  const until = counted + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const { response } = await chat.GET("/users");
        if (response.status !== 200) throw new Error(`GET /users answered ${response.status}`);
        if (performance.now() > counted) done++;
      }
    }),
  );
  return done / seconds;
}

async function main(): Promise<void> {
  // The testing kit finds the package root (and so the spec) from `__dirname`, which this ES
  // module bundle lacks (the published build adds it with a banner): set it, then load the kit.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const { startFakeServer, startMockServer } = await import("../src/testing/index.js");
  if (arg("child", "") === "start") {
    process.stdout.write(String(await timeStart(() => startFakeServer())));
    return;
  }
  if (arg("child", "") === "serve") {
    const fake = await startFakeServer();
    // The mock's example page holds two users; the fake gets two of its own.
    fake.seed({
      users: [
        { uid: "cometchat-uid-1", name: "Andrew" },
        { uid: "cometchat-uid-2", name: "George" },
      ],
    });
    process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey })}\n`);
    // Serves until the parent closes the pipe.
    const alive = setInterval(() => {}, 2 ** 30);
    process.stdin.resume().once("end", () => void fake.close().then(() => clearInterval(alive)));
    return;
  }
  const rounds = numArg("rounds", 3);
  const seconds = numArg("seconds", 3);
  // Enough calls in flight to keep a server busy while the client waits on the others.
  const concurrency = numArg("concurrency", 32);
  const script = process.argv[1]!;
  const mockStarts: number[] = [];
  const fakeStarts: number[] = [];
  const warmStarts: number[] = [];
  const mockRates: number[] = [];
  const fakeRates: number[] = [];
  // Loads the peers and the spec in this process, so that the warm starts below are warm.
  await (await startFakeServer()).close();
  for (let round = 0; round < rounds; round++) {
    log(`fake: round ${round + 1} of ${rounds}`);
    mockStarts.push(await timeStart(() => startMockServer()));
    fakeStarts.push(Number(execFileSync(process.execPath, [script, "--child", "start"], { encoding: "utf8" })));
    warmStarts.push(await timeStart(() => startFakeServer()));
    const mock = await startMockServer();
    const child = spawn(process.execPath, [script, "--child", "serve"], { stdio: ["pipe", "pipe", "inherit"] });
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    const fake = { ...(JSON.parse(line.toString()) as { url: string; apiKey: string }), close: () => void child.stdin!.end() };
    try {
      // Alternate which goes first, so neither always meets a warmer machine.
      const order = round % 2 ? ["fake", "mock"] : ["mock", "fake"];
      for (const which of order) {
        if (which === "mock") mockRates.push(await throughput(mock.url, "bench-key", seconds, concurrency));
        else fakeRates.push(await throughput(fake.url, fake.apiKey, seconds, concurrency));
      }
    } finally {
      fake.close();
      await mock.close();
    }
  }
  const startRatio = median(fakeStarts) / median(mockStarts);
  const warmRatio = median(warmStarts) / median(mockStarts);
  const throughputRatio = median(fakeRates) / median(mockRates);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const perSecond = (value: number) => `${Math.round(value)}/s`;
  report({
    tables: [
      {
        title: "The stateful fake against the Prism mock",
        intro: [
          `Medians of ${rounds} rounds, side by side in one run.`,
          "Start: `startMockServer()` (a Prism process) and `startFakeServer()` in a fresh process (cold: it loads its peers and the spec)",
          "and again in the same process (warm: the spec is loaded once).",
          `Throughput: \`GET /users\` through \`createChatClient\`, ${concurrency} calls in flight for ${seconds} s,`,
          "each server in a process of its own.",
        ].join(" "),
        columns: ["measure", "Prism mock", "fake", "fake / mock"],
        rows: [
          ["start, cold", ms(median(mockStarts)), ms(median(fakeStarts)), `${startRatio.toFixed(3)}×`],
          ["start, warm", ms(median(mockStarts)), ms(median(warmStarts)), `${warmRatio.toFixed(3)}×`],
          ["GET /users through the SDK", perSecond(median(mockRates)), perSecond(median(fakeRates)), `${throughputRatio.toFixed(1)}×`],
        ],
      },
    ],
    figures: { fakeStartRatio: startRatio, fakeWarmStartRatio: warmRatio, fakeThroughputRatio: throughputRatio },
    headline: [
      {
        what: "Fake server start, fake ÷ Prism mock",
        result: `${startRatio.toFixed(3)}× (${ms(median(fakeStarts))} against ${ms(median(mockStarts))})`,
        target: "≤ 0.1×",
        met: startRatio <= 0.1,
        name: "fake start",
        why: "A fresh process loads the fake's peers (Ajv, find-my-way) and parses the bundled spec before it listens.",
      },
      {
        what: "Fake server, GET /users through the SDK, fake ÷ Prism mock",
        result: `${throughputRatio.toFixed(1)}× (${perSecond(median(fakeRates))} against ${perSecond(median(mockRates))})`,
        target: "≥ 10×",
        met: throughputRatio >= 10,
        name: "fake throughput",
        why: "The client's own process, not the fake, is the bound: the SDK and undici take most of its CPU on two shared cores.",
      },
    ],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
