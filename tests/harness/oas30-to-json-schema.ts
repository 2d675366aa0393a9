// The harness checks answers with the same OpenAPI 3.0 to JSON Schema conversion as the fake
// checks requests with, so the two cannot read a schema differently.
export { toJsonSchema } from "../../src/testing/fake/spec/oas-schema";
