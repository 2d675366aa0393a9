// ajv/dist/standalone as the worker loaded it once for every test file (see ../test-environment.js).
// Shared with Ajv itself: it writes out the code an Ajv instance generated, and tells that code's
// parts by their class, which must be the class of the same copy of Ajv.
const load = globalThis[Symbol.for("chat-rest-sdk.tests.shared-modules")];
if (!load) throw new Error("ajv/dist/standalone is shared by tests/harness/test-environment.js, which this test file does not run in");
module.exports = load("ajv/dist/standalone");
