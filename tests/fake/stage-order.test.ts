// The pipeline's stages run in the order the fake's README documents, the service's: a request
// refused by the host, the route or the credentials is not counted by the rate limits, and
// nothing is applied before the faults, the checks and the permissions have had their say.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { STAGES } from "../../src/testing/fake/pipeline/stages";

const readme = readFileSync(join(__dirname, "..", "..", "src", "testing", "fake", "README.md"), "utf8");

test("the stages are those the README lists, in its order", () => {
  const line = readme
    .split("## The order of the checks")[1]!
    .split("\n")
    .find((text) => text.startsWith("`log`"));
  const documented = [...(line ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  expect(STAGES.map((stage) => stage.name)).toEqual(documented);
});
