// `npm run test:live`: the contract cases against the real service, through Prism's proxy, so
// every deviation is reported by operation and JSON path exactly as in drift-detection.test.ts.
// Named *.live.ts so that `npm test` never picks it up; scripts/test-live.sh runs it.
import { callsBaseUrl, chatBaseUrl } from "../../../src/index";
import type { PrismProcess } from "../../../src/testing/prism-process";
import { formatFindings } from "../../harness/findings";
import { LIVE_SKIP_MESSAGE, liveConfig, withLiveIds } from "../../harness/live-config";
import { responseValidator } from "../../harness/response-validator";
import { runContractCases, type RunResult } from "../../harness/run-contract-cases";
import { startProxy } from "../../harness/start-proxy";
import { operations as manifest } from "../../../generated/manifest";
import { loadSpec, operationsOf } from "../../harness/spec";

const MANAGEMENT_HOST = "https://apimgmt.cometchat.io";
// Never sent to a real account, writes allowed or not: they create or delete apps and accounts,
// or email a usage report to the account owner.
const NEVER_LIVE = ["create-app", "delete-app", "add-tenant", "fetch-multi-tenant-usage"];
const config = liveConfig(process.env);
const spec = loadSpec();
const proxies: PrismProcess[] = [];
let run: RunResult;

if (!config) {
  // Printed as well as skipped, so a run with nothing to do says why.
  console.warn(LIVE_SKIP_MESSAGE);
  test.skip(LIVE_SKIP_MESSAGE, () => undefined);
} else {
  beforeAll(async () => {
    const location = { appId: config.appId, region: config.region as "us" };
    const chat = await startProxy(chatBaseUrl(location));
    proxies.push(chat);
    const calls = await startProxy(callsBaseUrl(location));
    proxies.push(calls);
    const management = config.management ? await startProxy(MANAGEMENT_HOST) : undefined;
    if (management) proxies.push(management);
    run = await runContractCases({
      spec,
      validator: responseValidator(spec),
      targets: { chat: chat.url, calls: calls.url, management: management?.url ?? "http://127.0.0.1:9" },
      credentials: { apiKey: config.apiKey, key: config.management?.key ?? "-", secret: config.management?.secret ?? "-" },
      allowWrites: config.allowWrites,
      exclude: Object.fromEntries([
        ...(config.management
          ? []
          : manifest
              .filter((op) => op.api === "management")
              .map((op) => [op.operationId, "set CHAT_MGMT_KEY and CHAT_MGMT_SECRET to check the Management API"])),
        ...NEVER_LIVE.map((id) => [id, "creates or deletes apps or accounts, or emails the owner: never sent to a real account"]),
      ]),
      adjust: (_operationId, request) => (config.allowWrites ? withLiveIds(config.ids, request) : request),
    });
    console.log(formatFindings(run.findings, `Live contract check of app ${config.appId} (${config.region})`));
    for (const skipped of run.skipped) console.log(`  skipped ${skipped.operationId}: ${skipped.reason}`);
  }, 120_000);

  afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));

  test.each(operationsOf(spec).map((op) => [op.operationId]))(
    "%s matches the spec on the real service (or is skipped with the reason)",
    (operationId) => {
      if (run.skipped.some((s) => s.operationId === operationId)) return;
      const findings = run.findings.filter((f) => f.operationId === operationId);
      expect(formatFindings(findings, operationId)).toBe(`${operationId}: no deviation from the spec.`);
    },
  );
}
