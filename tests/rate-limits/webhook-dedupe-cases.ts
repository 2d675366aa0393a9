// The table of cases of the webhook dedupe: one set of rules, run against each store that keeps
// them (the store in memory, in JavaScript, and the Redis store, in Lua), each on a clock of the
// test's own. A step happens at `at` ms: a claim (its answer is checked), a done mark or a release.
// Every case runs with a lease of 10 s and a keep of 50 s. An instant near a lease's or a keep's end
// is 2 s from it: Redis keeps its own time, which the runner moves by changing what is left of each
// key's expiry, and on a busy machine the step after that change may come a good while later.
import type { WebhookClaim } from "../../src/webhooks/index";

export type DedupeStep =
  | { at: number; claim: string; token: string; answer: WebhookClaim }
  | { at: number; done: string; token: string }
  | { at: number; release: string; token: string };

export const LEASE_MS = 10_000;
export const KEEP_MS = 50_000;
const NEAR = 2_000;

export const DEDUPE_CASES: Record<string, DedupeStep[]> = {
  "a key claimed by one delivery is busy for another until it is done, then done for every later one": [
    { at: 0, claim: "k", token: "a", answer: "claimed" },
    { at: 100, claim: "k", token: "b", answer: "busy" },
    { at: 200, done: "k", token: "a" },
    { at: 300, claim: "k", token: "b", answer: "done" },
    { at: 400, claim: "k", token: "c", answer: "done" },
  ],
  "a released key is claimed by the next delivery, which handles the event": [
    { at: 0, claim: "k", token: "a", answer: "claimed" },
    { at: 100, release: "k", token: "a" },
    { at: 200, claim: "k", token: "b", answer: "claimed" },
    { at: 300, claim: "k", token: "c", answer: "busy" },
  ],
  "a claim whose process died holds until its lease ends, then the next delivery takes it over": [
    { at: 0, claim: "k", token: "dead", answer: "claimed" },
    { at: LEASE_MS - NEAR, claim: "k", token: "retry", answer: "busy" },
    { at: LEASE_MS + NEAR, claim: "k", token: "retry", answer: "claimed" },
  ],
  "a release by a delivery whose lease was taken over leaves the new claim alone": [
    { at: 0, claim: "k", token: "old", answer: "claimed" },
    { at: LEASE_MS + NEAR, claim: "k", token: "new", answer: "claimed" },
    { at: LEASE_MS + 2 * NEAR, release: "k", token: "old" },
    { at: LEASE_MS + 3 * NEAR, claim: "k", token: "third", answer: "busy" },
  ],
  "a done mark by a delivery whose lease was taken over still marks the event handled": [
    { at: 0, claim: "k", token: "slow", answer: "claimed" },
    { at: LEASE_MS + NEAR, claim: "k", token: "new", answer: "claimed" },
    { at: LEASE_MS + 2 * NEAR, done: "k", token: "slow" },
    { at: LEASE_MS + 3 * NEAR, claim: "k", token: "third", answer: "done" },
  ],
  "a handled key is kept for keepMs from its done mark, then forgotten": [
    { at: 0, claim: "k", token: "a", answer: "claimed" },
    { at: 500, done: "k", token: "a" },
    { at: 500 + KEEP_MS - NEAR, claim: "k", token: "b", answer: "done" },
    { at: 500 + KEEP_MS + NEAR, claim: "k", token: "c", answer: "claimed" },
  ],
  "a release after the lease ended frees nothing, and nothing is kept": [
    { at: 0, claim: "k", token: "a", answer: "claimed" },
    { at: LEASE_MS + NEAR, release: "k", token: "a" },
    { at: LEASE_MS + 2 * NEAR, claim: "k", token: "b", answer: "claimed" },
  ],
  "keys are independent: a claim, a release or a done mark of one leaves the others as they were": [
    { at: 0, claim: "k1", token: "a", answer: "claimed" },
    { at: 0, claim: "k2", token: "b", answer: "claimed" },
    { at: 10, done: "k1", token: "a" },
    { at: 20, claim: "k2", token: "c", answer: "busy" },
    { at: 30, release: "k2", token: "b" },
    { at: 40, claim: "k1", token: "d", answer: "done" },
    { at: 50, claim: "k3", token: "e", answer: "claimed" },
  ],
};
