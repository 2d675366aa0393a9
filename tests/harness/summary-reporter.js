// Prints the run's totals as one plain line, `N passed, N failed`, after Jest's own summary,
// so that tools which read a run's closing line can count the tests. A skipped group names
// itself (and why, in its title), since Jest's own summary only counts it.
class SummaryReporter {
  constructor(_globalConfig, options = {}) {
    this.write = options.write ?? ((text) => process.stdout.write(text));
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    this.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
    const groups = new Set();
    for (const file of results.testResults) {
      for (const test of file.testResults)
        if (test.status === "pending" || test.status === "todo") groups.add(test.ancestorTitles[0] ?? test.title);
    }
    for (const group of groups) this.write(`skipped: ${group}\n`);
  }
}
module.exports = SummaryReporter;
