// Compares the spec with what the test suites can test, and names every gap with the file that
// closes it. Run on the real spec after the documented-response cases, so an operation, status or
// example added to the spec without its tests turns `npm test` red.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { caseName, documentedCases } from "./documented-cases";
import { operationsOf, tagSlug, type OpenApiDocument } from "./spec";
import { assembleValidRequests, loadRequestFiles, requestsFileOf, type ValidRequestEntries } from "./valid-requests";

const TYPES_DIR = "tests/types";

/** Every type-test file (tests/types/*.test-d.ts), by its path from the repository root. */
export function loadTypeTests(): Record<string, string> {
  const dir = join(__dirname, "..", "..", TYPES_DIR);
  const files = readdirSync(dir).filter((name) => name.endsWith(".test-d.ts"));
  return Object.fromEntries(files.map((name) => [`${TYPES_DIR}/${name}`, readFileSync(join(dir, name), "utf8")]));
}

export interface CoverageInput {
  spec: OpenApiDocument;
  /** Names (caseName) of the documented cases the suite elicits. */
  elicited: ReadonlySet<string>;
  /** The files of tests/contract/requests/; read from disk when left out. */
  requestFiles?: Record<string, ValidRequestEntries>;
  /** Type-test sources by file; read from tests/types/ when left out. Some file must call each operation's path. */
  typeTests?: Record<string, string>;
}

export function coverageGaps({ spec, elicited, requestFiles = loadRequestFiles(), typeTests = loadTypeTests() }: CoverageInput): string[] {
  const { table, gaps } = assembleValidRequests(spec, requestFiles);
  const typeSources = Object.values(typeTests);
  for (const op of operationsOf(spec)) {
    const where = `${op.operationId} (${op.method} ${op.path})`;
    const call = `${op.method}("${op.path}"`;
    if (!typeSources.some((source) => source.includes(call))) {
      gaps.push(`${where}: no type test calls ${call}); add one to ${TYPES_DIR}/${tagSlug(op.tag)}.test-d.ts`);
    }
    const full = table[op.operationId]?.full;
    for (const param of full ? op.parameters : []) {
      if (param.in === "cookie" || full?.params[param.in]?.[param.name] !== undefined) continue;
      gaps.push(
        `${where}: the full request does not set ${param.in} parameter "${param.name}"; ` +
          `give the parameter an example in the spec or set it in ${requestsFileOf(op)}`,
      );
    }
  }
  for (const documented of documentedCases(spec)) {
    if (!elicited.has(caseName(documented))) gaps.push(`${caseName(documented)}: documented response is not elicited by any contract test`);
  }
  return gaps;
}
