// ajv as the worker loaded it once for every test file (see ../test-environment.js).
const load = globalThis[Symbol.for("chat-rest-sdk.tests.shared-modules")];
if (!load) throw new Error("ajv is shared by tests/harness/test-environment.js, which this test file does not run in");
module.exports = load("ajv");
