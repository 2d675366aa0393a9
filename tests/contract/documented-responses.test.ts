// Every (operation, documented status, named example) of the spec is
// elicited from Prism through the SDK and checked on the wire. The last test fails, naming the
// gap, when the spec documents something no test elicited.
import { checkExchange } from "../harness/check-exchange";
import { coverageGaps } from "../harness/coverage";
import { caseName, documentedCases } from "../harness/documented-cases";
import { formatFindings } from "../harness/findings";
import { mockTargets, spec, validator } from "../harness/mock-context";
import { sendViaSdk } from "../harness/send-via-sdk";
import { operationById, operationsOf } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";

const cases = documentedCases(spec);
const elicited = new Set<string>();

describe("every documented response, elicited through the SDK", () => {
  test.each(cases.map((c) => [caseName(c), c] as const))("%s", async (name, documented) => {
    const op = operationById(spec, documented.operationId);
    const prefer = `code=${documented.status}${documented.example ? `, example=${documented.example}` : ""}`;
    const exchange = await sendViaSdk(mockTargets(), op.operationId, validRequest(op.operationId), { Prefer: prefer });

    expect(exchange.status).toBe(documented.status);
    expect(exchange.mediaType).toBe(documented.mediaType);
    // Status and content type documented, body valid (Ajv), no sl-violations: one readable report.
    expect(formatFindings(checkExchange(op, exchange, validator), name)).toBe(`${name}: no deviation from the spec.`);
    // Prism falls back to another example when the named one is unknown; this proves it served ours.
    if (documented.example) expect(exchange.json).toEqual(documented.exampleValue);
    // The SDK hands the body back as data (2xx) or error (anything else) and never throws for a status.
    expect(exchange.sdk.thrown).toBeUndefined();
    if (documented.status < 300) expect(exchange.sdk.data).toEqual(exchange.json);
    else expect(exchange.sdk.error).toBeDefined();
    elicited.add(name);
  });

  test.each(operationsOf(spec).map((op) => [op.operationId]))(
    "%s with every documented parameter set gets 200 without violations",
    async (operationId) => {
      const op = operationById(spec, operationId);
      const exchange = await sendViaSdk(mockTargets(), operationId, validRequest(operationId, "full"), { Prefer: "code=200" });
      expect(formatFindings(checkExchange(op, exchange, validator), operationId)).toBe(`${operationId}: no deviation from the spec.`);
      expect(exchange.status).toBe(200);
    },
  );

  // Runs after the cases above (Jest keeps file order), so it sees which of them passed.
  test("nothing the spec documents is left without a contract test", () => {
    expect(coverageGaps({ spec, elicited })).toEqual([]);
  });
});
