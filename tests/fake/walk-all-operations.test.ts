// One fake, never reset, walked through every operation of the spec twice in a row with the
// contract harness's valid requests (the minimal ones, then the full ones), on the users, group,
// message and app the spec's examples name: each answer must validate against the spec, a write
// answered with an error must leave the model as it was, and the stored state must stay bounded
// (a request cannot store more than a few items, and walking again does not make it store more).
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { sendRaw } from "../harness/send-raw";
import { loadSpec, operationsOf } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";
import { answerChecker } from "./answer-checker";

const operations = operationsOf(loadSpec());
const ROUNDS = 2;
/** The most items one request of the walk may add: a group created with its owner and members, or a few settings. */
const MOST_PER_REQUEST = 8;

let fake: FakeServer;
beforeAll(async () => {
  // The examples' app, so that the Management API's operations act on the app the fake serves.
  fake = await startFakeServer({ appId: "24a1c7e9b3d05f68" });
});
afterAll(() => fake.close());

function seedTheExamples() {
  const users = Array.from({ length: 7 }, (_, i) => ({ uid: `cometchat-uid-${i + 1}`, name: `User ${i + 1}` }));
  // The examples' message is 1842, from cometchat-uid-3 to cometchat-uid-5.
  const messages = Array.from({ length: 1842 }, (_, i) => ({
    sender: "cometchat-uid-3",
    receiver: "cometchat-uid-5",
    receiverType: "user" as const,
    text: `m${i + 1}`,
  }));
  fake.seed({
    users,
    groups: [{ guid: "design-team", name: "Design team", owner: "cometchat-uid-4" }],
    members: ["cometchat-uid-1", "cometchat-uid-2", "cometchat-uid-3"].map((uid) => ({ guid: "design-team", uid })),
    messages,
  });
}

test(`every operation, walked ${ROUNDS} times on one fake, answers as the spec says and keeps the state bounded`, async () => {
  seedTheExamples();
  const checker = answerChecker();
  const seeded = fake.state.size;
  const sizes: number[] = [];
  const statuses = new Map<number, number>();
  let largestStep = 0;
  let before = seeded;
  /** The writes refused with an error that still changed the model (each should change nothing). */
  const refusedButStored: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const op of operations) {
      const write = op.method.toUpperCase() !== "GET";
      // A snapshot is frozen: kept as taken, and written out only to compare with the model after a refusal.
      const model = write ? fake.snapshot().model : undefined;
      const request = validRequest(op.operationId, round === 0 ? "minimal" : "full");
      const management = op.credentialHeaders.some((names) => names.includes("key"));
      const credentials: Record<string, string> = management ? { key: fake.key, secret: fake.secret } : { apikey: fake.apiKey };
      const response = await sendRaw(fake.url, op, request, { credentials });
      const text = await response.text();
      await checker.check(op.method.toUpperCase(), response.url, response.status, text ? JSON.parse(text) : undefined);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (write && response.status >= 400 && JSON.stringify(fake.snapshot().model) !== JSON.stringify(model))
        refusedButStored.push(`${op.operationId} (${response.status})`);
      const size = fake.state.size;
      largestStep = Math.max(largestStep, size - before);
      before = size;
    }
    sizes.push(fake.state.size);
  }
  expect(checker.problems()).toEqual([]);
  expect(checker.checked()).toBe(ROUNDS * operations.length);
  // A refused request stores nothing.
  expect(refusedButStored).toEqual([]);
  // Most requests succeed on the examples' data; the rest are the service's errors for it (the
  // walk deletes the examples' user, group and message on its way, in the spec's order).
  expect(statuses.get(200)).toBeGreaterThan(ROUNDS * operations.length * 0.6);
  expect(largestStep).toBeLessThanOrEqual(MOST_PER_REQUEST);
  const growth = sizes.map((size, i) => size - (i ? sizes[i - 1]! : seeded));
  expect(growth[0]).toBeLessThanOrEqual(operations.length);
  // Walking again stores no more than the first walk did.
  for (const later of growth.slice(1)) expect(later).toBeLessThanOrEqual(growth[0]!);
});

test("every write that meets maxItems midway, or fails otherwise, leaves the model exactly as it was", async () => {
  fake.reset();
  seedTheExamples();
  const seeded = fake.snapshot();
  // Room for a few items only: a write of several (members, a group with its owner, friends both
  // ways, settings) meets the cap after its first ones fit.
  const full = await startFakeServer({ appId: "24a1c7e9b3d05f68", state: seeded, maxItems: fake.state.size + 3 });
  try {
    const model = JSON.stringify(seeded.model);
    const refusedButStored: string[] = [];
    let quota = 0;
    for (const op of operations.filter((op) => op.method.toUpperCase() !== "GET")) {
      full.restore(seeded);
      const request = validRequest(op.operationId, "full");
      const management = op.credentialHeaders.some((names) => names.includes("key"));
      const credentials: Record<string, string> = management ? { key: full.key, secret: full.secret } : { apikey: full.apiKey };
      const response = await sendRaw(full.url, op, request, { credentials });
      const text = await response.text();
      if (response.status < 400) continue;
      if (text.includes("ERR_PLAN_QUOTA_RESTRICTION")) quota++;
      if (JSON.stringify(full.snapshot().model) !== model) refusedButStored.push(`${op.operationId} (${response.status})`);
    }
    expect(quota).toBeGreaterThan(0);
    expect(refusedButStored).toEqual([]);
  } finally {
    await full.close();
  }
});
