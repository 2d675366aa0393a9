// The contract suite scales to the size the spec is growing to: the documented-response and
// negative tests run, unchanged, on a fixture of at least 175 operations multiplied from the real
// spec (tests/harness/fixture-spec.ts), against a Prism of its own. The run's summary line reports
// how long this file took, its Prism start included.
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/testing/start-mock-server";
import { contractSubject } from "../harness/contract-subject";
import { caseName } from "../harness/documented-cases";
import { describeDocumentedResponses } from "../harness/describe-documented-responses";
import { describeNegativeCases } from "../harness/describe-negative-cases";
import { writeMultipliedSpec } from "../harness/fixture-spec";
import { spec } from "../harness/mock-context";
import { loadSpec, operationsOf } from "../harness/spec";

// As few copies as make the fixture the size the whole API will have; one once the spec is that big.
const TARGET_OPERATIONS = 175;
const COPIES = Math.max(1, Math.ceil(TARGET_OPERATIONS / operationsOf(spec).length));
const fixtureFile = join(__dirname, "..", "..", ".tmp", "contract-fixture", "openapi.json");
writeMultipliedSpec(spec, COPIES, fixtureFile);
// Read back from disk, as Prism reads it: no object is shared with the real spec.
const fixture = loadSpec(fixtureFile);

let mock: MockServer | undefined;
const subject = contractSubject(".tmp/contract-fixture/openapi.json (its own Prism start included)", fixture, () => {
  if (!mock) throw new Error("the fixture's mock has not started");
  return { chat: mock.url, calls: mock.url, management: mock.url };
});

beforeAll(async () => {
  mock = await startMockServer({ spec: fixtureFile });
}, 60_000);

afterAll(() => mock?.close());

test(`the fixture has ${COPIES} copies of each of the real spec's operations, at least ${TARGET_OPERATIONS} in all`, () => {
  expect(subject.operations).toHaveLength(COPIES * operationsOf(spec).length);
  expect(subject.operations.length).toBeGreaterThanOrEqual(TARGET_OPERATIONS);
});

describe("every documented response of the fixture, elicited through the SDK", () => {
  const { cases, elicited } = describeDocumentedResponses(subject);

  test("every documented response of every fixture operation was elicited", () => {
    expect(cases.map(caseName).filter((name) => !elicited.has(name))).toEqual([]);
  });
});

describeNegativeCases(subject);
