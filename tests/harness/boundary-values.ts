// Values just inside and just outside a schema's constraints: the classic boundary cases.
import type { JsonObject } from "./spec";

export interface BoundaryValue {
  /** e.g. "maximum + 1", "wrong type" */
  label: string;
  value: unknown;
  /** true: the spec forbids it and it must be rejected; false: the spec allows it and it must pass. */
  invalid: boolean;
}

/** Where the value travels decides which wrong types can exist at all: in a URL everything is a string. */
export type Carrier = "body" | "text";

// A string the pattern accepts, repeated to the wanted length, so length cases test length only.
function filler(schema: JsonObject): string {
  const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern) : undefined;
  return ["a", "1", "x-"].find((c) => !pattern || pattern.test(c.repeat(3))) ?? "a";
}
const ofLength = (schema: JsonObject, n: number) => filler(schema).repeat(n).slice(0, n);

export function boundaryValues(schema: JsonObject, carrier: Carrier, validItem?: unknown): BoundaryValue[] {
  const values: BoundaryValue[] = [];
  const type = schema.type;
  if (Array.isArray(schema.enum)) {
    values.push({ label: "a value outside the enum", value: `${String(schema.enum[0])}-not-in-enum`, invalid: true });
  }
  if (type === "integer" || type === "number") {
    values.push({ label: "wrong type (text)", value: "not-a-number", invalid: true });
    if (type === "integer") values.push({ label: "wrong type (fraction)", value: 1.5, invalid: true });
    if (typeof schema.minimum === "number") {
      values.push(
        { label: "minimum - 1", value: schema.minimum - 1, invalid: true },
        { label: "minimum", value: schema.minimum, invalid: false },
      );
    }
    if (typeof schema.maximum === "number") {
      values.push(
        { label: "maximum + 1", value: schema.maximum + 1, invalid: true },
        { label: "maximum", value: schema.maximum, invalid: false },
      );
    }
  }
  if (type === "boolean") values.push({ label: "wrong type (not true/false)", value: "maybe", invalid: true });
  if (type === "string") {
    if (carrier === "body") values.push({ label: "wrong type (number)", value: 12345, invalid: true });
    if (typeof schema.maxLength === "number") {
      values.push(
        { label: "maxLength + 1", value: ofLength(schema, schema.maxLength + 1), invalid: true },
        { label: "maxLength", value: ofLength(schema, schema.maxLength), invalid: false },
      );
    }
    if (typeof schema.minLength === "number" && schema.minLength > 0) {
      values.push(
        { label: "minLength - 1", value: ofLength(schema, schema.minLength - 1), invalid: true },
        { label: "minLength", value: ofLength(schema, schema.minLength), invalid: false },
      );
    }
    if (typeof schema.pattern === "string") {
      const pattern = new RegExp(schema.pattern);
      const bad = ["has space!", "#", "ü", ""].find((candidate) => !pattern.test(candidate));
      if (bad !== undefined) values.push({ label: `not matching ${schema.pattern}`, value: bad, invalid: true });
    }
  }
  if (type === "array") {
    if (carrier === "body") values.push({ label: "wrong type (string)", value: "not-an-array", invalid: true });
    const item = validItem ?? "a";
    if (typeof schema.maxItems === "number") {
      values.push(
        { label: "maxItems + 1", value: Array(schema.maxItems + 1).fill(item), invalid: true },
        { label: "maxItems", value: Array(schema.maxItems).fill(item), invalid: false },
      );
    }
    if (typeof schema.minItems === "number" && schema.minItems > 0) {
      values.push({ label: "minItems - 1", value: Array(schema.minItems - 1).fill(item), invalid: true });
    }
  }
  if (type === "object" && carrier === "body") values.push({ label: "wrong type (string)", value: "not-an-object", invalid: true });
  return values;
}
