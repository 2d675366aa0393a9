// Declares the documented-response tests of a subject: every (operation, documented status,
// named example) is elicited from the subject's mock through the SDK and checked on the wire
// (a shared response component once per API), and every operation is called once with all its
// documented parameters. The cases are
// independent requests, so they run concurrently (Jest's maxConcurrency bounds how many).
import { checkExchange } from "./check-exchange";
import type { ContractSubject } from "./contract-subject";
import { caseName, documentedCases, type DocumentedCase } from "./documented-cases";
import { formatFindings } from "./findings";
import { recordContractRun } from "./record-contract-run";
import { sendViaSdk } from "./send-via-sdk";

export interface DocumentedResponseRun {
  cases: DocumentedCase[];
  /** Names (caseName) of the cases that passed, filled in as they do. */
  elicited: Set<string>;
}

/** A documented response elicited once for all the operations that share it. */
interface Elicitation {
  name: string;
  /** The case sent; its operation stands for all of them. */
  documented: DocumentedCase;
  /** The case names this elicitation covers. */
  covers: string[];
}

// A response that operations share by $ref to `#/components/responses/` is the same response
// for each of them: eliciting it once per API (the SDK builds chat, calls and management clients
// differently) checks what eliciting it per operation would, at a fraction of the requests.
function elicitations(cases: DocumentedCase[], apiOf: (operationId: string) => string): Elicitation[] {
  const byKey = new Map<string, Elicitation>();
  const list: Elicitation[] = [];
  for (const documented of cases) {
    if (!documented.sharedResponse) {
      list.push({ name: caseName(documented), documented, covers: [caseName(documented)] });
      continue;
    }
    const api = apiOf(documented.operationId);
    const key = [documented.sharedResponse, documented.status, documented.mediaType, documented.example, api].join(" ");
    const shared = byKey.get(key);
    if (shared) {
      shared.covers.push(caseName(documented));
      continue;
    }
    const component = documented.sharedResponse.split("/").pop();
    const name = `${api} API, shared ${component} ${documented.status} ${documented.example ?? "(no named example)"}`;
    const entry = { name, documented, covers: [caseName(documented)] };
    byKey.set(key, entry);
    list.push(entry);
  }
  for (const entry of byKey.values()) entry.name += ` (${entry.covers.length} operation(s), sent to ${entry.documented.operationId})`;
  return list;
}

export function describeDocumentedResponses(subject: ContractSubject): DocumentedResponseRun {
  const run: DocumentedResponseRun = { cases: documentedCases(subject.spec), elicited: new Set() };
  recordContractRun(subject);
  const list = elicitations(run.cases, (operationId) => subject.operation(operationId).api);

  test.concurrent.each(list.map((e) => [e.name, e] as const))(
    "%s: served as documented and handed back by the SDK",
    async (name, { documented, covers }) => {
      const op = subject.operation(documented.operationId);
      const prefer = `code=${documented.status}${documented.example ? `, example=${documented.example}` : ""}`;
      const exchange = await sendViaSdk(subject.targets(), op, subject.validRequest(op.operationId), { Prefer: prefer });

      expect(exchange.status).toBe(documented.status);
      expect(exchange.mediaType).toBe(documented.mediaType);
      // Status and content type documented, body valid (Ajv), no sl-violations: one readable report.
      expect(formatFindings(checkExchange(op, exchange, subject.validator), name)).toBe(`${name}: no deviation from the spec.`);
      // Prism falls back to another example when the named one is unknown; this proves it served ours.
      if (documented.example) expect(exchange.json).toEqual(documented.exampleValue);
      // The SDK hands the body back as data (2xx) or error (anything else) and never throws for a status.
      expect(exchange.sdk.thrown).toBeUndefined();
      if (documented.status < 300) expect(exchange.sdk.data).toEqual(exchange.json);
      else expect(exchange.sdk.error).toBeDefined();
      for (const covered of covers) run.elicited.add(covered);
    },
  );
  test.concurrent.each(subject.operations.map((op) => [op.operationId]))(
    "%s with every documented parameter set gets 200 without violations",
    async (operationId) => {
      const op = subject.operation(operationId);
      const exchange = await sendViaSdk(subject.targets(), op, subject.validRequest(operationId, "full"), { Prefer: "code=200" });
      expect(formatFindings(checkExchange(op, exchange, subject.validator), operationId)).toBe(
        `${operationId}: no deviation from the spec.`,
      );
      expect(exchange.status).toBe(200);
    },
  );

  return run;
}
