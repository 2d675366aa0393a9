// Compares the spec with what the contract suite can test, and names every gap. Run by
// tests/contract/coverage.test.ts on the real spec, so an operation, status or example added
// to the spec without a contract case turns `npm test` red.
import { caseName, documentedCases } from "./documented-cases";
import { operationsOf, type OpenApiDocument } from "./spec";

export interface CoverageInput {
  spec: OpenApiDocument;
  /** operationId -> the valid requests the table holds. */
  table: Record<string, { full: { params: Record<string, Record<string, unknown> | undefined> } }>;
  /** Names (caseName) of the documented cases the suite elicits. */
  elicited: ReadonlySet<string>;
  /** Source of the type-level suite, which must name every operation's path. */
  typeTests: string;
}

export function coverageGaps({ spec, table, elicited, typeTests }: CoverageInput): string[] {
  const gaps: string[] = [];
  const operations = operationsOf(spec);
  for (const op of operations) {
    const entry = table[op.operationId];
    const where = `${op.operationId} (${op.method} ${op.path})`;
    if (!typeTests.includes(`${op.method}("${op.path}"`)) {
      gaps.push(`${where}: no type test calls ${op.method}("${op.path}") in tests/types/operations.test-d.ts`);
    }
    if (!entry) {
      gaps.push(`${where}: no valid request in tests/harness/valid-requests.ts`);
      continue;
    }
    for (const param of op.parameters) {
      if (param.in === "cookie") continue;
      if (entry.full.params[param.in]?.[param.name] === undefined) {
        gaps.push(`${where}: the full request does not set ${param.in} parameter "${param.name}"`);
      }
    }
  }
  const known = new Set(operations.map((op) => op.operationId));
  for (const id of Object.keys(table)) if (!known.has(id)) gaps.push(`${id}: in tests/harness/valid-requests.ts but not in the spec`);
  for (const documented of documentedCases(spec)) {
    if (!elicited.has(caseName(documented))) gaps.push(`${caseName(documented)}: documented response is not elicited by any contract test`);
  }
  return gaps;
}
