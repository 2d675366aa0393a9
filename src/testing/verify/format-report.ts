// The report of verifyFake as text: a line per operation, then each difference under it, the
// fake's apart from the spec's, so that a reader knows whom to tell.
import type { Difference } from "./compare-answers";
import type { VerifyReport } from "./verify-fake";

const value = (v: unknown) => (v === undefined ? "(absent)" : JSON.stringify(v)?.slice(0, 80));

function line(d: Difference): string {
  const values = d.kind === "shape" || d.kind === "schema" ? "" : `: recorded ${value(d.recorded)}, fake ${value(d.fake)}`;
  const allowed = d.allowed ? ` [allowed: ${d.allowed}]` : "";
  return `      #${d.seq} ${d.field} (${d.kind}) ${d.message}${values}${allowed}`;
}

/**
 * The report of `verifyFake` as text: the verdict, a line per operation (matched,
 * differs, not modelled), and under each operation the differences in the fake ("fake wrong":
 * tell the fake's maintainers) and what the spec refuses in the recorded answers ("spec wrong":
 * tell the spec's), each with the exchange's `#seq`, the JSON path, what the service and the fake
 * sent, and the allow-list's reason when it lists it.
 *
 * @example
 * console.log(formatVerifyReport(await verifyFake("staging.ndjson")));
 */
export function formatVerifyReport(report: VerifyReport): string {
  const count = (verdict: string) => report.operations.filter((o) => o.verdict === verdict).length;
  const out = [
    `${report.ok ? "OK" : "DIFFERS"}: ${report.replayed} exchanges replayed, ${report.operations.length} operations: ` +
      `${count("matched")} matched, ${count("differs")} differ, ${count("not modelled")} not modelled; ` +
      `${report.unlisted.length} difference(s) not on the allow-list, ${report.differences.length - report.unlisted.length} allowed.`,
    `Seeded from the recording: ${report.seeded.users} users, ${report.seeded.groups} groups, ${report.seeded.members} members.`,
  ];
  for (const refused of report.seeded.refused) out.push(`  not seeded: ${refused}`);
  if (report.unanswered.length)
    out.push(`Not replayed, as no answer was recorded (the service may still have applied them): #${report.unanswered.join(", #")}.`);
  for (const operation of report.operations) {
    out.push(`  ${operation.verdict.padEnd(12)} ${operation.operationId} (${operation.exchanges.length} exchange(s))`);
    if (operation.fakeDiffers.length)
      out.push("    fake wrong (the fake answered otherwise than the service):", ...operation.fakeDiffers.map(line));
    if (operation.specRefuses.length)
      out.push("    spec wrong (the spec refuses the service's answer):", ...operation.specRefuses.map(line));
  }
  for (const entry of report.unusedAllowEntries)
    out.push(`  unused allow-list entry: ${entry.operationId} ${entry.field}${entry.side ? ` (${entry.side})` : ""}: ${entry.reason}`);
  return out.join("\n");
}
