// The smoke contract: each operation succeeds through the SDK, and the mock enforces the two
// rules users trip over first (credentials, onBehalfOf). The full, spec-driven matrix is in
// documented-responses.test.ts and negative.test.ts; the requests come from the same table.
import { operations } from "../../generated/manifest";
import { mockTargets } from "../harness/mock-context";
import { sendViaSdk } from "../harness/send-via-sdk";
import { validRequest, validRequests } from "../harness/valid-requests";
import { mockChat, mockUrl } from "../harness/mock";

const chat = mockChat();
const body = {
  receiver: "cometchat-uid-2",
  receiverType: "user" as const,
  category: "message" as const,
  type: "text" as const,
  data: { text: "Contract check" },
};

describe("every operation succeeds through the SDK against the mock", () => {
  test("every operation in the spec has a success case", () => {
    expect(Object.keys(validRequests).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  test.concurrent.each(Object.keys(validRequests))("%s answers 200 with data and no contract violation", async (operationId) => {
    const { status, headers, sdk } = await sendViaSdk(mockTargets(), operationId, validRequest(operationId));
    expect(sdk.error).toBeUndefined();
    expect(status).toBe(200);
    expect(headers.get("sl-violations")).toBeNull();
    // delete-reason is the one operation whose service answers its outcome without a `data` envelope.
    const shape = operationId === "delete-reason" ? { success: true } : { data: expect.anything() };
    expect(sdk.data).toEqual(expect.objectContaining(shape));
  });

  test("the thread reply carries its parentId", async () => {
    const { data } = await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body });
    expect(typeof data?.data.parentId).toBe("string");
  });
});

describe("the mock enforces the contract", () => {
  test("a request without apikey gets 401", async () => {
    const response = await fetch(`${mockUrl()}/users`);
    expect(response.status).toBe(401);
  });

  test("send-thread-message without onBehalfOf is rejected and the header is named", async () => {
    // @ts-expect-error onBehalfOf is required: this call deliberately leaves it out
    const { response, error } = await chat.POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body });
    expect([400, 422]).toContain(response.status);
    expect(error).toBeDefined();
    const violations = `${response.headers.get("sl-violations") ?? ""} ${JSON.stringify(error)}`;
    expect(violations).toMatch(/onBehalfOf/i);
  });
});
