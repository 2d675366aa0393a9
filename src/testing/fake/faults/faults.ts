// The faults a test adds to the fake: rules as data, matched per request by operation, drawn with
// a seeded random source, and counted. Each kind is a row of ./fault-kinds.ts, which checks its
// options and says what it does. The pipeline asks `take` what to do with a request; the
// fronts carry out a dropped or cut answer (node:http destroys the socket, handle() answers a
// network error). failNext and delayNext are shortcuts for a status and a latency rule.
import { randomSeed, seededRandom } from "../time/seeded-random";
import { FAULT_KINDS, type FaultDrop, type FaultKindRule, faultKind } from "./fault-kinds";

export type { FaultDrop } from "./fault-kinds";

/** What {@link FakeServer.failNext} answers instead of the operation. */
export interface FailNextOptions {
  /**
   * The status to answer, 400 to 599. A status the operation documents gets the body of its
   * example; any other gets an error envelope with a generic code.
   * @default none: required
   * @example 429
   */
  status: number;
  /**
   * Seconds to send in `Retry-After` (with a 429, the SDK waits them before it retries).
   * @default none: no Retry-After header
   * @example 1
   */
  retryAfter?: number;
  /**
   * How many requests in a row get this answer.
   * @default 1
   * @example 3
   */
  times?: number;
}

/** A request as a fault rule's `where` sees it, before anything is checked or applied. */
export interface FaultRequest {
  operationId: string;
  method: string;
  /** The URL's path, as sent. */
  path: string;
  /** Path parameters, by the spec's names. */
  params: Readonly<Record<string, string>>;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What every fault rule takes, whatever its kind. */
export interface FaultRuleBase {
  /**
   * The operation whose requests the rule may fault, or `"*"` for every operation.
   * @default none: required
   * @example "send-message"
   */
  operationId: string;
  /**
   * The chance that a matching request is faulted, from 0 to 1, drawn from `seed`.
   * @default 1
   * @example 0.1
   */
  probability?: number;
  /**
   * How many requests the rule faults before it is spent (and removed).
   * @default no limit
   * @example 1
   */
  times?: number;
  /**
   * The seed of the rule's draws: the same seed and the same sequence of requests give the same
   * faults, so a failing run is replayed from the seed its handle reports.
   * @default a random seed, read back from the rule's handle
   * @example 42
   */
  seed?: number;
  /**
   * Which requests of the operation the rule applies to. In process only: a rule sent to the
   * control routes cannot carry a function.
   * @default every request of the operation
   * @example (request) => request.headers.onbehalfof === "ana"
   */
  where?: (request: FaultRequest) => boolean;
}

/**
 * One fault of the fake: `operationId` (or `"*"`) and a `kind`, with how often it applies.
 * - `status`: answers `status` (with `Retry-After: retryAfter`) without applying anything;
 * - `latency`: holds the request `ms` on the fake's clock (or a draw from `[min, max]`), then goes on;
 * - `reset-before`: closes the connection before applying anything;
 * - `apply-then-drop`: applies the operation (its writes stored, its webhooks fired), then closes
 *   the connection without an answer;
 * - `truncate-body`: applies the operation, sends its status and headers, then cuts the body short.
 * Through `handle()` and MSW, a closed connection is a network error (`Response.error()`).
 * The kinds and their options are the rows of `fault-kinds.ts`.
 * @example fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", probability: 0.1, seed: 7 })
 */
export type FaultRule = FaultRuleBase & FaultKindRule;

/** A rule added with {@link FakeFaults.add}. */
export interface FaultHandle {
  /** The rule's id, unique within the fake: what the control routes name it by. */
  readonly id: string;
  /** The seed of the rule's draws: pass it as `seed` to replay them. */
  readonly seed: number;
  /** How many requests the rule faulted so far. */
  readonly fired: number;
  /** Takes the rule away; requests under way are not affected. */
  remove(): void;
}

/** The faults of a fake: `fake.faults`. */
export interface FakeFaults {
  /**
   * Adds a rule; rules apply in the order added, at most one latency and one other fault per request.
   * Throws a TypeError, naming the field, on a rule that cannot work.
   * @example
   * const drop = fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
   * const body = { receiver: "ben", receiverType: "user" as const, data: { text: "Order shipped" } };
   * const lost = await chat.as("ana").POST("/messages", { body }).catch((error: unknown) => error);
   * console.log(drop.fired, lost); // 1, a ChatConnectionError: the message is stored, its answer lost
   */
  add(rule: FaultRule): FaultHandle;
  /** Removes every rule, failNext's and delayNext's included. */
  clear(): void;
}

/** What the pipeline does with one request. */
export interface FaultOutcome {
  delayMs?: number;
  status?: { status: number; retryAfter: number | undefined };
  drop?: FaultDrop;
}

interface ActiveRule {
  id: string;
  rule: FaultRule;
  seed: number;
  draw: () => number;
  fired: number;
}

/** Throws a TypeError, prefixed with `name`, on a rule that cannot work. */
function checkRule(rule: FaultRule, name: string, knows: (operationId: string) => boolean): void {
  if (!rule || typeof rule !== "object") throw new TypeError(`${name}: a rule must be an object.`);
  const { operationId, kind, probability, times, seed, where } = rule;
  if (typeof operationId !== "string" || (operationId !== "*" && !knows(operationId)))
    throw new TypeError(`${name}: the spec has no operation ${JSON.stringify(operationId)}.`);
  const row = faultKind(kind);
  if (!row) {
    const kinds = FAULT_KINDS.map((known) => known.kind).join(", ");
    throw new TypeError(`${name}: kind must be one of ${kinds}, got ${JSON.stringify(kind)}.`);
  }
  if (probability !== undefined && !(typeof probability === "number" && probability >= 0 && probability <= 1))
    throw new TypeError(`${name}: probability must be a number from 0 to 1, got ${String(probability)}.`);
  if (times !== undefined && !(Number.isInteger(times) && times > 0))
    throw new TypeError(`${name}: times must be a positive integer, got ${String(times)}.`);
  if (seed !== undefined && !Number.isInteger(seed)) throw new TypeError(`${name}: seed must be an integer, got ${String(seed)}.`);
  if (where !== undefined && typeof where !== "function") throw new TypeError(`${name}: where must be a function of the request.`);
  const problem = row.check?.(rule);
  if (problem) throw new TypeError(`${name}: ${problem}.`);
}

export class Faults implements FakeFaults {
  private readonly rules: ActiveRule[] = [];
  private lastId = 0;
  /** Every rule added since the last clear(), spent or removed ones included, by id: their counts stay readable. */
  private readonly added = new Map<string, ActiveRule>();

  /** `knows` says whether the spec has an operation, for the rules' checks. */
  constructor(private readonly knows: (operationId: string) => boolean = () => true) {}

  add(rule: FaultRule, name = "faults.add"): FaultHandle {
    checkRule(rule, name, this.knows);
    const seed = rule.seed ?? randomSeed();
    const active: ActiveRule = { id: String(++this.lastId), rule: { ...rule }, seed, draw: seededRandom(seed), fired: 0 };
    this.rules.push(active);
    this.added.set(active.id, active);
    return this.handleOf(active);
  }

  /** The handle of a rule added since the last clear(), by id. */
  byId(id: string): FaultHandle | undefined {
    const active = this.added.get(id);
    return active && this.handleOf(active);
  }

  private handleOf(active: ActiveRule): FaultHandle {
    return {
      id: active.id,
      seed: active.seed,
      get fired() {
        return active.fired;
      },
      remove: () => this.remove(active),
    };
  }

  failNext(operationId: string, { status, retryAfter, times = 1 }: FailNextOptions): void {
    this.add({ operationId, kind: "status", status, retryAfter, times }, "failNext");
  }

  delayNext(operationId: string, ms: number): void {
    this.add({ operationId, kind: "latency", ms, times: 1 }, "delayNext");
  }

  clear(): void {
    this.rules.length = 0;
    this.added.clear();
  }

  /** What to do with this request: each matching rule drawn in the order added, at most one latency and one other fault. */
  take(request: FaultRequest): FaultOutcome {
    const outcome: FaultOutcome = {};
    let faulted = false;
    for (const active of [...this.rules]) {
      const { rule } = active;
      if (rule.operationId !== "*" && rule.operationId !== request.operationId) continue;
      const row = faultKind(rule.kind)!;
      if (row.does === "hold" ? outcome.delayMs !== undefined : faulted) continue;
      if (rule.where && !rule.where(request)) continue;
      if (rule.probability !== undefined && rule.probability < 1 && !(active.draw() < rule.probability)) continue;
      active.fired++;
      if (rule.times !== undefined && active.fired >= rule.times) this.remove(active);
      if (row.does === "hold") {
        outcome.delayMs = row.ms(rule, active.draw);
        continue;
      }
      faulted = true;
      if (row.does === "answer") outcome.status = row.answer(rule);
      else outcome.drop = row.does;
    }
    return outcome;
  }

  private remove(active: ActiveRule): void {
    const at = this.rules.indexOf(active);
    if (at >= 0) this.rules.splice(at, 1);
  }
}
