import { loadSpec, operationById, validationStatus, type SpecOperation } from "../../harness/spec";

const withStatuses = (...statuses: string[]): SpecOperation =>
  ({
    operationId: "x",
    method: "GET",
    path: "/x",
    tag: "Users",
    parameters: [],
    responses: Object.fromEntries(statuses.map((s) => [s, {}])),
    credentialHeaders: [],
  }) as SpecOperation;

describe("validationStatus: the status an invalid request must get comes from the spec", () => {
  test("a documented 422 wins", () => expect(validationStatus(withStatuses("200", "400", "422"))).toBe(422));
  test("else the documented 400", () => expect(validationStatus(withStatuses("200", "400"))).toBe(400));
  test("else Prism's generated 422", () => expect(validationStatus(withStatuses("200"))).toBe(422));
});

describe("operationsOf", () => {
  test("resolves shared parameters and the security scheme's header names", () => {
    const spec = loadSpec();
    const thread = operationById(spec, "send-thread-message");
    expect(thread.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ["path", "id", true],
      ["header", "onBehalfOf", true],
    ]);
    expect(thread.credentialHeaders).toEqual([["apikey"]]);
    expect(operationById(spec, "list-apps").credentialHeaders).toEqual([["key", "secret"]]);
  });
});
