// The coverage check must name what is missing when the spec grows without tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coverageGaps } from "../../harness/coverage";
import { caseName, documentedCases } from "../../harness/documented-cases";
import { loadSpec, type JsonObject } from "../../harness/spec";
import { validRequests } from "../../harness/valid-requests";

const typeTests = readFileSync(join(__dirname, "..", "..", "types", "operations.test-d.ts"), "utf8");
const allElicited = (spec: ReturnType<typeof loadSpec>) => new Set(documentedCases(spec).map(caseName));

describe("coverageGaps", () => {
  test("finds no gap when every operation has a request, a type test and every case was elicited", () => {
    const spec = loadSpec();
    expect(coverageGaps({ spec, table: validRequests, elicited: allElicited(spec), typeTests })).toEqual([]);
  });

  test("an operation added to the spec without tests is named, with each of its documented responses", () => {
    const spec = loadSpec();
    const users = (spec.paths["/users"] as JsonObject).get as JsonObject;
    spec.paths["/groups"] = { get: { ...users, operationId: "list-groups" } };
    const elicitedBefore = allElicited(loadSpec());
    const gaps = coverageGaps({ spec, table: validRequests, elicited: elicitedBefore, typeTests });
    expect(gaps).toContain("list-groups (GET /groups): no valid request in tests/harness/valid-requests.ts");
    expect(gaps).toContain('list-groups (GET /groups): no type test calls GET("/groups") in tests/types/operations.test-d.ts');
    expect(gaps).toContain("list-groups 200 firstPage: documented response is not elicited by any contract test");
    expect(gaps).toContain("list-groups 429 rateLimited: documented response is not elicited by any contract test");
  });

  test("a named example added to an existing response is named", () => {
    const spec = loadSpec();
    const elicited = allElicited(spec);
    const forbidden = (spec.components.responses as JsonObject).Forbidden as JsonObject;
    const examples = ((forbidden.content as JsonObject)["application/json"] as JsonObject).examples as JsonObject;
    examples.appDisabled = { value: { error: { code: "AUTH_ERR_APP_DISABLED", message: "The app is disabled." } } };
    expect(coverageGaps({ spec, table: validRequests, elicited, typeTests })).toEqual([
      "send-message 403 appDisabled: documented response is not elicited by any contract test",
      "send-thread-message 403 appDisabled: documented response is not elicited by any contract test",
      "list-users 403 appDisabled: documented response is not elicited by any contract test",
      "create-authtoken 403 appDisabled: documented response is not elicited by any contract test",
      "list-apps 403 appDisabled: documented response is not elicited by any contract test",
    ]);
  });

  test("a documented parameter the full request leaves out is named", () => {
    const spec = loadSpec();
    const table = structuredClone(validRequests);
    delete table["list-users"].full.params.query!.roles;
    expect(coverageGaps({ spec, table, elicited: allElicited(spec), typeTests })).toEqual([
      'list-users (GET /users): the full request does not set query parameter "roles"',
    ]);
  });

  test("a table entry for an operation the spec no longer has is named", () => {
    const spec = loadSpec();
    const table = { ...validRequests, "delete-user": validRequests["list-users"] };
    expect(coverageGaps({ spec, table, elicited: allElicited(spec), typeTests })).toEqual([
      "delete-user: in tests/harness/valid-requests.ts but not in the spec",
    ]);
  });
});
