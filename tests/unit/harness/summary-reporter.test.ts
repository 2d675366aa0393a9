const SummaryReporter = require("../../harness/summary-reporter.js");

function report(results: Record<string, unknown>): string {
  let out = "";
  new SummaryReporter({}, { write: (text: string) => (out += text) }).onRunComplete(new Set(), results);
  return out;
}

const run = (tests: Array<{ status: string; ancestorTitles: string[]; title: string }>, counts: Record<string, number>) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  ...counts,
  testResults: [{ testResults: tests }],
});

describe("the summary reporter", () => {
  test("ends the run with one plain line of totals", () => {
    expect(
      report(
        run([{ status: "passed", ancestorTitles: ["a"], title: "t" }], {
          numPassedTests: 12,
          numFailedTests: 1,
          numRuntimeErrorTestSuites: 1,
        }),
      ),
    ).toBe("\n12 passed, 2 failed\n");
  });

  test("gives one line per reason for skipping, with how many tests skipped for it", () => {
    const reason = "the vendor's specs are not in ../shared/reference (or CHAT_REFERENCE_DIR)";
    const skipped = (group: string, title: string) => ({ status: "pending", ancestorTitles: [group, "a block"], title });
    const out = report(
      run(
        [
          ...Array.from({ length: 11 }, (_, i) =>
            skipped(`fidelity to the vendor's published specs (skipped: ${reason})`, `check ${i} (a detail)`),
          ),
          ...Array.from({ length: 4 }, (_, i) => skipped(`the fidelity comparator (skipped: ${reason})`, `case ${i}`)),
          { status: "todo", ancestorTitles: [], title: "later" },
          { status: "passed", ancestorTitles: ["ran (not skipped)"], title: "t" },
        ],
        { numPassedTests: 3, numPendingTests: 15, numTodoTests: 1 },
      ),
    );
    expect(out).toBe(`\n3 passed, 0 failed, 16 skipped\n15 skipped: ${reason}\n1 skipped: later\n`);
  });
});
