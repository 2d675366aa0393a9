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

  test("counts skipped tests and names each skipped group once, with the reason its title gives", () => {
    const skipped = (group: string, title: string) => ({ status: "pending", ancestorTitles: [group], title });
    const out = report(
      run(
        [
          skipped("fidelity (needs the vendor's specs)", "one"),
          skipped("fidelity (needs the vendor's specs)", "two"),
          { status: "todo", ancestorTitles: [], title: "later" },
        ],
        {
          numPassedTests: 3,
          numPendingTests: 2,
          numTodoTests: 1,
        },
      ),
    );
    expect(out).toBe("\n3 passed, 0 failed, 3 skipped\nskipped: fidelity (needs the vendor's specs)\nskipped: later\n");
  });
});
