// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { type Answer, CLOSED, FAILED, FENCED } from "../pipeline/answer";
import type { FakeContext } from "../pipeline/context";
import type { FaultOutcome } from "./faults";
import type { StageContext } from "../pipeline/stages";

const GENERIC_CODES: Record<number, string> = { 429: "ERR_TOO_MANY_REQUESTS", 500: "ERR_INTERNAL_SERVER_ERROR" };

/** Waits `ms`, or until `close()`, `reset()` or `restore()`, whichever comes first. */
function hold(fake: FakeContext, ms: number): Promise<void> {
  if (fake.closed) return Promise.resolve();
  return new Promise<void>((done) => {
    const release = () => {
      cancel();
      fake.holds.delete(release);
      done();
    };
    const cancel = fake.store.clock.setTimer(ms, release);
    fake.holds.add(release);
  });
}

/**
 * The faults stage: after the latency a fault adds, the answer it gives in place of the
 * operation's (its status, or the 500 of a reset before anything is applied), or `undefined` to
 * go on; an answer dropped or cut after applying carries its fault, for the front to carry out.
 */
export function faultStage(ctx: StageContext): Answer | undefined | Promise<Answer | undefined> {
  const { fake, req } = ctx;
  const operation = ctx.operation!;
  const fault = fake.faults.take({
    operationId: operation.operationId,
    method: req.method,
    path: ctx.url!.pathname,
    params: ctx.params,
    headers: req.headers,
  });
  // Only a held request waits; every other one goes on at once.
  if (!fault.delayMs) return afterLatency(ctx, fault);
  return hold(fake, fault.delayMs).then(() => {
    if (fake.closed) return { status: 500, body: CLOSED };
    // Released by a reset or restore: answered 500 at once, before a status fault or the
    // request checks could give it another answer.
    if (fake.store.generation !== req.generation) return { status: 500, body: FENCED };
    return afterLatency(ctx, fault);
  });
}

/** The rest of the faults stage, once the latency is over: a reset, a status, or a drop or a cut for the front. */
function afterLatency(ctx: StageContext, fault: FaultOutcome): Answer | undefined {
  const { spec } = ctx;
  const operation = ctx.operation!;
  // "reset" ends here, before anything is applied; a drop or a cut spoils whatever answer comes out.
  const { drop } = fault;
  if (drop === "reset") return { status: 500, body: FAILED, fault: drop };
  if (drop) ctx.after.push((answer) => ({ ...answer, fault: drop }));
  const failure = fault.status;
  if (!failure) return undefined;
  const body = spec.example(operation, String(failure.status)) ?? {
    error: {
      code: GENERIC_CODES[failure.status] ?? "ERR_FAKE_FAILURE",
      message: `A status fault answered ${operation.operationId} with ${failure.status}.`,
    },
  };
  return {
    status: failure.status,
    body,
    headers: failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) },
  };
}
