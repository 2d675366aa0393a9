// Declares the negative tests of a subject: requests the spec forbids are rejected, and boundary
// requests it allows pass. Every case is derived from the spec (negative-cases.ts) and sent raw,
// so neither the SDK's own checks nor its serialisation can hide what the mock enforces. The
// cases are independent requests, so they run concurrently (Jest's maxConcurrency bounds how many).
import { prismViolations } from "./check-exchange";
import { rawCredentials, type ContractSubject } from "./contract-subject";
import { negativeCases, type NegativeCase } from "./negative-cases";
import { recordContractRun } from "./record-contract-run";
import { sendRaw } from "./send-raw";
import { validationStatus, type JsonObject, type SpecOperation } from "./spec";

const FREE_TEXT = new Set(["type", "description", "example"]);

/** Whether an operation has input the derivation can break: a JSON body, or a parameter that is more than free text. */
function constrainable(op: SpecOperation): boolean {
  const constrained = (schema: JsonObject) => schema.type !== "string" || Object.keys(schema).some((key) => !FREE_TEXT.has(key));
  return !!op.requestBody || op.parameters.some((p) => constrained((p.schema ?? {}) as JsonObject));
}

export function describeNegativeCases(subject: ContractSubject): NegativeCase[] {
  recordContractRun(subject);
  const { operations } = subject;
  const cases: [string, NegativeCase][] = operations.flatMap((op) =>
    negativeCases(subject.spec, op, subject.validRequest(op.operationId), subject.validator).map(
      (c) => [`${c.operationId}: ${c.title}`, c] as [string, NegativeCase],
    ),
  );

  const byOperation = new Map<string, NegativeCase[]>(operations.map((op) => [op.operationId, []]));
  for (const [, c] of cases) byOperation.get(c.operationId)!.push(c);

  async function send(c: NegativeCase) {
    const op = subject.operation(c.operationId);
    const response = await sendRaw(subject.targets().chat, op, c.request, {
      credentials: rawCredentials(op.api),
      omitCredentials: c.omitCredentials,
    });
    const body = await response.text();
    const violations = prismViolations(response.headers);
    return { status: response.status, violations, message: `${JSON.stringify(violations)} ${body}` };
  }

  describe("requests the spec forbids are rejected with the documented status", () => {
    test.concurrent.each(cases.filter(([, c]) => c.invalid))("%s: rejected with the documented status", async (_name, c) => {
      const { status, violations, message } = await send(c);
      expect(status).toBe(c.expectedStatus);
      expect(violations.length).toBeGreaterThan(0);
      if (c.mustName) expect(message.toLowerCase()).toContain(c.mustName.toLowerCase());
    });
  });

  describe("boundary values the spec allows are accepted", () => {
    test.concurrent.each(cases.filter(([, c]) => !c.invalid))("%s: accepted without a violation", async (_name, c) => {
      const { status, violations } = await send(c);
      expect(violations).toEqual([]);
      expect(status).toBe(c.expectedStatus);
    });
  });

  describe("the derivation reaches every operation with credential, type, enum and boundary cases", () => {
    test.each(operations.map((op) => [op.operationId, op] as const))(
      "%s has a missing-credential case and, when it has input to break, a type, enum or boundary case",
      (operationId, op) => {
        const titles = byOperation.get(operationId)!.map((c) => c.title);
        expect(titles.some((t) => t.startsWith("without the") && t.endsWith("credential"))).toBe(true);
        // An operation without input, or whose only input is a free-text path ID, has nothing to break.
        expect(titles.some((t) => /wrong type|outside the enum|maximum|minimum|maxLength|maxItems|not matching/.test(t))).toBe(
          constrainable(op),
        );
      },
    );

    test.each(operations.map((op) => [op.operationId, op] as const))(
      "%s: every rejection expects the status the spec documents for bad input",
      (operationId, op) => {
        const expected = byOperation
          .get(operationId)!
          .filter((c) => c.invalid && !c.omitCredentials)
          .map((c) => c.expectedStatus);
        expect(new Set(expected)).toEqual(new Set(constrainable(op) ? [validationStatus(op)] : []));
      },
    );
  });

  return cases.map(([, c]) => c);
}
