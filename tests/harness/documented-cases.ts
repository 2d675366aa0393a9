// Enumerates every (operation, documented status, named example) of the spec: the cases the
// contract suite must elicit from the mock, one test each.
import { operationsOf, resolve, type Json, type JsonObject, type OpenApiDocument } from "./spec";

export interface DocumentedCase {
  operationId: string;
  method: string;
  path: string;
  status: number;
  mediaType: string;
  /** The named example, or undefined when the response documents none (Prism then generates a body). */
  example?: string;
  exampleValue?: Json;
  /** The shared response component (`#/components/responses/...`) the operation documents this status with, if any. */
  sharedResponse?: string;
}

export const caseName = (c: Pick<DocumentedCase, "operationId" | "status" | "example">) =>
  `${c.operationId} ${c.status} ${c.example ?? "(no named example)"}`;

export function documentedCases(spec: OpenApiDocument): DocumentedCase[] {
  const cases: DocumentedCase[] = [];
  for (const op of operationsOf(spec)) {
    const declared = (resolve(spec, spec.paths[op.path]) as JsonObject)[op.method.toLowerCase()] as JsonObject;
    for (const [status, response] of Object.entries(op.responses)) {
      const ref = ((declared.responses as JsonObject)[status] as JsonObject).$ref;
      const shared = typeof ref === "string" && ref.startsWith("#/components/responses/") ? { sharedResponse: ref } : {};
      if (!/^\d{3}$/.test(status))
        throw new Error(`${op.operationId}: response ${status} is not a single status; the harness cannot elicit it`);
      const content = (response.content ?? {}) as JsonObject;
      // A response without a body (a 204, say) is still a case: only its status can be checked.
      if (Object.keys(content).length === 0)
        cases.push({ operationId: op.operationId, method: op.method, path: op.path, status: Number(status), mediaType: "", ...shared });
      for (const [mediaType, mediaNode] of Object.entries(content)) {
        const media = mediaNode as JsonObject;
        const examples = Object.entries((media.examples ?? {}) as JsonObject);
        const base = { operationId: op.operationId, method: op.method, path: op.path, status: Number(status), mediaType, ...shared };
        if (examples.length === 0) cases.push(base);
        for (const [name, example] of examples) {
          cases.push({ ...base, example: name, exampleValue: resolve<JsonObject>(spec, example).value as Json });
        }
      }
    }
  }
  return cases;
}
