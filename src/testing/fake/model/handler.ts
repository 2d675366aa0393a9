// Internal: what an operation of the fake's model receives and returns.
import type { FakeStore } from "../state/fake-store";

export interface HandlerContext {
  store: FakeStore;
  /** Path parameters, by the spec's names. */
  path: Record<string, string>;
  /** Query parameters, typed by their schemas (numbers, booleans, arrays). */
  query: Record<string, unknown>;
  body: any;
  /** The user the request acts for (`onBehalfOf`, lower-cased), when it names one. */
  actor: string | undefined;
  /**
   * The spec's example of the 200 answer of this operation, or of the one named: the service's
   * defaults, where a model layers what was stored over them.
   */
  example: (operationId?: string) => unknown;
}

/** Answers one operation with its 200 body, or throws a FakeError. */
export type Handler = (context: HandlerContext) => unknown;
