// Every operation of the spec works against the fake from the start: the ones it models answer
// from its state, every other one from the spec's examples, as the mock does. Each gets its
// valid request from the contract harness (built from the spec's examples).
import { MODELED_OPERATIONS } from "../../src/testing/fake/model/handlers";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { sendRaw } from "../harness/send-raw";
import { loadSpec, operationsOf } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";
import { answerChecker } from "./answer-checker";

const operations = operationsOf(loadSpec());
// The operations the fake keeps state for, as its handler tables declare them; the rest answer from the examples.
const MODELED = new Set(MODELED_OPERATIONS);

let fake: FakeServer;
const checker = answerChecker();
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

const credentialsOf = (security: string): Record<string, string> =>
  security === "management" ? { key: fake.key, secret: fake.secret } : { apikey: fake.apiKey };

test("the spec has more than 170 operations, and every operation a handler table declares is one of them", () => {
  expect(operations.length).toBeGreaterThan(170);
  const ids = new Set(operations.map((op) => op.operationId));
  expect(MODELED_OPERATIONS.filter((id) => !ids.has(id))).toEqual([]);
  expect(MODELED.size).toBeGreaterThan(150);
});

test.each(operations.map((op) => [op.operationId, op] as const))(
  "%s answers its valid request with a documented status and body",
  async (operationId, op) => {
    fake.reset();
    const request = validRequest(operationId);
    // onBehalfOf must name an existing user, also where the fake answers from the examples.
    const actor = request.params.header?.onBehalfOf;
    if (typeof actor === "string") fake.seed({ users: [{ uid: actor, name: actor }] });
    const management = op.credentialHeaders.some((names) => names.includes("key"));
    const response = await sendRaw(fake.url, op, request, { credentials: credentialsOf(management ? "management" : "apikey") });
    const text = await response.text();
    await checker.check(op.method.toUpperCase(), response.url, response.status, text ? JSON.parse(text) : undefined);
    expect(checker.problems()).toEqual([]);
    // An operation without a model answers 200 from the examples; a modeled one answers from the
    // empty state, where the examples' users and groups do not exist.
    if (!MODELED.has(operationId)) expect([response.status, text.slice(0, 300)]).toEqual([200, expect.any(String)]);
    else expect([200, 400, 401, 404]).toContain(response.status);
  },
);
