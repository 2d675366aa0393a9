// Jest reporter: after every run that includes the contract project, prints how many contract
// cases ran on how many operations, how long that took with Prism's start (Jest's global setup)
// included, and the time per case; then one line per spec the spec-driven cases ran on
// (tests/harness/record-contract-run.ts names them), with the time per case and per operation.
// Plain CommonJS because Jest loads reporters without transpiling them.
//
// It reports and never judges: how long a run takes depends on the machine and what else runs on
// it. A hung mock is caught by Jest's timeout per test, a retry storm by the tests that count
// requests; the suite's speed has its figure and its target in `npm run bench` (bench/contract.ts).
const { existsSync, readFileSync, statSync } = require("node:fs");
const { join, relative } = require("node:path");
const { performance } = require("node:perf_hooks");

const CONTRACT_PROJECT = "contract";

// Jest marks its global setup (where the shared Prism starts) in this process's performance timeline.
function globalSetupMs() {
  const start = performance.getEntriesByName("jest/globalSetup:start")[0];
  const end = performance.getEntriesByName("jest/globalSetup:end")[0];
  return start && end ? end.startTime - start.startTime : 0;
}

// The record a contract file left in this run (see record-contract-run.ts), or undefined.
function recordReader(rootDir) {
  return (testFilePath, runStartedAt) => {
    const file = join(rootDir, ".tmp", "contract-runs", `${encodeURIComponent(relative(rootDir, testFilePath))}.json`);
    if (!existsSync(file) || statSync(file).mtimeMs < runStartedAt) return undefined;
    return JSON.parse(readFileSync(file, "utf8"));
  };
}

const isContract = (file) => (file.displayName?.name ?? file.displayName) === CONTRACT_PROJECT;
const casesOf = (file) => file.numPassingTests + file.numFailingTests;
const msOf = (file) => file.perfStats.end - file.perfStats.start;
const sum = (files, of) => files.reduce((total, file) => total + of(file), 0);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const per = (ms, count, what) => `${count ? (ms / count).toFixed(1) : "0.0"} ms per ${what}`;

class ContractSummaryReporter {
  constructor(globalConfig, options = {}) {
    this.write = options.write ?? ((line) => process.stdout.write(line));
    this.setupMs = options.setupMs ?? globalSetupMs;
    this.readRecord = options.readRecord ?? recordReader(globalConfig.rootDir);
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults.filter(isContract);
    if (files.length === 0) return;
    const setupMs = this.setupMs();
    const cases = sum(files, casesOf);
    const totalMs = sum(files, msOf) + setupMs;
    const subjects = new Map();
    for (const file of files) {
      const record = this.readRecord(file.testFilePath, results.startTime ?? 0);
      if (!record) continue;
      const subject = subjects.get(record.label) ?? { operations: new Set(), files: [] };
      for (const id of record.operations) subject.operations.add(id);
      subject.files.push(file);
      subjects.set(record.label, subject);
    }
    const operations = [...subjects.values()].reduce((total, subject) => total + subject.operations.size, 0);
    this.write(
      `Contract suite: ${cases} cases, ${operations} operations, ${files.length} files in ${seconds(totalMs)} ` +
        `(Prism start ${seconds(setupMs)} included): ${per(totalMs, cases, "case")}\n`,
    );
    for (const [label, subject] of subjects) {
      const subjectCases = sum(subject.files, casesOf);
      const subjectMs = sum(subject.files, msOf);
      this.write(
        `  ${label}: ${subject.operations.size} operations, ${subjectCases} cases in ${subject.files.length} file(s), ` +
          `${seconds(subjectMs)}: ${per(subjectMs, subjectCases, "case")}, ${per(subjectMs, subject.operations.size, "operation")}\n`,
      );
    }
  }
}

module.exports = ContractSummaryReporter;
