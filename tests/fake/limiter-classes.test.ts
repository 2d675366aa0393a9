// The fake's rate limiter counts each operation under the limits the client's governor counts it
// under: both ask the governor's classifier (src/rate-limits/rate-limit-slots.ts), the fake with
// the operation as its spec describes it, the governor with the call's method and path template.
import { operations } from "../../generated/manifest";
import type { RateLimits } from "../../src/rate-limits/rate-limit-options";
import { slotClassifier } from "../../src/rate-limits/rate-limit-slots";
import { fakeSlotClassifier } from "../../src/testing/fake/pipeline/rate-limiter";
import { fakeSpec } from "../../src/testing/fake/spec/fake-spec";
import { bundledSpec } from "../../src/testing/prism-process";

/** A different limit for every class and rule, so that each slot says which it is. */
const LIMITS: RateLimits = {
  app: { core: { limit: 1, windowMs: 1_000 }, standard: { limit: 2, windowMs: 1_000 }, all: { limit: 3, windowMs: 1_000 } },
  perUser: { sendMessage: { limit: 4, windowMs: 1_000 }, markUnread: { limit: 5, windowMs: 1_000 } },
};

test("the fake's limiter and the governor count every operation of the spec under the same limits", () => {
  const spec = fakeSpec(bundledSpec);
  const fake = fakeSlotClassifier(LIMITS);
  const governor = slotClassifier(LIMITS, "app");
  const differ: string[] = [];
  for (const { operationId, method, path } of operations) {
    const operation = spec.byId(operationId);
    if (!operation) throw new Error(`the fake does not serve ${operationId}`);
    const limitsOf = (slots: readonly { scope: string; limit: number }[]) => slots.map(({ scope, limit }) => `${scope}:${limit}`);
    const served = limitsOf(fake(operation, { uid: "ana" }, { onbehalfof: "Ana" }));
    const governed = limitsOf(governor(method, path, { path: { uid: "ana" }, header: { onBehalfOf: "Ana" } }));
    if (served.join() !== governed.join()) differ.push(`${operationId}: fake ${served.join()} / governor ${governed.join()}`);
  }
  expect(differ).toEqual([]);
  expect(operations.length).toBeGreaterThan(100);
});
