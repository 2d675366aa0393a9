// Jest's runtime, whose compiles of a module read V8's code cache of an earlier compile of the same
// source in the same worker (./code-cache.js).
//
// Jest compiles every module anew for each test file that loads it, in the file's own context, with
// vm.compileFunction, which on Node 20 keeps no cache from one compile to the next: over a run of
// `npm test`, about 40,000 compiles of some 2,000 sources (Jest's own expect, circus and snapshot
// modules for every file among them), 11.4 s spent compiling. With the cache, 5.9 s; about 35,000 of the
// compiles read one. What a module does is unchanged: each file still runs its own copy of it.
//
// Plain CommonJS because Jest loads its runtime without transpiling it.
const vm = require("node:vm");
const Runtime = require("jest-runtime").default;
const { cachedCompileFunction } = require("./code-cache.js");

const compileFunction = vm.compileFunction;
const cached = cachedCompileFunction(compileFunction);
/** The worker's counts, which a test file reads under this key of its global object. */
const COUNTS = Symbol.for("chat-rest-sdk.tests.code-cache-counts");

class CodeCacheRuntime extends Runtime {
  constructor(config, environment, ...rest) {
    super(config, environment, ...rest);
    environment.global[COUNTS] = cached.counts;
    // Jest's runtime compiles a module's code in its executor, which calls vm.compileFunction as a
    // property of node:vm: it is swapped for the span of that synchronous call only, so nothing
    // else in the worker ever sees it swapped. test-runtime.test.ts fails if the compiles stop
    // coming through here.
    const { executor } = this;
    const compile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      vm.compileFunction = cached.compile;
      try {
        return compile(scriptSource, filename);
      } finally {
        vm.compileFunction = compileFunction;
      }
    };
  }
}

module.exports = CodeCacheRuntime;
