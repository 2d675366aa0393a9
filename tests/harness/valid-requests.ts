// THE table of contract cases: one valid request per operation, keyed by operationId. Every
// documented response of an operation is elicited from the mock with this request, the
// negative tests are derived from it, and live mode replays it against the real service.
// The mapped type makes a missing operation a compile error; coverage.ts makes it a test failure.
import type { operations } from "../../generated/schema";

type JsonBody<B> = B extends { content: { "application/json": infer J } } ? J : never;
type Params<O> = O extends { parameters: infer P } ? Omit<P, "cookie"> : never;

/** A valid request: `minimal` sets only what the spec requires, `full` sets every documented parameter. */
export interface ValidRequest<O> {
  minimal: { params: Params<O>; body?: JsonBody<NonNullable<O extends { requestBody?: infer B } ? B : never>> };
  full: { params: Params<O>; body?: JsonBody<NonNullable<O extends { requestBody?: infer B } ? B : never>> };
}

export type ValidRequestTable = { [Id in keyof operations]: ValidRequest<operations[Id]> };
export type OperationId = keyof operations;
export type RequestInit = { params: Record<string, Record<string, unknown> | undefined>; body?: unknown };

const textReply = {
  receiver: "cometchat-uid-2",
  receiverType: "user",
  category: "message",
  type: "text",
  data: { text: "Contract check" },
} as const;

export const validRequests: ValidRequestTable = {
  "send-thread-message": {
    minimal: { params: { path: { id: "1842" }, header: { onBehalfOf: "cometchat-uid-1" } }, body: {} },
    full: {
      params: { path: { id: "1842" }, header: { onBehalfOf: "cometchat-uid-1" } },
      body: { ...textReply, multipleReceivers: { uids: ["cometchat-uid-4"], guids: ["design-team"] }, tags: ["follow-up"] },
    },
  },
  "send-message": {
    minimal: { params: {}, body: { category: "message" } },
    full: {
      params: { header: { onBehalfOf: "cometchat-uid-1" } },
      body: { ...textReply, muid: "9c1e6a0f", multipleReceivers: { uids: ["cometchat-uid-4"] }, tags: ["follow-up"] },
    },
  },
  "list-users": {
    minimal: { params: {} },
    full: {
      params: {
        query: {
          searchKey: "cometchat",
          searchIn: ["name", "uid"],
          status: "available",
          count: true,
          perPage: 2,
          page: 1,
          role: "default",
          withTags: true,
          tags: ["staff", "beta-tester"],
          roles: ["default", "moderator"],
          onlyDeactivated: false,
          withDeactivated: true,
        },
      },
    },
  },
  "create-authtoken": {
    minimal: { params: { path: { uid: "cometchat-uid-1" } } },
    full: { params: { path: { uid: "cometchat-uid-1" } }, body: { force: true } },
  },
  "list-apps": {
    minimal: { params: {} },
    full: { params: { query: { searchKey: "support", perPage: 10, page: 1 } } },
  },
};

/** The table entry as untyped data, for the spec-driven code that mutates and sends it. */
export function validRequest(operationId: string, variant: "minimal" | "full" = "minimal"): RequestInit {
  const entry = (validRequests as Record<string, ValidRequest<unknown>>)[operationId];
  if (!entry) throw new Error(`no valid request for ${operationId} in tests/harness/valid-requests.ts`);
  return structuredClone(entry[variant]) as RequestInit;
}
