// Section 2: CPU cost per call with a fetch that answers at once, so only the client code is
// measured: the SDK against bare openapi-fetch, interleaved round by round. The global fetch is
// stubbed, so each client runs its real path (the SDK sends `fetch(url, init)`); an injected fetch
// is kept as an ablation, since it must get a Request and so measures another path.
import { collectGarbage, fmt, interleave, log, main, numArg, paired, report, spread } from "./section.js";
import { stubFetch as stub } from "./stub-fetch.js";
import { bareOpenapiFetch, OPERATIONS, sdk } from "./variants.js";

const BASE_URL = "https://bench.api-us.cometchat.io/v3";

main(async () => {
  const rounds = numArg("rounds", 11);
  const scale = numArg("scale", 1);
  // The benchmark process is the only user of fetch: the stub stands in for the network.
  globalThis.fetch = stub;
  const variants = [
    bareOpenapiFetch(BASE_URL),
    sdk(BASE_URL),
    sdk(BASE_URL, { timeoutsOff: true }),
    sdk(BASE_URL, { fetch: (request) => stub(request) }),
    bareOpenapiFetch(BASE_URL, true),
    sdk(BASE_URL, { middleware: "no-op middleware" }),
  ];
  const names = variants.map((v) => v.name);
  // About 0.3 s per batch on the reference machine. The calls run one after another, so wall time is CPU time.
  const sizes = { "send-thread-message": 1500, "list-users": 500 };
  const us: Record<string, Record<string, number[]>> = {};
  for (const op of OPERATIONS) {
    const calls = Math.round(sizes[op] * scale);
    const time = async (name: string) => {
      const call = variants.find((v) => v.name === name)!.calls[op];
      collectGarbage();
      const started = performance.now();
      for (let i = 0; i < calls; i++) await call();
      return ((performance.now() - started) * 1000) / calls;
    };
    for (const name of names) await time(name);
    us[op] = await interleave(names, rounds, time);
    log(`${op}: ${names.map((n) => `${n} ${paired(us[op]![n]!, us[op]!["openapi-fetch"]!).median.toFixed(2)}×`).join("; ")}`);
  }
  const vs = (op: string, name: string) => paired(us[op]![name]!, us[op]!["openapi-fetch"]!);
  const sdkRatios = OPERATIONS.map((op) => vs(op, "SDK"));
  const table = {
    title: "CPU per call, each variant ÷ bare openapi-fetch, and µs per call",
    intro:
      "The global `fetch` is replaced by a stub that answers at once with a new `Response` holding the operation's 200 body, " +
      `so each client runs its real path. ${rounds} rounds, interleaved; ratios paired within each round. Ablations: the SDK with ` +
      "an injected `fetch` (which must receive a `Request`), bare openapi-fetch with a per-call timeout signal, and the SDK with " +
      "one no-op middleware.",
    columns: ["variant", ...OPERATIONS.map((op) => `${op}: ÷ openapi-fetch`), ...OPERATIONS.map((op) => `${op}: µs per call`)],
    rows: names.map((n) => [n, ...OPERATIONS.map((op) => fmt(vs(op, n))), ...OPERATIONS.map((op) => fmt(spread(us[op]![n]!), 1, ""))]),
  };
  const where = (label: string, name: string) => OPERATIONS.map((op) => [label, `${name} ÷ openapi-fetch, CPU, ${op}`, fmt(vs(op, name))]);
  report({
    tables: [
      table,
      {
        title: "Where the time goes",
        section: "where",
        columns: ["cause", "ablation", "measured"],
        rows: [...where("CPU per call, stubbed global fetch", "SDK"), ...where("an injected fetch (a `Request`)", "SDK, injected fetch")],
      },
    ],
    figures: Object.fromEntries(OPERATIONS.map((op, i) => [`sdk ÷ openapi-fetch, ${op}`, sdkRatios[i]!.median])),
    headline: [
      {
        what: "CPU per call, real path, SDK ÷ bare openapi-fetch",
        result: OPERATIONS.map((op, i) => `${op}: ${fmt(sdkRatios[i]!)}`).join("<br>"),
        target: "≤ 0.8×",
        met: sdkRatios.every((r) => r.median <= 0.8),
        name: "CPU per call",
        why:
          "Most of it is the per-attempt timeout (an AbortController, a timer, a signal undici follows), which bare openapi-fetch " +
          'does not have; see the "SDK, timeoutMs: 0" row of section 2. Smallest change: a timer wheel shared by all calls.',
      },
    ],
  });
});
