// Prints the run's totals as one plain line, `N passed, N failed`, after Jest's own summary,
// so that tools which read a run's closing line can count the tests. Skipped tests follow in one
// line per reason, with how many skipped for it: a group or test that skips gives the reason at
// the end of its title, as `(skipped: <reason>)` (tests/harness/reference.ts does), and anything
// else is named by its outermost title.
const REASON = /\(skipped: (.+)\)$/;

class SummaryReporter {
  constructor(_globalConfig, options = {}) {
    this.write = options.write ?? ((text) => process.stdout.write(text));
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    this.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
    const reasons = new Map();
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        if (test.status !== "pending" && test.status !== "todo") continue;
        const titles = [...test.ancestorTitles, test.title];
        const reason = titles.map((title) => REASON.exec(title)?.[1]).find(Boolean) ?? titles[0];
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
    for (const [reason, count] of reasons) this.write(`${count} skipped: ${reason}\n`);
  }
}
module.exports = SummaryReporter;
