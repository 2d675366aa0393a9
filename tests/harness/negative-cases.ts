// Derives, for every operation, the requests the spec forbids (and the boundary requests it
// allows) from the operation's parameters and body schema. Nothing here names an operation:
// an operation added to the spec gets its negative cases for free.
import { boundaryValues, type Carrier } from "./boundary-values";
import type { ResponseValidator } from "./response-validator";
import { schemaSites, setAt, type BranchPicker } from "./schema-walk";
import { validationStatus, type JsonObject, type OpenApiDocument, type SpecOperation } from "./spec";
import type { RequestInit } from "./valid-requests";

export interface NegativeCase {
  operationId: string;
  /** Human-readable: what was changed, e.g. `query perPage = 1001 (maximum + 1)`. */
  title: string;
  request: RequestInit;
  /** Credential headers to leave out. */
  omitCredentials?: string[];
  /** The status the spec says the request gets. */
  expectedStatus: number;
  /** For a rejection: a name the validation message must contain. */
  mustName?: string;
  invalid: boolean;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

function removeAt(root: unknown, path: (string | 0)[], name: string): unknown {
  if (path.length === 0) {
    const { [name]: _removed, ...rest } = root as Record<string, unknown>;
    return rest;
  }
  const [head, ...tail] = path;
  const container = Array.isArray(root) ? [...root] : { ...(root as object) };
  (container as Record<string | number, unknown>)[head!] = removeAt((root as Record<string | number, unknown>)[head!], tail, name);
  return container;
}

const getAt = (root: unknown, path: (string | 0)[]) =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], root);

export function negativeCases(spec: OpenApiDocument, op: SpecOperation, valid: RequestInit, validator: ResponseValidator): NegativeCase[] {
  const cases: NegativeCase[] = [];
  const rejected = validationStatus(op);
  const base = { operationId: op.operationId };
  const withParam = (location: string, name: string, value: unknown): RequestInit => {
    const request = structuredClone(valid);
    request.params[location] = { ...request.params[location], [name]: value };
    return request;
  };

  // Credentials: each header of the security requirement, left out on its own.
  const unauthorized = op.responses["401"] ? 401 : undefined;
  for (const header of op.credentialHeaders[0] ?? []) {
    if (unauthorized === undefined) throw new Error(`${op.operationId} needs ${header} but documents no 401`);
    cases.push({
      ...base,
      title: `without the ${header} credential`,
      request: structuredClone(valid),
      omitCredentials: [header],
      expectedStatus: unauthorized,
      invalid: true,
    });
  }

  for (const param of op.parameters) {
    if (param.in === "cookie") continue;
    const location = `${param.in} ${param.name}`;
    // A missing path parameter cannot be expressed as a URL of this route: see missing-path-parameter.test.ts.
    if (param.required && param.in !== "path") {
      const request = structuredClone(valid);
      const { [param.name]: _left, ...rest } = request.params[param.in] ?? {};
      request.params[param.in] = rest;
      cases.push({
        ...base,
        title: `without the required ${location}`,
        request,
        expectedStatus: rejected,
        mustName: param.name,
        invalid: true,
      });
    }
    const carrier: Carrier = "text";
    const current = valid.params[param.in]?.[param.name];
    for (const site of schemaSites(spec, param.schema, current, () => undefined)) {
      for (const boundary of boundaryValues(site.schema, carrier, getAt(current, site.path) ?? undefined)) {
        const value = setAt(current, site.path, boundary.value);
        cases.push({
          ...base,
          title: `${location}${site.path.length ? "[0]" : ""} = ${show(boundary.value)} (${boundary.label})`,
          request: withParam(param.in, param.name, value),
          expectedStatus: boundary.invalid ? rejected : 200,
          mustName: boundary.invalid ? param.name : undefined,
          invalid: boundary.invalid,
        });
      }
    }
  }

  if (op.requestBody) {
    const body = valid.body ?? {};
    if (op.requestBody.required) {
      const { body: _omitted, ...request } = structuredClone(valid);
      cases.push({
        ...base,
        title: "without the required body",
        request: request as RequestInit,
        expectedStatus: rejected,
        mustName: "body",
        invalid: true,
      });
    }
    // A form's parts are text: a number in a string field arrives as its digits, which the field accepts.
    const bodyCarrier: Carrier = op.requestBody.mediaType === "multipart/form-data" ? "text" : "body";
    const pick: BranchPicker = (branches, value) => branches.find((branch) => validator.validate(branch, value).length === 0);
    for (const site of schemaSites(spec, op.requestBody.schema, body, pick)) {
      const name =
        site.path
          .map((p) => (p === 0 ? "[0]" : `.${p}`))
          .join("")
          .slice(1) || "body";
      const here = getAt(body, site.path);
      for (const required of (site.schema.required ?? []) as string[]) {
        if (here && typeof here === "object" && required in here) {
          cases.push({
            ...base,
            title: `body without required ${name === "body" ? "" : `${name}.`}${required}`,
            request: { ...structuredClone(valid), body: removeAt(body, site.path, required) },
            expectedStatus: rejected,
            mustName: required,
            invalid: true,
          });
        }
      }
      if (site.path.length === 0) continue;
      const items = site.schema.items as JsonObject | undefined;
      // An array of objects is filled with the valid body's own first item, which the schema accepts.
      const first = Array.isArray(here) ? here[0] : undefined;
      const validItem =
        site.schema.type === "array" && items && !items.$ref && (items.type === "string" || !items.type) ? "a" : (first ?? undefined);
      for (const boundary of boundaryValues(site.schema, bodyCarrier, validItem)) {
        cases.push({
          ...base,
          title: `body ${name} = ${show(boundary.value)} (${boundary.label})`,
          request: { ...structuredClone(valid), body: setAt(body, site.path, boundary.value) },
          expectedStatus: boundary.invalid ? rejected : 200,
          mustName: boundary.invalid ? String(site.path.filter((p) => p !== 0).at(-1)) : undefined,
          invalid: boundary.invalid,
        });
      }
    }
  }
  return cases;
}
