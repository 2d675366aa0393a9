// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { FaultDrop } from "../faults/faults";
import type { FakeError } from "./fake-error";
import type { FakeOperation } from "../spec/fake-spec";
import type { FakeClock } from "../time/fake-clock";

/** What the pipeline gives a front to write: a status, a JSON body and its own headers, and how a fault spoils it, if one does. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Set by a fault: the front sends no answer at all, or cuts the body short. */
  fault?: FaultDrop;
}

// Every answer carries the rate-limit headers the spec declares, at the service's default standard limit.
export const RATE_HEADERS = { "x-rate-limit": "20000", "x-rate-limit-remaining": "19999" };

/** The last second written as a `Date` header, and how: most answers fall in the same second as the one before. */
let lastDate = { second: Number.NaN, text: "" };

/** The `Date` header: the fake's clock, as HTTP writes dates (to the second). */
export function httpDate(clock: FakeClock): string {
  const second = Math.floor(clock.now() / 1000);
  if (second !== lastDate.second) lastDate = { second, text: new Date(second * 1000).toUTCString() };
  return lastDate.text;
}

export const FAILED = { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "The fake failed to answer." } };
export const FENCED = {
  error: {
    code: "ERR_INTERNAL_SERVER_ERROR",
    message: "The fake's state was reset or restored while this request was in flight; the request was not applied.",
  },
};
export const CLOSED = { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "The fake was closed while delayNext held this request." } };

/** The answer's JSON, or the 500 when it cannot be written (a value JSON cannot hold). */
export function serialized({ status, body }: Answer): { status: number; text: string } {
  try {
    return { status, text: JSON.stringify(body) };
  } catch {
    return { status: 500, text: JSON.stringify(FAILED) };
  }
}

export function errorAnswer(error: FakeError, operation: FakeOperation | undefined): Answer {
  // Every answer is a status the operation documents: an error the spec leaves out of it is told as a 400.
  const status = !operation || operation.statuses.has(String(error.status)) ? error.status : 400;
  return { status, body: error.body(), headers: error.headers };
}
