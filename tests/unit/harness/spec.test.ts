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

describe("operationsOf: request bodies", () => {
  test("a JSON body is read with its media type and its named examples", () => {
    const body = operationById(loadSpec(), "store-settings-gifs-giphy").requestBody;
    expect([body?.mediaType, body?.required, Object.keys(body?.examples ?? {})]).toEqual(["application/json", true, ["giphyKey"]]);
  });

  test("a multipart/form-data body is read too, so its operation gets a valid body and its negative cases", () => {
    const upload = operationById(loadSpec(), "upload-push-notification-certificate-p8").requestBody;
    expect([upload?.mediaType, upload?.required]).toEqual(["multipart/form-data", true]);
    expect(Object.values(upload?.examples ?? {})[0]).toHaveProperty("certificate");
  });
});
