// The spec's description of each group operation says who may call it with onBehalfOf, in the
// words of the fake's rules table: this test keeps the two from drifting apart.
import { readFileSync } from "node:fs";
import { GROUP_RULES } from "../../src/testing/fake/rules/group-rules";

const spec = JSON.parse(readFileSync("generated/openapi.json", "utf8")) as {
  paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
};
const descriptions = new Map(
  Object.values(spec.paths)
    .flatMap((item) => Object.values(item))
    .filter((operation) => typeof operation === "object" && operation?.operationId)
    .map((operation) => [operation.operationId!, (operation.description ?? "").replace(/\s+/g, " ")]),
);

test.each(Object.entries(GROUP_RULES))("the spec's description of %s carries the rules table's sentence", (operationId, rule) => {
  expect(descriptions.get(operationId)).toContain(rule.says);
});
