// Prints the run's totals as one plain line, `N passed, N failed`, after Jest's own summary,
// so that tools which read a run's closing line can count the tests.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
module.exports = SummaryReporter;
