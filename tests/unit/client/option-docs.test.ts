// Every public option shows up in editors with its default and an example: the JSDoc of each
// member of the option interfaces must carry both tags.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const src = join(__dirname, "..", "..", "..", "src");

function documentedMembers(file: string, iface: string): Array<{ name: string; doc: string }> {
  const source = readFileSync(join(src, file), "utf8");
  const block = new RegExp(`export interface ${iface}(?:<[^>]*>)?(?: extends [\\w, ]+)? \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1];
  if (block === undefined) throw new Error(`${iface} not found in ${file}`);
  const members = [...block.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
  const documented = [...block.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\??:/g)].map((m) => ({ name: m[2]!, doc: m[1]! }));
  // A member without a doc comment would be missing here; compare the two lists.
  expect(documented.map((m) => m.name)).toEqual(members);
  return documented;
}

describe("every public option documents @default and @example", () => {
  test.each([
    [
      "client/client-options.ts",
      "CommonClientOptions",
      [
        "baseUrl",
        "fetch",
        "headers",
        "dangerouslyAllowBrowser",
        "querySerializer",
        "bodySerializer",
        "pathSerializer",
        "Request",
        "requestInitExt",
        "logLevel",
      ],
    ],
    ["client/client-options.ts", "ChatClientOptions", ["appId", "region", "apiKey", "onBehalfOf", "rateLimits"]],
    ["rate-limits/rate-limit-options.ts", "RateLimits", ["app", "perUser", "store", "maxWaitMs", "onWait"]],
    ["rate-limits/rate-limit-options.ts", "RateLimitRule", ["limit", "windowMs"]],
    ["redis/redis-rate-limit-store.ts", "RedisRateLimitStoreOptions", ["url", "client", "prefix", "connectTimeoutMs", "commandTimeoutMs"]],
    [
      "redis/redis-webhook-dedupe.ts",
      "RedisWebhookDedupeOptions",
      ["url", "client", "prefix", "leaseMs", "keepMs", "flushMs", "connectTimeoutMs", "commandTimeoutMs"],
    ],
    ["webhooks/memory-webhook-dedupe.ts", "MemoryWebhookDedupeOptions", ["leaseMs", "keepMs", "now"]],
    [
      "webhooks/create-webhook-handler.ts",
      "WebhookHandlerOptions",
      ["on", "onUnknown", "onError", "dedupe", "maxBodyBytes", "bodyTimeoutMs"],
    ],
    ["webhooks/create-webhook-handler.ts", "WebhookAppsHandlerOptions", ["apps", "on", "onUnknown"]],
    ["webhooks/create-webhook-handler.ts", "WebhookAppOptions", ["on", "onUnknown"]],
    ["client/client-options.ts", "ManagementClientOptions", ["key", "secret"]],
    [
      "transport/request-options.ts",
      "RequestOptions",
      ["maxRetries", "timeoutMs", "deadlineMs", "maxResponseBytes", "idempotent", "logger", "userAgent"],
    ],
    [
      "testing/fake/server-types.ts",
      "FakeServerOptions",
      [
        "port",
        "host",
        "appId",
        "apiKey",
        "authOnlyKey",
        "key",
        "secret",
        "maxItems",
        "spec",
        "region",
        "webhookRetryDelays",
        "state",
        "rateLimits",
        "controlToken",
        "apps",
      ],
    ],
    ["testing/fake/server-types.ts", "FakeAppOptions", ["appId", "region", "apiKey", "authOnlyKey", "rateLimits"]],
    ["testing/fake/faults/faults.ts", "FailNextOptions", ["status", "retryAfter", "times"]],
    ["testing/fake/faults/faults.ts", "FaultRuleBase", ["operationId", "probability", "times", "seed", "where"]],
    ["testing/fake/faults/fault-kinds.ts", "StatusFaultOptions", ["status", "retryAfter"]],
    ["testing/fake/faults/fault-kinds.ts", "LatencyFaultOptions", ["ms"]],
    ["testing/fake/control/connect-fake.ts", "ConnectFakeOptions", ["fetch"]],
    ["testing/fake/deliveries/wait-for-delivery.ts", "DeliveryMatch", ["trigger", "webhook", "where"]],
    ["testing/fake/deliveries/wait-for-delivery.ts", "WaitForDeliveryOptions", ["timeoutMs"]],
  ])("%s %s", (file, iface, expected) => {
    const members = documentedMembers(file, iface);
    expect(members.map((m) => m.name)).toEqual(expected);
    for (const { name, doc } of members) expect([name, /@default \S/.test(doc), /@example \S/.test(doc)]).toEqual([name, true, true]);
  });
});
