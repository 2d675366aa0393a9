// Every (operation, documented status, named example) of the spec is
// elicited from Prism through the SDK and checked on the wire. The last test fails, naming the
// gap, when the spec documents something no test elicited.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coverageGaps } from "../harness/coverage";
import { describeDocumentedResponses } from "../harness/describe-documented-responses";
import { mockSubject, spec } from "../harness/mock-context";
import { validRequests } from "../harness/valid-requests";

describe("every documented response, elicited through the SDK", () => {
  const { elicited } = describeDocumentedResponses(mockSubject);

  // Runs after the cases above (Jest keeps file order, and runs concurrent cases as one group
  // where the first of them stands), so it sees which of them passed.
  test("nothing the spec documents is left without a contract test", () => {
    const typeTests = readFileSync(join(__dirname, "..", "types", "operations.test-d.ts"), "utf8");
    expect(coverageGaps({ spec, table: validRequests, elicited, typeTests })).toEqual([]);
  });
});
