// The table of cases of the sliding window: one rule, run against each implementation of it (the
// store in memory, which the fake's limiter shares, and the Redis store's Lua scripts), each on a
// clock of the test's own. A step happens at `at` ms: a take (its answer is checked), the
// answer of a request (settle), or what that answer said is left under the rule (sync).
import type { RateLimitSlot, RateLimitTake } from "../../src/rate-limits/rate-limit-options";

export type Step =
  | { at: number; take: number; slots: readonly RateLimitSlot[]; answer: RateLimitTake }
  | { at: number; settle: number; slots: readonly RateLimitSlot[] }
  | { at: number; sync: { remaining: number; resetMs?: number }; slot: RateLimitSlot };

const three = { key: "u", limit: 3, windowMs: 1_000 };
const one = { key: "u", limit: 1, windowMs: 1_000 };
const two = { key: "u", limit: 2, windowMs: 1_000 };
const app = { key: "a", limit: 1, windowMs: 1_000 };
const user = { key: "u", limit: 5, windowMs: 1_000 };
const room = { waitMs: 0 };

export const CASES: Record<string, Step[]> = {
  "limit requests go at once; the next has room a window and a millisecond after the oldest answer": [
    { at: 0, take: 1, slots: [three], answer: room },
    { at: 0, take: 2, slots: [three], answer: room },
    { at: 0, take: 3, slots: [three], answer: room },
    { at: 50, settle: 1, slots: [three] },
    { at: 50, settle: 2, slots: [three] },
    { at: 50, settle: 3, slots: [three] },
    { at: 50, take: 4, slots: [three], answer: { waitMs: 1_001, key: "u" } },
    { at: 1_050, take: 4, slots: [three], answer: { waitMs: 1, key: "u" } },
    { at: 1_051, take: 4, slots: [three], answer: room },
  ],
  "a request still unanswered is expected to be answered now: the wait told is a window, and it frees a window after its answer": [
    { at: 0, take: 1, slots: [one], answer: room },
    { at: 400, take: 2, slots: [one], answer: { waitMs: 1_001, key: "u" } },
    { at: 1_000, take: 2, slots: [one], answer: { waitMs: 1_001, key: "u" } },
    { at: 1_200, settle: 1, slots: [one] },
    { at: 1_200, take: 2, slots: [one], answer: { waitMs: 1_001, key: "u" } },
    { at: 2_201, take: 2, slots: [one], answer: room },
  ],
  "answers out of order each count from their own time": [
    { at: 0, take: 1, slots: [two], answer: room },
    { at: 0, take: 2, slots: [two], answer: room },
    { at: 100, settle: 2, slots: [two] },
    { at: 200, settle: 1, slots: [two] },
    { at: 1_100, take: 3, slots: [two], answer: { waitMs: 1, key: "u" } },
    { at: 1_101, take: 3, slots: [two], answer: room },
    { at: 1_101, take: 4, slots: [two], answer: { waitMs: 100, key: "u" } },
  ],
  "a call takes every slot or none, and names the key that has no room": [
    { at: 0, take: 1, slots: [user, app], answer: room },
    { at: 0, take: 2, slots: [user, app], answer: { waitMs: 1_001, key: "a" } },
    { at: 0, take: 3, slots: [user], answer: room },
    { at: 0, take: 4, slots: [user], answer: room },
    { at: 0, take: 5, slots: [user], answer: room },
    { at: 0, take: 6, slots: [user], answer: room },
    { at: 0, take: 7, slots: [user], answer: { waitMs: 1_001, key: "u" } },
  ],
  "an answer that says none is left, counted while a request of the log was leaving the window, takes no place: the next goes when that one has left":
    [
      { at: 0, take: 1, slots: [two], answer: room },
      { at: 0, take: 2, slots: [two], answer: room },
      { at: 10, settle: 1, slots: [two] },
      { at: 20, settle: 2, slots: [two] },
      { at: 1_011, take: 3, slots: [two], answer: room },
      // The service counted 3 at 1 015, with 2 still in its window; 2 left the window at 1 021, as 3's answer came.
      { at: 1_021, settle: 3, slots: [two] },
      { at: 1_021, sync: { remaining: 0 }, slot: two },
      { at: 1_021, take: 4, slots: [two], answer: room },
      { at: 1_021, take: 5, slots: [two], answer: { waitMs: 1_001, key: "u" } },
    ],
  "requests the service counted that the log does not hold free their places a window after the answer; the log's own free theirs as they leave":
    [
      { at: 0, take: 1, slots: [three], answer: room },
      { at: 0, settle: 1, slots: [three] },
      // Other processes sent two: none is left.
      { at: 500, sync: { remaining: 0 }, slot: three },
      { at: 500, take: 2, slots: [three], answer: { waitMs: 501, key: "u" } },
      { at: 1_001, take: 2, slots: [three], answer: room },
      { at: 1_001, take: 3, slots: [three], answer: { waitMs: 500, key: "u" } },
      { at: 1_501, take: 3, slots: [three], answer: room },
    ],
  "requests the service counted that the log does not hold free their places at the reset it gives": [
    { at: 0, take: 1, slots: [three], answer: room },
    { at: 0, settle: 1, slots: [three] },
    { at: 500, sync: { remaining: 0, resetMs: 300 }, slot: three },
    { at: 500, take: 2, slots: [three], answer: { waitMs: 300, key: "u" } },
    { at: 800, take: 2, slots: [three], answer: room },
    { at: 800, take: 3, slots: [three], answer: room },
    { at: 800, take: 4, slots: [three], answer: { waitMs: 201, key: "u" } },
  ],
  "requests counted for others go in at their own time, before a request still waiting for its answer, which still settles": [
    { at: 0, take: 1, slots: [three], answer: room },
    { at: 100, sync: { remaining: 1 }, slot: three },
    { at: 200, settle: 1, slots: [three] },
    { at: 200, take: 2, slots: [three], answer: room },
    { at: 200, take: 3, slots: [three], answer: { waitMs: 901, key: "u" } },
    { at: 1_101, take: 3, slots: [three], answer: room },
  ],
  "a request whose answer never comes frees its place two windows after it was sent": [
    { at: 0, take: 1, slots: [one], answer: room },
    { at: 2_000, take: 2, slots: [one], answer: { waitMs: 1, key: "u" } },
    { at: 2_001, take: 2, slots: [one], answer: room },
  ],
};
