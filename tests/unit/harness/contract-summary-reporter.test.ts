// The run reports how many contract cases ran on how many operations, how long that took and the
// time per case and per operation; it never fails a run, however long the run took.
const Reporter = require("../../harness/contract-summary-reporter.js");

const file = (path: string, project: string, passed: number, failed: number, ms: number) => ({
  testFilePath: path,
  displayName: { name: project, color: "white" },
  numPassingTests: passed,
  numFailingTests: failed,
  perfStats: { start: 1_000, end: 1_000 + ms },
});

type File = ReturnType<typeof file>;
const records: Record<string, { label: string; operations: string[] }> = {
  "/repo/tests/contract/negative.test.ts": { label: "generated/openapi.json", operations: ["list-users", "send-message"] },
  "/repo/tests/contract/documented-responses.test.ts": { label: "generated/openapi.json", operations: ["list-users", "send-message"] },
  "/repo/tests/contract/at-scale.test.ts": { label: "fixture", operations: ["list-users-001", "list-users-002", "list-users-003"] },
};

function report(files: File[], setupMs: number) {
  const lines: string[] = [];
  const reporter = new Reporter(
    { rootDir: "/repo" },
    { write: (line: string) => lines.push(line), setupMs: () => setupMs, readRecord: (path: string) => records[path] },
  );
  reporter.onRunComplete(new Set(), { testResults: files, startTime: 0 });
  // Jest fails a run when a reporter's getLastError() returns an error.
  return { lines, error: reporter.getLastError?.() as Error | undefined };
}

describe("the contract summary reporter", () => {
  test("counts the contract project's cases and operations, adds Prism's start, and gives the time per case and per operation", () => {
    const { lines, error } = report(
      [
        file("/repo/tests/contract/negative.test.ts", "contract", 100, 3, 2_000),
        file("/repo/tests/contract/documented-responses.test.ts", "contract", 40, 0, 1_000),
        file("/repo/tests/contract/at-scale.test.ts", "contract", 850, 7, 8_000),
        file("/repo/tests/contract/harness/spec.test.ts", "unit", 4, 0, 500),
        file("/repo/tests/unit/client.test.ts", "unit", 50, 0, 9_000),
      ],
      1_500,
    );
    expect(lines).toEqual([
      "Contract suite: 1000 cases, 5 operations, 3 files in 12.5 s (Prism start 1.5 s included): 12.5 ms per case\n",
      "  generated/openapi.json: 2 operations, 143 cases in 2 file(s), 3.0 s: 21.0 ms per case, 1500.0 ms per operation\n",
      "  fixture: 3 operations, 857 cases in 1 file(s), 8.0 s: 9.3 ms per case, 2666.7 ms per operation\n",
    ]);
    expect(error).toBeUndefined();
  });

  test("stays silent when no contract test ran", () => {
    expect(report([file("/repo/tests/unit/client.test.ts", "unit", 5, 0, 100)], 0).lines).toEqual([]);
  });

  test("never fails the run, however long the contract files took", () => {
    const hour = 3_600_000;
    const { lines, error } = report([file("/repo/tests/contract/negative.test.ts", "contract", 100, 0, hour)], hour);
    expect(error).toBeUndefined();
    expect(lines).toEqual([
      "Contract suite: 100 cases, 2 operations, 1 files in 7200.0 s (Prism start 3600.0 s included): 72000.0 ms per case\n",
      "  generated/openapi.json: 2 operations, 100 cases in 1 file(s), 3600.0 s: 36000.0 ms per case, 1800000.0 ms per operation\n",
    ]);
  });
});
