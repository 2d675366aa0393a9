// The logger of every client the contract harness builds. The harness calls each operation of the
// spec, deprecated ones included, so the SDK's one-time deprecation warning is expected there and
// would bury the output that matters; tests/unit/client/deprecation*.test.ts check the warning
// itself. Any other warning or error still reaches the console.
import type { Logger } from "../../src/index";

const DEPRECATION = /^chat-rest-sdk: \S+ \(.+\) is deprecated/;

export const harnessLogger: Logger = {
  debug() {},
  info() {},
  warn(message, fields) {
    if (!DEPRECATION.test(message)) console.warn(message, ...(fields ? [fields] : []));
  },
  error(message, fields) {
    console.error(message, ...(fields ? [fields] : []));
  },
};
