import { negativeCases } from "../../harness/negative-cases";
import { responseValidator } from "../../harness/response-validator";
import { loadSpec, operationById } from "../../harness/spec";
import { validRequest } from "../../harness/valid-requests";

const spec = loadSpec();
const validator = responseValidator(spec);
const titlesOf = (operationId: string, variant: "minimal" | "full" = "minimal") =>
  negativeCases(spec, operationById(spec, operationId), validRequest(operationId, variant), validator).map((c) => c.title);

describe("negativeCases: request bodies", () => {
  test("a JSON string field gets a wrong-type case: JSON can carry a number there", () => {
    expect(titlesOf("store-settings-gifs-giphy")).toContain("body settings.giphyApiKey = 12345 (wrong type (number))");
  });

  test("a multipart string field gets none, since a form carries every value as text, but still its enum case", () => {
    const titles = titlesOf("create-rule-keyword", "full");
    expect(titles.filter((title) => title.includes("wrong type"))).toEqual([]);
    expect(titles).toContain('body category = "word-not-in-enum" (a value outside the enum)');
  });

  test("a required multipart body is left out, and its required file part too", () => {
    expect(titlesOf("upload-push-notification-certificate-p12")).toEqual(
      expect.arrayContaining(["without the required body", "body without required certificate"]),
    );
  });
});
