// Tells the run's contract summary (contract-summary-reporter.js) which subject a test file ran
// its spec-driven cases on, and its operations: Jest reports tests, not operations.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ContractSubject } from "./contract-subject";

const root = join(__dirname, "..", "..");

/** Where the record of a test file goes; the reporter reads it from the same place. */
export const runRecordFile = (testFilePath: string) =>
  join(root, ".tmp", "contract-runs", `${encodeURIComponent(relative(root, testFilePath))}.json`);

export function recordContractRun(subject: ContractSubject): void {
  afterAll(() => {
    const testFilePath = expect.getState().testPath;
    if (!testFilePath) return;
    const file = runRecordFile(testFilePath);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, JSON.stringify({ label: subject.label, operations: subject.operations.map((op) => op.operationId) }));
  });
}
