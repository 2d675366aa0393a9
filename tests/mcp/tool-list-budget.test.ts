// The tool lists stay within their budgets (BENCHMARKS.md, section 17): a model reads the whole
// list on every turn, so a spec change that grows it must be a decision, not an accident.
import { dynamicAnswersSize, TOOL_LIST_BUDGETS, toolListSize } from "./tool-list-size";

test(`the default scope's tool list fits ${TOOL_LIST_BUDGETS.default} tokens, bound to a user or not`, async () => {
  for (const options of [{}, { as: "support-agent" }]) {
    const size = await toolListSize(options);
    expect(size.tools).toBeGreaterThan(40);
    expect(size.tokens).toBeLessThanOrEqual(TOOL_LIST_BUDGETS.default);
  }
});

test(`the dynamic mode's three tools fit ${TOOL_LIST_BUDGETS.dynamic} tokens, whatever the scope, bound to a user`, async () => {
  const everything = { kinds: ["read", "write", "destructive"] as const, management: true };
  for (const scope of [{}, { ...everything, kinds: [...everything.kinds] }]) {
    const size = await toolListSize({ dynamic: true, scope, as: "support-agent" });
    expect(size.tools).toBe(3);
    expect(size.tokens).toBeLessThanOrEqual(TOOL_LIST_BUDGETS.dynamic);
  }
});

test(`in the dynamic mode, listing the operations and describing the largest fits ${TOOL_LIST_BUDGETS.dynamicFirstCall} tokens`, async () => {
  const { list, largestDescription } = await dynamicAnswersSize();
  expect(list.tokens + largestDescription.tokens).toBeLessThanOrEqual(TOOL_LIST_BUDGETS.dynamicFirstCall);
});
