// One valid request per operation, keyed by operationId. Every documented response of an
// operation is elicited from the mock with it, the negative cases are derived from it, and live
// mode replays it. It is built from the spec's own examples: each parameter's `example` and the
// first named example of the request body. A file per tag in tests/contract/requests/ gives the
// requests the examples cannot (a smaller body, values that must agree with each other), typed
// against the generated schema so that a wrong field does not compile.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { operations } from "../../generated/schema";
import { loadSpec, operationsOf, tagSlug, type OpenApiDocument, type SpecOperation } from "./spec";

type JsonBody<B> = B extends { content: { "application/json": infer J } } ? J : never;
type Params<O> = O extends { parameters: infer P } ? Omit<P, "cookie"> : never;
type Body<O> = JsonBody<NonNullable<O extends { requestBody?: infer B } ? B : never>>;

/** A valid request: `minimal` sets only what the spec requires, `full` sets every documented parameter. */
export interface ValidRequest<O> {
  minimal: { params: Params<O>; body?: Body<O> };
  full: { params: Params<O>; body?: Body<O> };
}

export type ValidRequestTable = { [Id in keyof operations]: ValidRequest<operations[Id]> };
export type OperationId = keyof operations;
export type RequestInit = { params: Record<string, Record<string, unknown> | undefined>; body?: unknown };

/**
 * What a file in tests/contract/requests/ exports as `requests`: for some operations of its tag,
 * the variants the spec's examples do not give. A variant left out is derived from the examples.
 */
export type ValidRequestEntries = { [Id in OperationId]?: Partial<ValidRequest<operations[Id]>> };

type Variants = { minimal: RequestInit; full: RequestInit };

const ROOT = join(__dirname, "..", "..");
const REQUESTS_DIR = "tests/contract/requests";
export const requestsFileOf = (op: Pick<SpecOperation, "tag">) => `${REQUESTS_DIR}/${tagSlug(op.tag)}.ts`;

/** Every file of tests/contract/requests/, by its path from the repository root. */
export function loadRequestFiles(): Record<string, ValidRequestEntries> {
  const files: Record<string, ValidRequestEntries> = {};
  for (const name of readdirSync(join(ROOT, REQUESTS_DIR))
    .filter((file) => file.endsWith(".ts"))
    .sort()) {
    // Required by name so that a new tag's file needs no import added anywhere.
    files[`${REQUESTS_DIR}/${name}`] = (require(join(ROOT, REQUESTS_DIR, name)) as { requests: ValidRequestEntries }).requests;
  }
  return files;
}

const exampleOf = (param: SpecOperation["parameters"][number]) => param.example ?? param.schema.example;

/** Builds one variant from the spec's examples, or says which example is missing. */
function derive(op: SpecOperation, variant: keyof Variants): RequestInit | string[] {
  const missing: string[] = [];
  const params: RequestInit["params"] = {};
  for (const param of op.parameters) {
    if (param.in === "cookie" || (variant === "minimal" && !param.required)) continue;
    const example = exampleOf(param);
    if (example !== undefined) params[param.in] = { ...params[param.in], [param.name]: example };
    else if (param.required) missing.push(`${param.in} parameter "${param.name}" has no example`);
  }
  const body = op.requestBody;
  if (!body || (variant === "minimal" && !body.required)) return missing.length ? missing : { params };
  const [first] = Object.values(body.examples);
  if (first !== undefined) return missing.length ? missing : { params, body: first };
  if (body.required) missing.push("the request body has no named example");
  return missing.length ? missing : { params };
}

export interface AssembledRequests {
  table: Record<string, Variants>;
  /** Operations left without a valid request, and entries in a file that does not fit them. */
  gaps: string[];
}

export function assembleValidRequests(spec: OpenApiDocument, files: Record<string, ValidRequestEntries>): AssembledRequests {
  const table: Record<string, Variants> = {};
  const gaps: string[] = [];
  const operations = new Map(operationsOf(spec).map((op) => [op.operationId, op]));
  const given = new Map<string, { file: string; entry: Partial<Variants> }>();
  for (const [file, entries] of Object.entries(files)) {
    for (const [id, entry] of Object.entries(entries as Record<string, Partial<Variants>>)) {
      const op = operations.get(id);
      if (!op) gaps.push(`${id}: valid request in ${file} but not in the spec`);
      else if (requestsFileOf(op) !== file)
        gaps.push(`${id}: valid request in ${file}; its tag "${op.tag}" puts it in ${requestsFileOf(op)}`);
      else given.set(id, { file, entry });
    }
  }
  for (const op of operations.values()) {
    const entry = given.get(op.operationId)?.entry ?? {};
    const minimal = entry.minimal ?? derive(op, "minimal");
    const full = entry.full ?? derive(op, "full");
    const missing = [...new Set([minimal, full].flatMap((v) => (Array.isArray(v) ? v : [])))];
    if (missing.length === 0) table[op.operationId] = { minimal: minimal as RequestInit, full: full as RequestInit };
    else
      gaps.push(
        `${op.operationId} (${op.method} ${op.path}): no valid request, because ${missing.join(" and ")}; ` +
          `add the example to the spec or a valid request to ${requestsFileOf(op)}`,
      );
  }
  return { table, gaps };
}

export const validRequests = assembleValidRequests(loadSpec(), loadRequestFiles()).table as unknown as ValidRequestTable;

/** The table entry as untyped data, for the spec-driven code that mutates and sends it. */
export function validRequest(operationId: string, variant: "minimal" | "full" = "minimal"): RequestInit {
  const entry = (validRequests as unknown as Record<string, Variants>)[operationId];
  if (!entry) throw new Error(`no valid request for ${operationId}: see the coverage check for what is missing`);
  return structuredClone(entry[variant]);
}
