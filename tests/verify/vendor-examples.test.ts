// Recordings assembled from the vendor's published examples (../shared/reference), replayed
// through the fake: the differences are expected, as the examples come from other moments of a
// demo app, and each one is listed in vendor-allow.json with its reason. An entry that lists
// nothing fails too, so the list stays in step with the fake; docs/fake-fidelity.md reports each.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatVerifyReport, readAllowList, verifyFake } from "../../src/testing/index";
import { describeWithReference } from "../harness/reference";
import { vendorRecording } from "./vendor-recording";

const ALLOW = join(__dirname, "vendor-allow.json");

describeWithReference("the vendor's examples, replayed through the fake", () => {
  test("every difference from the vendor's examples is on the allow-list with its reason, and every entry is used", async () => {
    const report = await verifyFake(vendorRecording(), { allow: ALLOW });
    expect(report.unlisted).toEqual([]);
    expect(report.unusedAllowEntries).toEqual([]);
    expect(report.ok).toBe(true);
    expect(formatVerifyReport(report)).toMatch(
      /^OK: 7 exchanges replayed, 7 operations: 0 matched, 7 differ, 0 not modelled; 0 difference\(s\) not on the allow-list, 12 allowed/,
    );
  });

  test("without the allow-list the same replay fails, naming the fake's gaps and the vendor example the spec refuses", async () => {
    const report = await verifyFake(vendorRecording());
    expect(report.ok).toBe(false);
    const fields = report.unlisted.map((d) => `${d.side} ${d.operationId} ${d.field}`);
    expect(fields).toEqual(expect.arrayContaining(["fake send-message $.data.data.entities", "spec get-user-conversations $.data"]));
  });

  test("docs/fake-fidelity.md gives each allow-list entry's operation, field and reason", () => {
    const doc = readFileSync(join(__dirname, "..", "..", "docs", "fake-fidelity.md"), "utf8");
    for (const entry of readAllowList(ALLOW).allow)
      expect(doc).toContain(`| \`${entry.operationId}\` | \`${entry.field}\` | ${entry.reason} |`);
  });
});
