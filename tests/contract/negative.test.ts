// Requests the spec forbids are rejected, and boundary requests it
// allows pass. Every case is derived from the spec (tests/harness/negative-cases.ts) and sent
// raw, so neither the SDK's own checks nor its serialisation can hide what the mock enforces.
import { prismViolations } from "../harness/check-exchange";
import { mockTargets, rawCredentials, spec, validator } from "../harness/mock-context";
import { negativeCases, type NegativeCase } from "../harness/negative-cases";
import { sendRaw } from "../harness/send-raw";
import { operationsOf, validationStatus } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";

const operations = operationsOf(spec);
const cases: [string, NegativeCase][] = operations.flatMap((op) =>
  negativeCases(spec, op, validRequest(op.operationId), validator).map(
    (c) => [`${c.operationId}: ${c.title}`, c] as [string, NegativeCase],
  ),
);

async function send(c: NegativeCase) {
  const op = operations.find((candidate) => candidate.operationId === c.operationId)!;
  const response = await sendRaw(mockTargets().chat, op, c.request, {
    credentials: rawCredentials(op.operationId),
    omitCredentials: c.omitCredentials,
  });
  const body = await response.text();
  const violations = prismViolations(response.headers);
  return { status: response.status, violations, message: `${JSON.stringify(violations)} ${body}` };
}

describe("requests the spec forbids are rejected with the documented status", () => {
  test.each(cases.filter(([, c]) => c.invalid))("%s", async (_name, c) => {
    const { status, violations, message } = await send(c);
    expect(status).toBe(c.expectedStatus);
    expect(violations.length).toBeGreaterThan(0);
    if (c.mustName) expect(message.toLowerCase()).toContain(c.mustName.toLowerCase());
  });
});

describe("boundary values the spec allows are accepted", () => {
  test.each(cases.filter(([, c]) => !c.invalid))("%s", async (_name, c) => {
    const { status, violations } = await send(c);
    expect(violations).toEqual([]);
    expect(status).toBe(c.expectedStatus);
  });
});

describe("the derivation reaches every operation with credential, type, enum and boundary cases", () => {
  test.each(operations.map((op) => [op.operationId, op] as const))(
    "%s has a missing-credential case and at least one type, enum or boundary case",
    (operationId) => {
      const titles = cases.filter(([, c]) => c.operationId === operationId).map(([, c]) => c.title);
      expect(titles.some((t) => t.startsWith("without the") && t.endsWith("credential"))).toBe(true);
      expect(titles.some((t) => /wrong type|outside the enum|maximum|minimum|maxLength|maxItems|not matching/.test(t))).toBe(true);
    },
  );

  test.each(operations.map((op) => [op.operationId, op] as const))(
    "%s: every rejection expects the status the spec documents for bad input",
    (operationId, op) => {
      const expected = cases
        .filter(([, c]) => c.operationId === operationId && c.invalid && !c.omitCredentials)
        .map(([, c]) => c.expectedStatus);
      expect(new Set(expected)).toEqual(new Set([validationStatus(op)]));
    },
  );
});
