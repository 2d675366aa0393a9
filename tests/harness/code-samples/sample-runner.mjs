// `node sample-runner.mjs <plan.json> <results.json>`: runs bundled sample programs one after
// the other in this one process, as `node <sample>.mjs` would run each, and writes what each did.
// The plan is `[{ name, file }]`; the environment (CHAT_BASE_URL and the credentials) is this
// process's own, which every sample reads. For each sample it records what the program printed,
// whether it threw, and every HTTP exchange it made, as fetch's own diagnostics channels report
// them (nothing is patched or wrapped).
import { subscribe } from "node:diagnostics_channel";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

const [planFile, resultsFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, "utf8"));
// A sample that neither ends nor fails in this time is reported as hanging: longer than the SDK's own 30 s per attempt, so its timeout error shows first.
const TIMEOUT_MS = 60_000;

let current;
const exchangeOf = new WeakMap();
subscribe("undici:request:create", ({ request }) => {
  if (!current) return;
  const exchange = { method: request.method, url: `${request.origin}${request.path}`, status: undefined, violations: undefined };
  current.exchanges.push(exchange);
  exchangeOf.set(request, exchange);
});
subscribe("undici:request:headers", ({ request, response }) => {
  const exchange = exchangeOf.get(request);
  if (!exchange) return;
  exchange.status = response.statusCode;
  // Prism names what the contract refused in `sl-violations`; headers come as [name, value, ...] buffers.
  const headers = response.headers.map(String);
  const at = headers.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === "sl-violations");
  if (at >= 0) exchange.violations = headers[at + 1];
});

// What a sample prints goes to its record rather than to this process's output.
const print =
  (stream) =>
  (...args) =>
    current?.[stream].push(format(...args));
console.log = print("stdout");
console.info = print("stdout");
console.warn = print("stderr");
console.error = print("stderr");

const results = [];
for (const { name, file } of plan) {
  current = { name, stdout: [], stderr: [], exchanges: [], error: undefined, ms: 0 };
  const started = performance.now();
  let timer;
  try {
    await Promise.race([
      import(pathToFileURL(file).href),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error(`did not finish within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    current.error = { name: error?.name, message: String(error?.message ?? error), status: error?.status };
  } finally {
    clearTimeout(timer);
    current.ms = Math.round(performance.now() - started);
  }
  results.push(current);
}
current = undefined;
writeFileSync(resultsFile, JSON.stringify(results, null, 2));
