// The chat-rest command's progress: one line redrawn in place on a terminal, plain lines at most
// every 5 s elsewhere. The clock is Jest's, set by hand.
import { progressLine, progressWriter } from "../../../src/cli/progress-line";

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { out: { write: (text: string) => writes.push(text), isTTY }, writes };
}

test("a progress line shows a bar, done / total, the rate, the time left and the failures", () => {
  expect(progressLine({ done: 250, failed: 2, total: 1000, rate: 50, etaSeconds: 15 })).toBe(
    "[######------------------]  250/1000  25%  50/s  15s left  2 failed",
  );
  expect(progressLine({ done: 90_000, failed: 0, total: 100_000, rate: 20, etaSeconds: 500 })).toBe(
    "[######################--]  90000/100000  90%  20/s  8m20s left",
  );
  expect(progressLine({ done: 7, failed: 0, rate: 3.5 })).toBe("7 done  3.5/s");
});

test("on a terminal each report redraws the one line in place, and the end leaves a plain final line", () => {
  const { out, writes } = sink(true);
  const progress = progressWriter(out);
  progress.update({ done: 1, failed: 0, total: 4, rate: 1 });
  progress.update({ done: 2, failed: 0, total: 4, rate: 1 });
  progress.finish({ done: 4, failed: 0, total: 4, rate: 1 });
  expect(writes).toEqual([
    "\r\x1b[2K[######------------------]  1/4  25%  1/s",
    "\r\x1b[2K[############------------]  2/4  50%  1/s",
    "\r\x1b[2K",
    "[########################]  4/4  100%  1/s\n",
  ]);
});

test("elsewhere a report is a plain line at most every 5 s, and the final line is written once", () => {
  const { out, writes } = sink(false);
  const progress = progressWriter(out);
  progress.update({ done: 1, failed: 0, rate: 1 });
  progress.update({ done: 2, failed: 0, rate: 1 });
  jest.advanceTimersByTime(5_000);
  progress.update({ done: 3, failed: 0, rate: 1 });
  progress.finish({ done: 3, failed: 0, rate: 1 });
  expect(writes).toEqual(["1 done  1/s\n", "3 done  1/s\n"]);
  progress.finish({ done: 4, failed: 0, rate: 1 });
  expect(writes.at(-1)).toBe("4 done  1/s\n");
});
