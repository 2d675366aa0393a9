// What the spec-driven contract tests run on: a spec, its operations indexed by id, the valid
// request of each, and where its mock listens. The real spec is one subject; a fixture
// multiplied from it (fixture-spec.ts) is another, whose operations reuse their source's request.
import { operations as manifest } from "../../generated/manifest";
import { SOURCE_OPERATION } from "./fixture-spec";
import { responseValidator, type ResponseValidator } from "./response-validator";
import type { Targets } from "./send-via-sdk";
import { operationsOf, type JsonObject, type OpenApiDocument, type SpecOperation } from "./spec";
import { validRequest, type RequestInit } from "./valid-requests";

export type Api = "chat" | "calls" | "management";

export interface ContractOperation extends SpecOperation {
  api: Api;
  /** The operation of the real spec whose valid request this one uses (itself, for the real spec). */
  source: string;
}

export interface ContractSubject {
  /** Names the subject in reports, e.g. `generated/openapi.json`. */
  label: string;
  spec: OpenApiDocument;
  validator: ResponseValidator;
  operations: ContractOperation[];
  operation(operationId: string): ContractOperation;
  validRequest(operationId: string, variant?: "minimal" | "full"): RequestInit;
  /** Where the subject's mock listens; read when a case is sent, after the mock has started. */
  targets(): Targets;
}

/** The credential headers a raw request to `api` carries. */
export function rawCredentials(api: Api): Record<string, string> {
  return api === "management" ? { key: "contract-key", secret: "contract-secret" } : { apikey: "contract-key" };
}

function apiOf(operationId: string): Api {
  const entry = manifest.find((op) => op.operationId === operationId);
  if (!entry) throw new Error(`${operationId} is not in generated/manifest.ts: run npm run generate`);
  return entry.api;
}

export function contractSubject(
  label: string,
  spec: OpenApiDocument,
  targets: () => Targets,
  validator = responseValidator(spec),
): ContractSubject {
  const operations = operationsOf(spec).map((op): ContractOperation => {
    const node = (spec.paths[op.path] as JsonObject)[op.method.toLowerCase()] as JsonObject;
    const source = (node[SOURCE_OPERATION] as string | undefined) ?? op.operationId;
    return { ...op, api: apiOf(source), source };
  });
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const operation = (operationId: string) => {
    const op = byId.get(operationId);
    if (!op) throw new Error(`no operation ${operationId} in ${label}`);
    return op;
  };
  return {
    label,
    spec,
    validator,
    operations,
    operation,
    validRequest: (operationId, variant = "minimal") => validRequest(operation(operationId).source, variant),
    targets,
  };
}
