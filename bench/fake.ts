// The stateful fake against the Prism mock, side by side in one run: how long each takes to
// start, and how many `GET /users` calls per second each serves through the SDK.
// `--child start` is the fake's cold start, timed in a fresh process (as every mock start is);
// `--child serve` serves the fake from a process of its own, as Prism serves the mock, and
// `--child client` measures one client against one server from a third, on this runtime or on
// the current LTS: a client's runtime (its `fetch`) bounds what it can ask of a fast server.
import { execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { Agent, request } from "node:http";
import { dirname } from "node:path";
import { promisify } from "node:util";
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

/** A client of `GET /users`: how it calls, answering the status. */
type Client = "sdk" | "sdk-no-timeout" | "fetch" | "http";
const CLIENTS: Record<Client, string> = {
  sdk: "the SDK (`createChatClient`, defaults)",
  "sdk-no-timeout": "the SDK, `timeoutMs: 0`",
  fetch: "raw `fetch`, no timeout",
  http: "`node:http`, keep-alive agent",
};
/** The current LTS, pinned as in tests/runtimes, run from npm through npx. */
const NODE_LTS = "24.21.0";

function caller(client: Client, baseUrl: string, apiKey: string, concurrency: number): () => Promise<number> {
  if (client === "sdk" || client === "sdk-no-timeout") {
    const chat = createChatClient({ appId: "bench", apiKey, baseUrl, maxRetries: 0, ...(client === "sdk-no-timeout" && { timeoutMs: 0 }) });
    return async () => (await chat.GET("/users")).response.status;
  }
  const headers = { apikey: apiKey, accept: "application/json" };
  if (client === "fetch")
    return async () => {
      const response = await fetch(`${baseUrl}/users`, { headers });
      await response.json();
      return response.status;
    };
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  return () =>
    new Promise((resolve, reject) => {
      const req = request(`${baseUrl}/users`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on("data", (chunk: Buffer) => chunks.push(chunk))
          .on("end", () => {
            JSON.parse(Buffer.concat(chunks).toString("utf8"));
            resolve(res.statusCode!);
          })
          .on("error", reject);
      });
      req.on("error", reject).end();
    });
}

/**
 * Calls `GET /users` from `concurrency` workers for `seconds`; answers per second.
 * A first half second is not counted: it warms the JIT and opens the keep-alive sockets, which
 * would otherwise weigh on whichever server is measured first.
 */
async function throughput(call: () => Promise<number>, seconds: number, concurrency: number): Promise<number> {
  let done = 0;
  const counted = performance.now() + 500;
  const until = counted + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const status = await call();
        if (status !== 200) throw new Error(`GET /users answered ${status}`);
        if (performance.now() > counted) done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * One client's rate, measured from a process of its own: this file run again as `--child client`,
 * on this runtime or on `NODE_LTS`. Not from this process, which reads Prism's log (a line per
 * request, on a pipe Prism blocks on when it is full) and so must not be the one kept busy.
 */
async function clientRate(
  client: Client,
  lts: boolean,
  target: { url: string; apiKey: string },
  seconds: number,
  concurrency: number,
): Promise<number> {
  const args = [process.argv[1]!, "--child", "client", "--client", client, "--url", target.url, "--key", target.apiKey];
  args.push("--seconds", String(seconds), "--concurrency", String(concurrency));
  const [command, ...rest] = lts ? ["npx", "--yes", `node@${NODE_LTS}`, ...args] : [process.execPath, ...args];
  const { stdout } = await promisify(execFile)(command!, rest, { encoding: "utf8" });
  return Number(stdout.trim());
}

async function main(): Promise<void> {
  // The testing kit finds the package root (and so the spec) from `__dirname`, which this ES
  // module bundle lacks (the published build adds it with a banner): set it, then load the kit.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const child = arg("child", "");
  if (child === "client") {
    const concurrency = numArg("concurrency", 32);
    const call = caller(arg("client", "sdk") as Client, arg("url", ""), arg("key", ""), concurrency);
    process.stdout.write(String(await throughput(call, numArg("seconds", 3), concurrency)));
    return;
  }
  const { startFakeServer, startMockServer } = await import("../src/testing/index.js");
  if (child === "start") {
    process.stdout.write(String(await timeStart(() => startFakeServer())));
    return;
  }
  if (child === "serve") {
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
  const kinds = [...(Object.keys(CLIENTS) as Client[]), "lts"] as const;
  type Kind = (typeof kinds)[number];
  const rates = Object.fromEntries(kinds.map((kind) => [kind, { mock: [] as number[], fake: [] as number[] }])) as Record<
    Kind,
    { mock: number[]; fake: number[] }
  >;
  // Loads the peers and the spec in this process, so that the warm starts below are warm.
  await (await startFakeServer()).close();
  for (let round = 0; round < rounds; round++) {
    log(`fake: round ${round + 1} of ${rounds}`);
    mockStarts.push(await timeStart(() => startMockServer()));
    fakeStarts.push(Number(execFileSync(process.execPath, [script, "--child", "start"], { encoding: "utf8" })));
    warmStarts.push(await timeStart(() => startFakeServer()));
    const mock = await startMockServer();
    const server = spawn(process.execPath, [script, "--child", "serve"], { stdio: ["pipe", "pipe", "inherit"] });
    const [line] = (await once(server.stdout!, "data")) as [Buffer];
    const fake = JSON.parse(line.toString()) as { url: string; apiKey: string };
    const targets = { mock: { url: mock.url, apiKey: "bench-key" }, fake };
    try {
      // Each server just started: a first run that is not counted warms its JIT, so the first
      // client measured does not meet a cold Prism (which serves a third less at first).
      for (const target of Object.values(targets)) await clientRate("http", false, target, 2, concurrency);
      // Each round starts with another client, so none is always measured first.
      for (const kind of [...kinds.slice(round % kinds.length), ...kinds.slice(0, round % kinds.length)]) {
        // Alternate which goes first, so neither always meets a warmer machine.
        for (const which of round % 2 ? (["fake", "mock"] as const) : (["mock", "fake"] as const)) {
          const rate = await clientRate(kind === "lts" ? "sdk" : kind, kind === "lts", targets[which], seconds, concurrency);
          rates[kind][which].push(rate);
        }
      }
    } finally {
      server.stdin!.end();
      await mock.close();
    }
  }
  const startRatio = median(fakeStarts) / median(mockStarts);
  const warmRatio = median(warmStarts) / median(mockStarts);
  const ratio = (kind: Kind) => median(rates[kind].fake) / median(rates[kind].mock);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const perSecond = (value: number) => `${Math.round(value)}/s`;
  const rateRow = (kind: Kind, label: string) => [
    label,
    perSecond(median(rates[kind].mock)),
    perSecond(median(rates[kind].fake)),
    `${ratio(kind).toFixed(1)}×`,
  ];
  const here = `Node ${process.versions.node}`;
  const share = (kind: Kind) => (median(rates[kind].fake) / median(rates.fetch.fake)).toFixed(2);
  const rateResult = (kind: Kind) =>
    `${ratio(kind).toFixed(1)}× (${perSecond(median(rates[kind].fake))} against ${perSecond(median(rates[kind].mock))})`;
  report({
    tables: [
      {
        title: "The stateful fake against the Prism mock",
        intro: [
          `Medians of ${rounds} rounds, side by side in one run.`,
          "Start: `startMockServer()` (a Prism process) and `startFakeServer()` in a fresh process (cold: it loads its peers and the spec)",
          "and again in the same process (warm: the spec is loaded once).",
          `Throughput: \`GET /users\`, ${concurrency} calls in flight for ${seconds} s, each server and each client in a process of its own, the servers on ${here}.`,
          `Each client measures both servers, one after the other: the SDK on ${here} and on Node ${NODE_LTS} (the current LTS, from npm),`,
          "then two clients that show the bounds: raw `fetch` (the runtime's own ceiling, with no SDK and no timeout)",
          "and `node:http` (what the servers serve to a client that costs little).",
        ].join(" "),
        columns: ["measure", "Prism mock", "fake", "fake / mock"],
        rows: [
          ["start, cold", ms(median(mockStarts)), ms(median(fakeStarts)), `${startRatio.toFixed(3)}×`],
          ["start, warm", ms(median(mockStarts)), ms(median(warmStarts)), `${warmRatio.toFixed(3)}×`],
          rateRow("sdk", `GET /users, ${CLIENTS.sdk}, ${here}`),
          rateRow("lts", `GET /users, ${CLIENTS.sdk}, Node ${NODE_LTS}`),
          rateRow("sdk-no-timeout", `GET /users, ${CLIENTS["sdk-no-timeout"]}, ${here}`),
          rateRow("fetch", `GET /users, ${CLIENTS.fetch}, ${here}`),
          rateRow("http", `GET /users, ${CLIENTS.http}, ${here}`),
        ],
        notes: [
          `On ${here}, raw \`fetch\` itself, with no SDK and no timeout, reaches ${ratio("fetch").toFixed(1)}× Prism: what a \`fetch\` client can show of the fake on this runtime.`,
          `Against the fake, the SDK serves ${share("sdk")}× of raw \`fetch\`'s rate on ${here}` +
            ` (${share("sdk-no-timeout")}× with \`timeoutMs: 0\`) and ${share("lts")}× of it on Node ${NODE_LTS}:` +
            " a client's runtime decides how much of the fake it can use.",
          `The fake's own capacity is the \`node:http\` row, ${ratio("http").toFixed(1)}×: a client that costs less per call than \`fetch\` does.`,
        ],
      },
    ],
    figures: {
      fakeStartRatio: startRatio,
      fakeWarmStartRatio: warmRatio,
      fakeThroughputRatio: ratio("sdk"),
      fakeThroughputRatioLts: ratio("lts"),
      fakeThroughputRatioNoTimeout: ratio("sdk-no-timeout"),
      fakeThroughputRatioFetch: ratio("fetch"),
      fakeThroughputRatioHttp: ratio("http"),
    },
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
        what: `Fake server, GET /users through the SDK on Node ${NODE_LTS}, fake ÷ Prism mock`,
        result: rateResult("lts"),
        target: "≥ 10×",
        met: ratio("lts") >= 10,
        name: "fake throughput on the current LTS",
        why: "The client's process is the bound: undici's fetch takes most of its CPU, on two cores shared with the fake.",
      },
      {
        what: `Fake server, GET /users through the SDK on ${here}, fake ÷ Prism mock`,
        result: rateResult("sdk"),
        target: "≥ 10×",
        met: ratio("sdk") >= 10,
        name: `fake throughput on ${here}`,
        why: [
          `This runtime's \`fetch\` is the bound, not the fake: raw \`fetch\` with no SDK and no timeout reaches ${ratio("fetch").toFixed(1)}×,`,
          `the SDK with \`timeoutMs: 0\` ${ratio("sdk-no-timeout").toFixed(1)}×, and the fake serves ${ratio("http").toFixed(1)}× to a \`node:http\` client.`,
          ratio("fetch") < 10
            ? "No change to the SDK or the fake can pass that bound;"
            : "What remains is the SDK's own work per call (see CPU per call);",
          `the same SDK on Node ${NODE_LTS} reaches ${ratio("lts").toFixed(1)}×.`,
        ].join(" "),
      },
    ],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
