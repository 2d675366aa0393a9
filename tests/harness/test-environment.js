// Jest's node environment, with two changes for a worker that runs many test files in turn.
//
// A few libraries are loaded once per worker and shared by the test files it runs. Jest loads every
// module afresh for each test file, in the file's own context, where V8 compiles its code again and
// runs it cold: Ajv cost each file that starts the fake or checks answers ~40 ms to load and more
// than ~100 ms of cold compiles, find-my-way its load and the fake's routes. These libraries keep no
// state of their own between calls (each Ajv instance, each router is the caller's), so a test file
// sees nothing of another file through them; it gets the same code, already loaded and warm.
// jest.config.ts maps their names to ./shared-modules/<name>.js, which take them from here.
//
// The AsyncLocalStorage instances made while a test file runs are disabled when it ends. Jest's
// test runner (jest-circus) makes one per file, runs every hook and test in it, and never disables
// it; on Node 20 an enabled instance stays in a list that every new promise, timer and socket of the
// process walks, so each file ran slower than the one before it in the same worker.
//
// Plain CommonJS because Jest loads a test environment without transpiling it.
const asyncHooks = require("node:async_hooks");
const { TestEnvironment } = require("jest-environment-node");

const SHARED_MODULES = require("./shared-modules/names.js");
const KEY = Symbol.for("chat-rest-sdk.tests.shared-modules");

const loaded = new Map();
/** The library, loaded on the first test file of the worker that needs it. */
function load(name) {
  if (!SHARED_MODULES.includes(name)) throw new Error(`${name} is not one of the shared modules`);
  if (!loaded.has(name)) loaded.set(name, require(name));
  return loaded.get(name);
}

/** The AsyncLocalStorage instances made since the running test file's environment was set up. */
let madeInFile;
const { AsyncLocalStorage } = asyncHooks;
/** AsyncLocalStorage, which notes each instance made while a test file runs. */
class NotedAsyncLocalStorage extends AsyncLocalStorage {
  constructor(...args) {
    super(...args);
    madeInFile?.add(this);
  }
}
Object.defineProperty(NotedAsyncLocalStorage, "name", { value: "AsyncLocalStorage" });
const NOTED = Symbol.for("chat-rest-sdk.tests.noted-async-local-storage");
NotedAsyncLocalStorage[NOTED] = true;
// Jest loads this file once per worker; a second copy would find the class replaced already.
if (!AsyncLocalStorage[NOTED]) asyncHooks.AsyncLocalStorage = NotedAsyncLocalStorage;

class TestFileEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global[KEY] = load;
  }

  async setup() {
    madeInFile = new Set();
    await super.setup();
  }

  async teardown() {
    // Disabling one that is already disabled does nothing; one used again enables itself again.
    for (const storage of madeInFile ?? []) storage.disable();
    madeInFile = undefined;
    await super.teardown();
  }
}

module.exports = TestFileEnvironment;
