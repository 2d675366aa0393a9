// The kinds of fault, one row each: its name, the check of its own options, and what it does to a
// request it faults. `FaultRule`'s union is derived from these rows, `faults.add` (in process and
// through the control routes) checks a rule with its row, and `take` and the faults stage carry
// out what the row does; so a kind is one row here plus its test in tests/fake/faults.test.ts, and
// tests/fake/fault-kinds.test.ts fails when a row is left out of a place that lists the kinds.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.

/** How a front ends an answer a fault spoiled: no answer at all, or a body cut short. */
export type FaultDrop = "reset" | "drop" | "truncate";

/** The options of a `status` fault. */
export interface StatusFaultOptions {
  /**
   * The status to answer, 400 to 599: the operation's example body where it documents it, an error envelope otherwise.
   * @default none: required
   * @example 503
   */
  status: number;
  /**
   * Seconds to send in `Retry-After`.
   * @default none: no Retry-After header
   * @example 0
   */
  retryAfter?: number;
}

/** The options of a `latency` fault. */
export interface LatencyFaultOptions {
  /**
   * Milliseconds of the fake's clock to hold the request, or `[min, max]` to draw them from the rule's seed.
   * @default none: required
   * @example [0, 50]
   */
  ms: number | readonly [number, number];
}

/** A kind without options of its own. */
type NoOptions = Record<never, never>;

/**
 * What a kind does to a request it faults:
 * - `hold`: waits `ms` on the fake's clock, then goes on (a request gets at most one hold, beside one other fault);
 * - `answer`: answers `status` in place of the operation, which applies nothing;
 * - `reset`: closes the connection before anything is applied;
 * - `drop`, `truncate`: let the operation apply, then send no answer, or the status, the headers and half the body.
 */
type Does<O> =
  | { does: "hold"; ms(options: O, draw: () => number): number }
  | { does: "answer"; answer(options: O): { status: number; retryAfter: number | undefined } }
  | { does: FaultDrop };

/** One kind of fault: a row of {@link FAULT_KINDS}. */
export type FaultKind<K extends string = string, O extends object = any> = {
  kind: K;
  /** The first of its own options that cannot work (`"ms must be ..., got -1"`), or undefined. */
  check?(options: O): string | undefined;
} & Does<O>;

/** Declares a row: the kind's name and the type of its options, which {@link FaultKindRule} reads back. */
const row = <K extends string, O extends object = NoOptions>(kind: FaultKind<K, O>): FaultKind<K, O> => kind;

const isMs = (ms: unknown): ms is number => typeof ms === "number" && Number.isFinite(ms) && ms >= 0;

/** Every kind of fault, in the order the docs list them. */
export const FAULT_KINDS = [
  row<"status", StatusFaultOptions>({
    kind: "status",
    check: ({ status, retryAfter }) => {
      if (!Number.isInteger(status) || status < 400 || status > 599)
        return `status must be an integer from 400 to 599, got ${String(status)}`;
      if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && retryAfter >= 0))
        return `retryAfter must be a whole number of seconds, got ${String(retryAfter)}`;
      return undefined;
    },
    does: "answer",
    answer: ({ status, retryAfter }) => ({ status, retryAfter }),
  }),
  row<"latency", LatencyFaultOptions>({
    kind: "latency",
    check: ({ ms }) => {
      const range = Array.isArray(ms) && ms.length === 2 && isMs(ms[0]) && isMs(ms[1]) && ms[0] <= ms[1];
      return isMs(ms) || range ? undefined : `ms must be a non-negative number, or [min, max], got ${String(ms)}`;
    },
    does: "hold",
    // A range is drawn after the rule's probability, from the same seeded source.
    ms: ({ ms }, draw) => (typeof ms === "number" ? ms : ms[0] + Math.floor(draw() * (ms[1] - ms[0] + 1))),
  }),
  row<"reset-before">({ kind: "reset-before", does: "reset" }),
  row<"apply-then-drop">({ kind: "apply-then-drop", does: "drop" }),
  row<"truncate-body">({ kind: "truncate-body", does: "truncate" }),
] as const;

/** The name of a kind of fault. */
export type FaultKindName = (typeof FAULT_KINDS)[number]["kind"];

type RuleOf<R> = R extends FaultKind<infer K, infer O> ? { kind: K } & O : never;

/** A kind with its options, one member per row: `{ kind: "status"; status: number; retryAfter?: number } | ...`. */
export type FaultKindRule = RuleOf<(typeof FAULT_KINDS)[number]>;

const BY_NAME: ReadonlyMap<string, FaultKind> = new Map(FAULT_KINDS.map((kind) => [kind.kind, kind as FaultKind]));

/** The row of `kind`, or undefined when no row names it. */
export const faultKind = (kind: unknown): FaultKind | undefined => (typeof kind === "string" ? BY_NAME.get(kind) : undefined);
