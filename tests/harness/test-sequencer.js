// Orders the test files for Jest's workers: the longest first, so that no long file starts last
// and runs on alone. Jest knows the durations of a previous run from its cache; a fresh clone has
// none, and Jest would order by file size, which says little about a file that spawns processes
// or paces real requests. So the files known to take longest (they pack the package, start Prism
// or Redis processes of their own, send thousands of requests, or wait on a governor's pacing)
// go first, in this order, as they ran on two cores; the rest follow in Jest's order. The files
// that mostly wait (a governor's pacing, a Redis reconnect, a dedupe window) are spread among the
// ones that keep the cores busy: started side by side, they left both cores idle for seconds.
// Plain CommonJS because Jest loads the sequencer without transpiling it.
const { relative } = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const LONGEST = [
  "tests/package/packed-package.test.ts",
  "tests/contract/negative.test.ts",
  "tests/rate-limits/governor-against-fake.test.ts",
  "tests/chaos/chaos.test.ts",
  "tests/unit/helpers/import-kill-resume.test.ts",
  "tests/rate-limits/webhook-dedupe.test.ts",
  "tests/contract/test-kit.test.ts",
  "tests/contract/code-samples.test.ts",
  "tests/rate-limits/redis-outages.test.ts",
  "tests/unit/transport/call-memory.test.ts",
  "tests/fake/walk-all-operations.test.ts",
  "tests/rate-limits/redis-webhook-processes.test.ts",
  "tests/docs/marketplace.test.ts",
  "tests/contract/drift-detection.test.ts",
  "tests/unit/helpers/lost-answers.test.ts",
  "tests/unit/transport/shared-signal-memory.test.ts",
  "tests/unit/helpers/send-message-once.test.ts",
  "tests/rate-limits/redis-webhook-dedupe.test.ts",
  "tests/contract/documented-responses.test.ts",
  "tests/rate-limits/redis-store.test.ts",
  "tests/rate-limits/redis-store-discarded-clients.test.ts",
  "tests/unit/client/quickstart.test.ts",
  "tests/unit/transport/retries.test.ts",
  "tests/docs/jest-global-fake.test.ts",
  "tests/docs/examples.test.ts",
  "tests/unit/helpers/checkpoint-size.test.ts",
  "tests/contract/breaking-change-gate.test.ts",
  "tests/unit/helpers/bulk-jobs.test.ts",
  "tests/mcp/generated-tools.test.ts",
  "tests/contract/fidelity.test.ts",
  "tests/rate-limits/service-limits-against-fake.test.ts",
  "tests/fake/every-operation.test.ts",
  "tests/contract/operations.test.ts",
  "tests/contract/mock-exits-with-parent.test.ts",
];

/**
 * Started after every other file: the replay of a journey recorded against the fake, the check that
 * the fake still answers as it did once everything else has passed.
 */
const LAST = ["tests/verify/journey-replay.test.ts"];

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const file = relative(test.context.config.rootDir, test.path);
      if (LAST.includes(file)) return LONGEST.length + 1;
      const at = LONGEST.indexOf(file);
      return at === -1 ? LONGEST.length : at;
    };
    const sorted = super.sort(tests);
    const position = new Map(sorted.map((test, i) => [test, i]));
    return [...sorted].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
  }
}

module.exports = LongestFirstSequencer;
module.exports.LONGEST = LONGEST;
module.exports.LAST = LAST;
