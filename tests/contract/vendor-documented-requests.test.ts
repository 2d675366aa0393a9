// Requests exactly as the vendor's docs show them, sent through the SDK to the mock: each must
// type-check as written (tests/types) and be accepted, with an answer that matches the spec.
import { checkExchange } from "../harness/check-exchange";
import { mockSubject, mockTargets, validator } from "../harness/mock-context";
import { sendViaSdk } from "../harness/send-via-sdk";
import { mockCalls, mockManagement } from "../harness/mock";

const documented = [
  // GET /v3/calls?type=video&status=ended&hasRecording=true, on the Calls host
  ["list-calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } }],
  ["list-calls", { params: { query: { status: "unanswered" } } }],
  // POST https://apimgmt.cometchat.io/apps
  ["create-app", { params: {}, body: { name: "Test app", version: "3", region: "us" } }],
] as const;

describe("the vendor's documented requests pass the mock through the SDK", () => {
  test.each(documented)("%s %j", async (operationId, request) => {
    const exchange = await sendViaSdk(mockTargets(), operationId, request as never);
    expect(exchange.status).toBe(200);
    expect(checkExchange(mockSubject.operation(operationId), exchange, validator)).toEqual([]);
  });

  test("the Calls client lists ended video calls with a recording", async () => {
    const { data, error } = await mockCalls().GET("/calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } });
    expect(error).toBeUndefined();
    expect(data?.data[0]?.sessionId).toEqual(expect.any(String));
  });

  test("the management client creates the documented test app", async () => {
    const { data, error } = await mockManagement().POST("/apps", { body: { name: "Test app", version: "3", region: "us" } });
    expect(error).toBeUndefined();
    expect(data?.data.region).toBe("us");
  });

  test("the mock refuses a call status outside the documented ones", async () => {
    const { response } = await mockCalls().GET("/calls", { params: { query: { status: "missed" as "ended" } } });
    expect(response.status).toBe(400);
  });
});
