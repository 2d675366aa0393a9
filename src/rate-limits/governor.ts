import { ChatConfigError } from "../errors/chat-config-error.js";
import { RateLimitError } from "../errors/chat-api-error.js";
import { RateLimitStoreError } from "../errors/rate-limit-store-error.js";
import type { CallParams } from "../safety/input-checks.js";
import type { RateLimits, RateLimitSlot } from "./rate-limit-options.js";

/** A slot of a call, with whose limit it is: a refusal names it. */
export interface GovernedSlot extends RateLimitSlot {
  scope: "user" | "app";
}

/** The room one attempt was given: a retry of the call keeps its place (`seq`) and its slots. */
export interface Permit {
  seq: number;
  id: number;
  slots: readonly GovernedSlot[];
  /** For an attempt that waited for room: how long, and whose limit it waited for. */
  waitedMs?: number;
  scope?: GovernedSlot["scope"];
}

/** What the governor reads of a call: the operation, the user it acts as, its time budget. */
export interface GovernedCall {
  method: string;
  path: string;
  params?: CallParams | undefined;
  /** The call's resolved `timeoutMs` and `deadlineMs` (0 for none), which bound its wait for room. */
  options: { readonly timeoutMs: number; readonly deadlineMs: number };
}

/** Keeps a client's calls under its `rateLimits`; the transport asks it before every attempt. */
export interface Governor {
  /**
   * Resolves once the attempt may be sent (at once, without a promise, when there is room), or
   * rejects with a `RateLimitError` when the wait would pass the call's budget, or with the
   * signal's reason. `previous` is the permit of the call's last attempt, for a retry.
   * @param params The call's parameters, which name the user it acts as.
   * @param started When the call started, for its deadline (0 without one).
   */
  acquire(
    call: GovernedCall,
    params: CallParams | undefined,
    previous: Permit | undefined,
    started: number,
    signal: AbortSignal | null | undefined,
  ): Permit | Promise<Permit>;
  /**
   * Reads an attempt's answer: its rate-limit headers correct the counts, and a 429 holds the
   * key. Returns true when the governor holds the call's key, so the retry waits in its queue
   * rather than in a backoff of its own.
   */
  settle(permit: Permit, result: { response?: Response }): boolean;
}

/**
 * The governor of a client's `rateLimits`, loaded as a module of its own on the client's first
 * call: a client without `rateLimits` loads none of it, and a bundler can keep it in a chunk of
 * its own. Once loaded, the governor's methods replace these.
 */
export function governorFor(rateLimits: "service" | RateLimits, appId: string): Governor {
  let loading: Promise<Governor> | undefined;
  const governor = {
    acquire: (...args) =>
      (loading ??= import("./rate-limit-governor.js").then((module) =>
        Object.assign(
          governor,
          module.createRateLimitGovernor(rateLimits, appId, { RateLimitError, ChatConfigError, RateLimitStoreError }),
        ),
      )).then((loaded) => loaded.acquire(...args)),
  } as Governor;
  return governor;
}
