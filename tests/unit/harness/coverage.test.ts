// The coverage check must name what is missing when the spec grows, and where to add it.
import { coverageGaps, loadTypeTests } from "../../harness/coverage";
import { caseName, documentedCases } from "../../harness/documented-cases";
import { loadSpec, operationsOf, type JsonObject, type OpenApiDocument } from "../../harness/spec";
import { loadRequestFiles, type ValidRequestEntries } from "../../harness/valid-requests";

const allElicited = (spec: OpenApiDocument) => new Set(documentedCases(spec).map(caseName));

/** The real spec plus `GET /widgets`: list-users under another path, operationId and tag. */
function specWithListWidgets(): OpenApiDocument {
  const spec = loadSpec();
  const users = (spec.paths["/users"] as JsonObject).get as JsonObject;
  spec.paths["/widgets"] = { get: { ...users, operationId: "list-widgets", tags: ["Widgets"] } };
  return spec;
}

describe("coverageGaps", () => {
  test("finds no gap when every operation has a request, a type test and every case was elicited", () => {
    const spec = loadSpec();
    expect(coverageGaps({ spec, elicited: allElicited(spec) })).toEqual([]);
  });

  test("an operation added to the spec is reached by the valid requests from its examples; only its type test and responses are named", () => {
    const spec = specWithListWidgets();
    const elicitedBefore = allElicited(loadSpec());
    expect(coverageGaps({ spec, elicited: elicitedBefore })).toEqual([
      'list-widgets (GET /widgets): no type test calls GET("/widgets"); add one to tests/types/widgets.test-d.ts',
      "list-widgets 200 firstPage: documented response is not elicited by any contract test",
      "list-widgets 400 perPageInvalid: documented response is not elicited by any contract test",
      "list-widgets 401 unknownApiKey: documented response is not elicited by any contract test",
      "list-widgets 403 insufficientScope: documented response is not elicited by any contract test",
      "list-widgets 429 rateLimited: documented response is not elicited by any contract test",
      "list-widgets 500 unexpectedFailure: documented response is not elicited by any contract test",
    ]);
  });

  test("an operation added with a type test and elicited responses leaves no gap", () => {
    const spec = specWithListWidgets();
    const typeTests = { ...loadTypeTests(), "tests/types/widgets.test-d.ts": 'await chat.GET("/widgets");' };
    expect(coverageGaps({ spec, elicited: allElicited(spec), typeTests })).toEqual([]);
  });

  test("an operation whose required parameter has no example is named, with the file for its valid request", () => {
    const spec = specWithListWidgets();
    const widgets = (spec.paths["/widgets"] as JsonObject).get as JsonObject;
    widgets.parameters = [{ name: "guid", in: "query", required: true, schema: { type: "string" } }];
    const typeTests = { ...loadTypeTests(), "tests/types/widgets.test-d.ts": 'await chat.GET("/widgets");' };
    expect(coverageGaps({ spec, elicited: allElicited(spec), typeTests })).toEqual([
      'list-widgets (GET /widgets): no valid request, because query parameter "guid" has no example; ' +
        "add the example to the spec or a valid request to tests/contract/requests/widgets.ts",
    ]);
  });

  test("a named example added to a shared response is named for every operation that uses it", () => {
    const spec = loadSpec();
    const elicited = allElicited(spec);
    const forbidden = (spec.components.responses as JsonObject).Forbidden as JsonObject;
    const examples = ((forbidden.content as JsonObject)["application/json"] as JsonObject).examples as JsonObject;
    examples.appDisabled = { value: { error: { code: "AUTH_ERR_APP_DISABLED", message: "The app is disabled." } } };
    const gaps = coverageGaps({ spec, elicited });
    const sharing = operationsOf(spec).filter((op) => op.responses["403"] === forbidden);
    expect(gaps).toEqual(
      sharing.map((op) => `${op.operationId} 403 appDisabled: documented response is not elicited by any contract test`),
    );
    expect(gaps).toContain("list-apps 403 appDisabled: documented response is not elicited by any contract test");
  });

  test("a documented parameter that a hand-written full request leaves out is named", () => {
    const spec = loadSpec();
    const requestFiles: Record<string, ValidRequestEntries> = {
      ...loadRequestFiles(),
      "tests/contract/requests/users.ts": { "list-users": { full: { params: { query: { perPage: 2 } } } } },
    };
    const gaps = coverageGaps({ spec, elicited: allElicited(spec), requestFiles });
    // Every query parameter but perPage, and nothing else.
    expect(gaps).toHaveLength(11);
    expect(gaps.filter((gap) => gap.startsWith("list-users (GET /users): the full request does not set query parameter"))).toEqual(gaps);
    expect(gaps).toContain(
      'list-users (GET /users): the full request does not set query parameter "roles"; ' +
        "give the parameter an example in the spec or set it in tests/contract/requests/users.ts",
    );
  });

  test("a valid request for an operation the spec does not have, or in another tag's file, is named", () => {
    const spec = loadSpec();
    const listUsers = { minimal: { params: {} } };
    const requestFiles = {
      ...loadRequestFiles(),
      "tests/contract/requests/users.ts": { "erase-user": listUsers } as ValidRequestEntries,
      "tests/contract/requests/management.ts": { "list-users": listUsers },
    };
    expect(coverageGaps({ spec, elicited: allElicited(spec), requestFiles })).toEqual([
      "erase-user: valid request in tests/contract/requests/users.ts but not in the spec",
      'list-users: valid request in tests/contract/requests/management.ts; its tag "Users" puts it in tests/contract/requests/users.ts',
    ]);
  });
});
