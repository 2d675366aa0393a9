// Jest's node environment, with a few libraries loaded once per worker and shared by the test
// files the worker runs. Jest loads every module afresh for each test file, in the file's own
// context, where V8 compiles its code again and runs it cold: Ajv cost each file that starts the
// fake or checks answers ~40 ms to load and more than ~100 ms of cold compiles, find-my-way its
// load and the fake's routes. These libraries keep no state of their own between calls (each Ajv
// instance, each router is the caller's), so a test file sees nothing of another file through them;
// it gets the same code, already loaded and warm. jest.config.ts maps their names to
// ./shared-modules/<name>.js, which take them from here.
// Plain CommonJS because Jest loads a test environment without transpiling it.
const { TestEnvironment } = require("jest-environment-node");

/** The libraries shared; jest.config.ts maps exactly these names. */
const SHARED_MODULES = ["ajv", "ajv-formats", "find-my-way"];
const KEY = Symbol.for("chat-rest-sdk.tests.shared-modules");

const loaded = new Map();
/** The library, loaded on the first test file of the worker that needs it. */
function load(name) {
  if (!SHARED_MODULES.includes(name)) throw new Error(`${name} is not one of the shared modules`);
  if (!loaded.has(name)) loaded.set(name, require(name));
  return loaded.get(name);
}

class SharedModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global[KEY] = load;
  }
}

module.exports = SharedModulesEnvironment;
module.exports.SHARED_MODULES = SHARED_MODULES;
