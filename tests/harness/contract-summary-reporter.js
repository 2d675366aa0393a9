// Jest reporter: after every run that includes tests/contract, prints one line with how many
// contract cases ran and how long the contract suite took, Prism's start (Jest's global
// setup) included. Plain CommonJS because Jest loads reporters without transpiling them.
//
// The 30 s budget is a reported number. The run fails only past GUARD_MS, a deliberately
// generous limit for "something is badly wrong" (a hung mock, a retry storm): timings on a
// shared 2-core machine vary too much for a tight assertion.
const { performance } = require("node:perf_hooks");
const { sep } = require("node:path");

const BUDGET_MS = 30_000;
const GUARD_MS = 90_000;
const CONTRACT_DIR = `${sep}tests${sep}contract${sep}`;

// Jest marks its global setup (where the shared Prism starts) in this process's performance timeline.
function globalSetupMs() {
  const start = performance.getEntriesByName("jest/globalSetup:start")[0];
  const end = performance.getEntriesByName("jest/globalSetup:end")[0];
  return start && end ? end.startTime - start.startTime : 0;
}

function summarize(results, setupMs) {
  const files = results.testResults.filter((file) => file.testFilePath.includes(CONTRACT_DIR));
  if (files.length === 0) return undefined;
  const cases = files.reduce((sum, file) => sum + file.numPassingTests + file.numFailingTests, 0);
  const filesMs = files.reduce((sum, file) => sum + (file.perfStats.end - file.perfStats.start), 0);
  return { cases, files: files.length, totalMs: filesMs + setupMs, setupMs };
}

class ContractSummaryReporter {
  constructor(_globalConfig, options = {}) {
    this.guardMs = options.guardMs ?? GUARD_MS;
    this.write = options.write ?? ((line) => process.stdout.write(line));
    this.setupMs = options.setupMs ?? globalSetupMs;
    this.error = undefined;
  }

  onRunComplete(_contexts, results) {
    const summary = summarize(results, this.setupMs());
    if (!summary) return;
    const seconds = (ms) => (ms / 1000).toFixed(1);
    this.write(
      `Contract suite: ${summary.cases} cases in ${summary.files} files, ${seconds(summary.totalMs)} s ` +
        `(Prism start ${seconds(summary.setupMs)} s included; budget ${seconds(BUDGET_MS)} s)\n`,
    );
    if (summary.totalMs > this.guardMs) {
      this.error = new Error(
        `Contract suite took ${seconds(summary.totalMs)} s, over the ${seconds(this.guardMs)} s guard: look for a hung mock or a retry storm.`,
      );
      this.write(`${this.error.message}\n`);
    }
  }

  // Jest fails the run when a reporter returns an error here.
  getLastError() {
    return this.error;
  }
}

module.exports = ContractSummaryReporter;
