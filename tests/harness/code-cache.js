// vm.compileFunction with V8's code cache: the first compile of a source produces the cache, a later
// compile of the same source under the same file name reads it instead of parsing and compiling
// again. The caches live in memory, in the process that made them.
//
// V8 checks a cache it is handed against the source's length only, so the source a cache was made
// from is kept with it and compared first: a changed source of the same length compiles afresh.
//
// Plain CommonJS because Jest loads its runtime (./test-runtime.js, which uses this) untranspiled.
const vm = require("node:vm");

/**
 * A compileFunction with the signature of `vm.compileFunction`, keeping one code cache per file name.
 * `counts` says how many compiles made a cache, used one, or had theirs rejected by V8.
 */
function cachedCompileFunction(compileFunction = vm.compileFunction) {
  /** By file name: the source the cache was made from, and the cache. */
  const kept = new Map();
  const counts = { made: 0, used: 0, rejected: 0 };
  function compile(code, params, options = {}) {
    const { filename } = options;
    const cache = filename === undefined ? undefined : kept.get(filename);
    if (cache?.code === code) {
      const fn = compileFunction(code, params, { ...options, cachedData: cache.data });
      if (fn.cachedDataRejected) counts.rejected++;
      else counts.used++;
      return fn;
    }
    const fn = compileFunction(code, params, { ...options, produceCachedData: filename !== undefined });
    if (fn.cachedData) {
      kept.set(filename, { code, data: fn.cachedData });
      counts.made++;
    }
    return fn;
  }
  return { compile, counts };
}

module.exports = { cachedCompileFunction };
