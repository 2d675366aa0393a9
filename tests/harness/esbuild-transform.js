// Jest's transform for TypeScript, and for the few dependencies that ship only ES modules: esbuild,
// which bundles the package itself (scripts/build.sh), turns each file into CommonJS on its own.
// ts-jest did the same through TypeScript's transpileModule, at many times the cost, paid in full
// on a fresh clone, whose cache is empty: the type check is `npm test`'s own (tsc -p tsconfig.json).
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");
const { transformSync, version } = require("esbuild");

// A cached result is valid only for this file and this esbuild.
const self = createHash("sha256").update(readFileSync(__filename)).update(version).digest("hex");

module.exports = {
  process(source, path) {
    const { code, map } = transformSync(source, {
      loader: /\.m?js$/.test(path) ? "js" : "ts",
      format: "cjs",
      target: "node20",
      sourcefile: path,
      sourcemap: true,
      // import() becomes a require, as TypeScript compiles it to CommonJS: Jest's module sandbox
      // loads ES modules only with an experimental flag.
      supported: { "dynamic-import": false },
      // As the shipped bundles are built (target ES2022): class fields are defined, as in JavaScript.
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
    });
    return { code, map };
  },
  getCacheKey(source, path, options) {
    return createHash("sha256").update(self).update(path).update(source).update(options.configString).digest("hex");
  },
};
