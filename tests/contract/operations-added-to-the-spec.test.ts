// Operations added to the spec are covered by the contract suite with no test code of their own,
// and one added without its type test turns the run red. The fixture (tests/harness/fixture-spec.ts)
// copies a few of the spec's operations under new paths, ids and tags; the shared mock serves them,
// and the documented-response and negative tests run on them unchanged.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contractSubject } from "../harness/contract-subject";
import { coverageGaps } from "../harness/coverage";
import { describeDocumentedResponses } from "../harness/describe-documented-responses";
import { describeNegativeCases } from "../harness/describe-negative-cases";
import { FIXTURE_COPIES, FIXTURE_SOURCES, fixtureSpec } from "../harness/fixture-spec";
import { mockTargets, spec } from "../harness/mock-context";

const fixture = fixtureSpec(spec);
const subject = contractSubject("fixture: operations no test names (tests/harness/fixture-spec.ts)", fixture, mockTargets);
const root = join(__dirname, "..", "..");

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

test(`the fixture holds ${FIXTURE_COPIES} copies of ${FIXTURE_SOURCES.length} operations, with no valid request or type test of their own`, () => {
  expect(subject.operations.map((op) => op.source).sort()).toEqual(
    FIXTURE_SOURCES.flatMap((source) => Array(FIXTURE_COPIES).fill(source)).sort(),
  );
  // Where an operation's own test code would be: its valid request and its type test.
  const named = [...sources(join(root, "tests", "contract", "requests")), ...sources(join(root, "tests", "types"))]
    .map((file) => readFileSync(file, "utf8"))
    .flatMap((source) => subject.operations.filter((op) => source.includes(op.operationId) || source.includes(`"${op.path}"`)));
  expect(named).toEqual([]);
});

describe("every documented response of the fixture, elicited through the SDK", () => {
  const { cases, elicited } = describeDocumentedResponses(subject);

  // After the cases above: Jest runs a file's tests in order, concurrent ones included.
  test("the run is red only for the type tests no one wrote: every documented response was elicited", () => {
    expect(cases.length).toBeGreaterThan(subject.operations.length * 6);
    expect(coverageGaps({ spec: fixture, elicited, requestFiles: {} })).toEqual(
      subject.operations.map((op) => expect.stringMatching(new RegExp(`^${op.operationId} \\(.*\\): no type test calls ${op.method}\\(`))),
    );
  });
});

describeNegativeCases(subject);
