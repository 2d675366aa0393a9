import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { bundleForChild } from "../../harness/bundle-for-child";

const root = join(__dirname, "..", "..", "..");

// The calls run in a child process started with --expose-gc, so that the heap it measures is the
// SDK's alone (tests/harness/shared-signal-heap.ts; the bench runs it with a million calls on
// Node 20 and 24). A signal that every call shares lives as long as the process: whatever a call
// hangs on it (a listener, a combined signal) and does not take off stays with it.
// 50,000 calls a case: the smallest such leak measured on Node 20.20, a signal combined with
// AbortSignal.any for each call, keeps about 59 B a call (2.8 MB here); a listener left on it about 125 B.
describe("one long-lived signal shared by every call", () => {
  test("50,000 calls with one shared signal and a per-call timeout leave the heap where it was, within 1 MB", () => {
    const file = bundleForChild("shared-signal-heap", join(root, "tests", "harness", "shared-signal-heap.ts"));
    const out = execFileSync(process.execPath, ["--expose-gc", file, "50000"], { cwd: root, encoding: "utf8" });
    const { perCallTimeout, derivedWithDeadline } = JSON.parse(out) as Record<string, number>;
    const MB = 1024 * 1024;
    expect({ perCallTimeout: perCallTimeout! < MB, derivedWithDeadline: derivedWithDeadline! < MB }).toEqual({
      perCallTimeout: true,
      derivedWithDeadline: true,
    });
  }, 300_000);
});
