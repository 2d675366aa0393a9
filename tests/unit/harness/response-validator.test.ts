// The Ajv check reads schemas with OpenAPI 3.0 meaning and reports readable JSON paths.
import { responseValidator } from "../../harness/response-validator";
import { toJsonSchema } from "../../harness/oas30-to-json-schema";
import { loadSpec, operationById, type JsonObject } from "../../harness/spec";

const spec = loadSpec();
const validator = responseValidator(spec);
const okSchema = (operationId: string) =>
  ((operationById(spec, operationId).responses["200"]!.content as JsonObject)["application/json"] as JsonObject).schema as JsonObject;

describe("toJsonSchema (OpenAPI 3.0 -> JSON Schema)", () => {
  test("nullable: true admits null, and only then", () => {
    const nullable = toJsonSchema({ type: "string", nullable: true }, "#") as JsonObject;
    const plain = { type: "object", properties: { name: { type: "string" } } };
    expect(validator.validate({ type: "object", properties: { name: nullable } }, { name: null })).toEqual([]);
    expect(validator.validate(plain, { name: null })).toEqual([{ path: "$.name", message: "must be string (got null)" }]);
    expect(validator.validate({ type: "string", nullable: true } as JsonObject, null)).toEqual([]);
  });

  test("boolean exclusiveMinimum (OpenAPI 3.0 / draft-04) becomes the numeric form", () => {
    expect(toJsonSchema({ type: "integer", minimum: 0, exclusiveMinimum: true }, "#")).toEqual({ type: "integer", exclusiveMinimum: 0 });
    expect(validator.validate({ type: "integer", minimum: 0, exclusiveMinimum: true }, 0)).toHaveLength(1);
    expect(validator.validate({ type: "integer", minimum: 0, exclusiveMinimum: false }, 0)).toEqual([]);
  });

  test("OpenAPI-only annotations are dropped and component refs rewritten", () => {
    expect(toJsonSchema({ $ref: "#/components/schemas/User" }, "base#/$defs/")).toEqual({ $ref: "base#/$defs/User" });
    expect(
      toJsonSchema(
        {
          type: "object",
          example: {},
          discriminator: { propertyName: "k" },
          "x-internal": true,
          properties: { example: { type: "string", example: "e" } },
        },
        "#",
      ),
    ).toEqual({
      type: "object",
      properties: { example: { type: "string" } },
    });
  });

  test("a keyword that is neither OpenAPI nor JSON Schema still fails loudly (strict mode)", () => {
    expect(() => validator.validate({ type: "integer", minimun: 1 } as JsonObject, 1)).toThrow(/minimun/);
  });
});

describe("response validation against the spec", () => {
  test("a wrong type is reported at its JSON path", () => {
    const body = {
      data: [{ uid: 7, name: "x", createdAt: 1 }],
      meta: { pagination: { total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 } },
    };
    expect(validator.validate(okSchema("list-users"), body)).toEqual([{ path: "$.data[0].uid", message: "must be string (got 7)" }]);
  });

  test("a missing required property is reported at the property's own path", () => {
    expect(validator.validate(okSchema("create-authtoken"), { data: { uid: "u1", createdAt: 1 } })).toEqual([
      { path: "$.data.authToken", message: "required property is missing" },
    ]);
  });

  test("formats are checked (uri, email)", () => {
    const app = { id: "a", name: "n", region: "eu", createdAt: 1, appOwner: { email: "not-an-email" } };
    const errors = validator.validate(okSchema("list-apps"), {
      data: [app],
      meta: { pagination: { total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 } },
    });
    expect(errors).toEqual([{ path: "$.data[0].appOwner.email", message: 'must match format "email" (got "not-an-email")' }]);
  });

  test("allOf (ThreadMessage = Message + parentId) requires both parts", () => {
    const errors = validator.validate(okSchema("send-thread-message"), { data: { id: "1" } });
    expect(errors.map((e) => e.path)).toEqual(expect.arrayContaining(["$.data.parentId", "$.data.sentAt"]));
  });
});
