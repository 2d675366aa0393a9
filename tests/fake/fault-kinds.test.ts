// The kinds of fault are one list (src/testing/fake/faults/fault-kinds.ts). These tests fail when a
// row is left out of a place that serves or documents the kinds: faults.add in process and through
// the control routes (connectFake), the refusal of a rule without its options, the docs, and the
// behaviour test of each kind in faults.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FAULT_KINDS, type FaultKindName, type FaultKindRule } from "../../src/testing/fake/faults/fault-kinds";
import { connectFake, type FaultRule, type RemoteFake } from "../../src/testing/index";
import { useFake } from "./use-fake";

const root = join(__dirname, "..", "..");
const read = (...path: string[]) => readFileSync(join(root, ...path), "utf8");

/** A rule of each kind that works, without `kind`: the type makes every kind name one. */
const WORKING: { [K in FaultKindName]: Omit<Extract<FaultKindRule, { kind: K }>, "kind"> } = {
  status: { status: 503 },
  latency: { ms: 0 },
  "reset-before": {},
  "apply-then-drop": {},
  "truncate-body": {},
};

const kinds = FAULT_KINDS.map((row) => row.kind);
const ruleOf = (kind: FaultKindName) => ({ operationId: "list-users", kind, times: 1, ...WORKING[kind] }) as FaultRule;

const { fake } = useFake();
let remote: RemoteFake;
beforeAll(async () => {
  remote = await connectFake(fake.url, fake.controlToken);
});

/** One list-users request, sent raw: a fault may close the connection or cut the body. */
const listUsers = () =>
  fetch(`${fake.url}/users`, { headers: { apikey: fake.apiKey } }).then(
    (response) => response.text().catch(() => undefined),
    () => undefined,
  );

test("every kind has a working rule in this file", () => {
  expect(Object.keys(WORKING)).toEqual(kinds);
});

test.each(kinds)("a rule of kind %s is added and fires in process", async (kind) => {
  const handle = fake.faults.add(ruleOf(kind));
  await listUsers();
  expect(handle.fired).toBe(1);
});

test.each(kinds)("a rule of kind %s is added and fires through the control routes", async (kind) => {
  const handle = await remote.faults.add(ruleOf(kind));
  await listUsers();
  expect(await handle.fired()).toBe(1);
});

test.each(FAULT_KINDS.filter((row) => row.check).map((row) => row.kind))(
  "a rule of kind %s without its options is refused in process and through the control routes",
  async (kind) => {
    const bare = { operationId: "list-users", kind } as never;
    expect(() => fake.faults.add(bare)).toThrow(TypeError);
    await expect(remote.faults.add(bare)).rejects.toThrow(TypeError);
  },
);

test("a kind no row names is refused, and the refusal lists every row", () => {
  expect(() => fake.faults.add({ operationId: "*", kind: "explode" } as never)).toThrow(`kind must be one of ${kinds.join(", ")}`);
});

test("the fake's README lists the kinds of the rows, in their order", () => {
  const line = read("src", "testing", "fake", "README.md")
    .split("## Fault kinds")[1]!
    .split("\n")
    .find((text) => text.startsWith("`status`"));
  expect([...(line ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1])).toEqual(kinds);
});

test("the README's faults paragraph and FaultRule's JSDoc describe every kind", () => {
  const paragraph = read("README.md")
    .split("\n")
    .find((text) => text.startsWith("`fake.faults.add(rule)`"));
  const faults = read("src", "testing", "fake", "faults", "faults.ts");
  const jsdoc = faults.slice(faults.lastIndexOf("/**", faults.indexOf("export type FaultRule ")), faults.indexOf("export type FaultRule "));
  expect(kinds.filter((kind) => !paragraph?.includes(`\`${kind}\``))).toEqual([]);
  expect(kinds.filter((kind) => !jsdoc.includes(`\`${kind}\`:`))).toEqual([]);
});

test("every kind has its behaviour test through both fronts in faults.test.ts", () => {
  const tests = read("tests", "fake", "faults.test.ts");
  expect(kinds.filter((kind) => !tests.includes(`test("${kind}: `))).toEqual([]);
});
