// Every (operation, documented status, named example) of the spec is
// elicited from Prism through the SDK and checked on the wire. The last test fails, naming the
// gap, when the spec documents something no test elicited.
import { coverageGaps } from "../harness/coverage";
import { describeDocumentedResponses } from "../harness/describe-documented-responses";
import { mockSubject, spec } from "../harness/mock-context";

describe("every documented response, elicited through the SDK", () => {
  const { elicited } = describeDocumentedResponses(mockSubject);

  // Runs after the cases above (Jest keeps file order, and runs concurrent cases as one group
  // where the first of them stands), so it sees which of them passed.
  test("nothing the spec documents is left without a contract test", () => {
    expect(coverageGaps({ spec, elicited })).toEqual([]);
  });
});
