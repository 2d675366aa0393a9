// The run reports how many contract cases ran and how long the suite took.
const Reporter = require("../../harness/contract-summary-reporter.js");

const file = (path: string, passed: number, failed: number, ms: number) => ({
  testFilePath: path,
  numPassingTests: passed,
  numFailingTests: failed,
  perfStats: { start: 1_000, end: 1_000 + ms },
});

function report(files: ReturnType<typeof file>[], setupMs: number, guardMs?: number) {
  const lines: string[] = [];
  const reporter = new Reporter({}, { write: (line: string) => lines.push(line), setupMs: () => setupMs, guardMs });
  reporter.onRunComplete(new Set(), { testResults: files });
  return { lines, error: reporter.getLastError() as Error | undefined };
}

describe("the contract summary reporter", () => {
  test("counts the cases of tests/contract only and adds Prism's start to their time", () => {
    const { lines, error } = report(
      [
        file("/repo/tests/contract/negative.test.ts", 100, 3, 2_000),
        file("/repo/tests/contract/harness/spec.test.ts", 4, 0, 500),
        file("/repo/tests/unit/client.test.ts", 50, 0, 9_000),
      ],
      1_500,
    );
    expect(lines).toEqual(["Contract suite: 107 cases in 2 files, 4.0 s (Prism start 1.5 s included; budget 30.0 s)\n"]);
    expect(error).toBeUndefined();
  });

  test("stays silent when no contract test ran", () => {
    expect(report([file("/repo/tests/unit/client.test.ts", 5, 0, 100)], 0).lines).toEqual([]);
  });

  test("fails the run past the generous guard, and says so", () => {
    const { lines, error } = report([file("/repo/tests/contract/negative.test.ts", 1, 0, 95_000)], 0, 90_000);
    expect(error?.message).toMatch(/took 95\.0 s, over the 90\.0 s guard/);
    expect(lines[1]).toBe(`${error!.message}\n`);
  });
});
