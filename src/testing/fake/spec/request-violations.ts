// Internal: what the validator found wrong with a request, in the mock's shape: one entry of
// `error.details` per parameter or field (`perPage`, `data.text`), so the SDK's BadErrorObject
// names it the same way against the fake as against the mock.
import { FakeError } from "../pipeline/fake-error";
import type { ErrorObject } from "ajv";
import type { FakeOperation } from "./fake-spec";

// oneOf and anyOf repeat the problems of each branch under one umbrella line; the branch lines name the field.
const UMBRELLA = new Set(["oneOf", "anyOf", "if", "discriminator"]);

function fieldName(error: ErrorObject, operation: FakeOperation): string {
  const [part, ...rest] = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const missing = error.keyword === "required" ? String(error.params.missingProperty) : undefined;
  if (!part) return missing ?? "request";
  const segments = missing ? [...rest, missing] : rest;
  if (part === "body") return segments.join(".") || "body";
  if (part === "header") return operation.headerNames.get(segments[0] ?? "") ?? segments[0] ?? "header";
  return segments.join(".") || part;
}

function problem(error: ErrorObject): string {
  if (error.keyword === "required") return "is required";
  if (error.keyword === "additionalProperties") return `must not have property ${String(error.params.additionalProperty)}`;
  return error.message ?? "is not valid";
}

/** The 400 answer for these validation errors: `details` per field, and each problem in the message. */
export function requestViolations(errors: ErrorObject[], operation: FakeOperation): FakeError {
  const specific = errors.filter((error) => !UMBRELLA.has(error.keyword));
  const details: Record<string, string[]> = {};
  for (const error of specific.length ? specific : errors) {
    const name = fieldName(error, operation);
    const line = `${name} ${problem(error)}`;
    const lines = (details[name] ??= []);
    if (!lines.includes(line)) lines.push(line);
  }
  const said = Object.values(details).flat().join("; ");
  return new FakeError(400, "ERR_BAD_REQUEST", `The request contains invalid fields: ${said}.`, details);
}
