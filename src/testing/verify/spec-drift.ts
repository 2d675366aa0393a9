// Internal: what the spec refuses in a recorded answer. Such an answer is the service's own, so
// the spec is what is wrong: a status it does not document, or a body its schema refuses.
import type { RecordedExchange } from "../record/recording";
import type { AnswerSchemas } from "./answer-schemas";
import type { Difference } from "./compare-answers";

/** The spec's objections to the recorded answer of `exchange`, as differences on the spec's side. */
export function specDrift(schemas: AnswerSchemas, exchange: RecordedExchange, operationId: string): Difference[] {
  const recorded = exchange.response;
  if (!recorded) return [];
  const spec = schemas.check(exchange.method, exchange.path, recorded.status, recorded.body);
  if (!spec) return [];
  const at = { seq: exchange.seq, operationId, side: "spec" } as const;
  if (!spec.documented)
    return [
      {
        ...at,
        kind: "status",
        field: "status",
        recorded: recorded.status,
        message: `the spec documents ${spec.statuses.join(", ")}, not ${recorded.status}`,
      },
    ];
  return spec.problems.map((problem) => ({
    ...at,
    kind: "schema",
    field: problem.path,
    message: `the spec refuses the recorded answer: ${problem.message}`,
  }));
}
