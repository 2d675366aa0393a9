// The one negative case the SDK cannot send: a request without a required path parameter.
//
// Leaving a path parameter out does not produce "the same route minus a parameter": the SDK
// refuses before sending (otherwise openapi-fetch would put a literal "{id}" in the URL), and a
// raw URL with an empty segment ("/messages//thread") is, to a strict router, a different route;
// a real service typically answers 404 or normalises it to "/messages/thread". What is
// meaningful is therefore (1) the SDK refuses, naming the parameter, and sends nothing; and
// (2) the empty segment is rejected with the spec's validation status. Prism matches the
// template segment by segment and reports the empty value as the missing required parameter,
// so against the mock the rejection also names it.
import { createChatClient } from "../../src/index";
import { prismViolations } from "../harness/check-exchange";
import { harnessLogger } from "../harness/harness-logger";
import { mockTargets, rawCredentials, spec } from "../harness/mock-context";
import { sendRaw } from "../harness/send-raw";
import { operationsOf, validationStatus } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";

const cases = operationsOf(spec).flatMap((op) =>
  op.parameters
    .filter((p) => p.in === "path" && p.required)
    .map((param) => [`${op.operationId} without path parameter ${param.name}`, op, param.name] as const),
);

describe("a missing required path parameter", () => {
  test("exists in the spec (otherwise this file tests nothing)", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  test.each(cases)("%s: the SDK refuses it by name and sends nothing", async (_name, op, param) => {
    const sent: Request[] = [];
    const chat = createChatClient({
      appId: "contract",
      apiKey: "contract-key",
      baseUrl: mockTargets().chat,
      logger: harnessLogger,
      fetch: async (request: Request) => {
        sent.push(request);
        return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    const request = validRequest(op.operationId);
    const { [param]: _left, ...path } = request.params.path ?? {};
    const call = (chat as unknown as Record<string, (p: string, init: unknown) => Promise<unknown>>)[op.method]!;
    await expect(call(op.path, { ...request, params: { ...request.params, path } })).rejects.toThrow(new RegExp(`\\b${param}\\b`));
    expect(sent).toEqual([]);
  });

  test.each(cases)("%s: the mock rejects an empty segment with the spec's validation status and names it", async (_name, op, param) => {
    const response = await sendRaw(mockTargets().chat, op, validRequest(op.operationId), {
      credentials: rawCredentials(op.operationId),
      pathOverride: { [param]: "" },
    });
    expect(response.url).toMatch(/\/\//);
    expect(response.status).toBe(validationStatus(op));
    // Prism names path parameters in lower case ("'apikey'" for apiKey).
    expect(JSON.stringify(prismViolations(response.headers)).toLowerCase()).toContain(`'${param.toLowerCase()}'`);
  });
});
