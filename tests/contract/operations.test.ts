import { operations } from "../../generated/manifest";
import { mockChat, mockManagement, mockUrl } from "../support/mock";

const chat = mockChat();
const body = { receiver: "cometchat-uid-2", receiverType: "user" as const, category: "message" as const, type: "text" as const, data: { text: "Contract check" } };

// One successful call per operation, through the SDK. The key names the operation, so that
// an operation added to the spec without a case here fails the coverage test below.
const calls: Record<string, () => Promise<{ response: Response; data?: unknown; error?: unknown }>> = {
  "send-thread-message": () =>
    chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body }),
  "send-message": () => chat.POST("/messages", { params: { header: { onBehalfOf: "cometchat-uid-1" } }, body }),
  "list-users": () => chat.GET("/users", { params: { query: { perPage: 2, page: 1 } } }),
  "create-authtoken": () => chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-1" } }, body: { force: true } }),
  "list-apps": () => mockManagement().GET("/apps", { params: { query: { perPage: 10 } } }),
};

describe("every operation succeeds through the SDK against the mock", () => {
  test("every operation in the spec has a success case", () => {
    expect(Object.keys(calls).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  test.each(Object.keys(calls))("%s answers 200 with data and no contract violation", async (operationId) => {
    const { response, data, error } = await calls[operationId]!();
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(data).toEqual(expect.objectContaining({ data: expect.anything() }));
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
