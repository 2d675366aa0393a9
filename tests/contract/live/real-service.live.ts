// `npm run test:live`: the contract cases against the real service, through Prism's proxy, so
// every deviation is reported by operation and JSON path exactly as in drift-detection.test.ts.
// Named *.live.ts so that `npm test` never picks it up; scripts/test-live.sh runs it.
import { chatBaseUrl } from "../../../src/index";
import type { PrismProcess } from "../../../src/testing/prism-process";
import { formatFindings } from "../../harness/findings";
import { LIVE_SKIP_MESSAGE, liveConfig, withLiveIds } from "../../harness/live-config";
import { responseValidator } from "../../harness/response-validator";
import { runContractCases, type RunResult } from "../../harness/run-contract-cases";
import { startProxy } from "../../harness/start-proxy";
import { loadSpec, operationsOf } from "../../harness/spec";

const MANAGEMENT_HOST = "https://apimgmt.cometchat.io";
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
    const chat = await startProxy(chatBaseUrl({ appId: config.appId, region: config.region as "us" }));
    proxies.push(chat);
    const management = config.management ? await startProxy(MANAGEMENT_HOST) : undefined;
    if (management) proxies.push(management);
    run = await runContractCases({
      spec,
      validator: responseValidator(spec),
      targets: { chat: chat.url, management: management?.url ?? "http://127.0.0.1:9" },
      credentials: { apiKey: config.apiKey, key: config.management?.key ?? "-", secret: config.management?.secret ?? "-" },
      allowWrites: config.allowWrites,
      exclude: config.management ? {} : { "list-apps": "set CHAT_MGMT_KEY and CHAT_MGMT_SECRET to check the Management API" },
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
