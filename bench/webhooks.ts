// Section: receiving a webhook. The CPU that verifying the Basic credentials and parsing a
// message_sent body costs, as a ratio to a bare JSON.parse of the same body (target: at most
// 1.5×), measured side by side in one process; and the min + gzip size of chat-rest-sdk/webhooks
// on its own, beside the client's, which must not contain any of it.
import { webhookEvents } from "../src/testing/webhook-events.js";
import { parseWebhookEvent, verifyWebhookAuth, webhookEventKey } from "../src/webhooks/index.js";
import { measureBundle } from "../tests/size/bundle-size.js";
import { arg, log, numArg, report } from "./section.js";

const TARGET = 1.5;
const rounds = numArg("rounds", 15);
const iterations = numArg("iterations", 20_000);
const quick = arg("quick", "false") === "true";

const credentials = { username: "chat-events", password: "an-example-password-of-32-chars!" };
const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
const body = JSON.stringify(webhookEvents.message_sent);

/** What each variant does to one delivery; every one returns something, so no work is optimised away. */
const variants = {
  "JSON.parse": () => JSON.parse(body),
  parseWebhookEvent: () => parseWebhookEvent(body),
  "verifyWebhookAuth + parseWebhookEvent": () => verifyWebhookAuth(authorization, credentials) && parseWebhookEvent(body),
  "verify + parse + webhookEventKey": () => verifyWebhookAuth(authorization, credentials) && webhookEventKey(parseWebhookEvent(body)),
} as const;
type Variant = keyof typeof variants;

/** CPU microseconds (user + system) per call of `run`, over `iterations` calls. */
function cpuPerCall(run: () => unknown): number {
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) if (run()) sink++;
  const used = process.cpuUsage(start);
  if (sink !== iterations) throw new Error("a variant returned nothing");
  return (used.user + used.system) / iterations;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const names = Object.keys(variants) as Variant[];
  for (const name of names) cpuPerCall(variants[name]); // warm-up: let the JIT settle on every path
  // Each round runs every variant once, in a rotated order, and each ratio is taken within its round.
  const perCall: Record<Variant, number[]> = Object.fromEntries(names.map((n) => [n, []])) as never;
  const ratios: Record<Variant, number[]> = Object.fromEntries(names.map((n) => [n, []])) as never;
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    const times = Object.fromEntries(order.map((name) => [name, cpuPerCall(variants[name])])) as Record<Variant, number>;
    for (const name of names) {
      perCall[name].push(times[name]);
      ratios[name].push(times[name] / times["JSON.parse"]);
    }
  }
  const ratio = median(ratios["verifyWebhookAuth + parseWebhookEvent"]);
  log(`webhooks: verify + parse of message_sent = ${ratio.toFixed(2)}× JSON.parse (target ≤ ${TARGET}×)`);

  const [webhooksEntry, client] = await Promise.all([
    measureBundle("src/webhooks/index.ts", { external: [] }),
    measureBundle("src/index.ts", { external: [] }),
  ]);
  const clientHasWebhooks = Object.keys(client.inputs).some((file) => file.includes("src/webhooks/") || file.includes("webhook-events"));

  report({
    tables: [
      {
        title: "Receiving a webhook: CPU per delivery of message_sent",
        intro:
          `Body: the documented message_sent payload, ${Buffer.byteLength(body)} bytes. CPU time (user + system) per call over ` +
          `${iterations} calls, ${rounds} rounds in rotated order; each ratio is to JSON.parse in the same round, and the ` +
          `median ratio is shown. Target: verify + parse at most ${TARGET}× a bare JSON.parse.${quick ? " Quick run." : ""}`,
        columns: ["work per delivery", "µs CPU (median)", "× JSON.parse (median of rounds)"],
        rows: names.map((name) => [name, median(perCall[name]).toFixed(2), median(ratios[name]).toFixed(2)]),
      },
      {
        title: "chat-rest-sdk/webhooks on its own (esbuild --minify, gzip -9)",
        intro: "The webhooks entry point bundled alone, beside the client entry point, which must contain none of it.",
        columns: ["entry", "minified bytes", "min + gzip bytes", "contains src/webhooks"],
        rows: [
          ["chat-rest-sdk/webhooks", String(webhooksEntry.minified), String(webhooksEntry.gzipped), "yes"],
          ["chat-rest-sdk (openapi-fetch included)", String(client.minified), String(client.gzipped), clientHasWebhooks ? "yes" : "no"],
        ],
      },
    ],
    figures: {
      verifyParseVsJsonParse: Number(ratio.toFixed(3)),
      verifyParseTarget: TARGET,
      verifyParseMeetsTarget: ratio <= TARGET ? 1 : 0,
      webhooksEntryGzipBytes: webhooksEntry.gzipped,
      webhooksEntryMinifiedBytes: webhooksEntry.minified,
      clientContainsWebhooks: clientHasWebhooks ? 1 : 0,
    },
    headline: [
      {
        what: "Receiving a webhook: verify + parse of message_sent ÷ bare JSON.parse, CPU",
        result: `${ratio.toFixed(2)}×`,
        target: `≤ ${TARGET}×`,
        met: ratio <= TARGET,
        name: "webhook verify + parse",
        why: "Parsing checks the envelope's fields and builds the typed event beside JSON.parse itself.",
      },
      {
        what: "chat-rest-sdk/webhooks alone, min + gzip; client bundle holds none of it",
        result: `${(webhooksEntry.gzipped / 1000).toFixed(2)} kB; client ${clientHasWebhooks ? "holds some" : "holds none"}`,
        target: "client holds none",
        met: !clientHasWebhooks,
        name: "webhooks kept out of the client",
        why: "The client entry imports a webhooks module.",
      },
    ],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
