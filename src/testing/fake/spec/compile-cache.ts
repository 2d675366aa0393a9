// Internal: Ajv's validators kept as code on disk, so that a process compiles a schema another one
// (or an earlier one) compiled already by reading its code instead. Off unless the environment
// variable CHAT_REST_FAKE_COMPILE_CACHE names a directory: a test runner that starts a fake in
// every test file sets it (this package's own Jest config does), and the files after the first
// skip most of Ajv's work, which is most of what starting a fake and its first requests cost.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type Ajv from "ajv";
import type { AnySchemaObject, ValidateFunction } from "ajv";

/** The variable that turns the cache on, naming its directory. */
export const COMPILE_CACHE_VARIABLE = "CHAT_REST_FAKE_COMPILE_CACHE";

export interface CompileCache {
  /** Ajv's `code` options the cache needs: with the cache on, each validator keeps its code, as `standaloneCode` writes it out. */
  code: { source?: boolean };
  /**
   * `ajv().compile(schema)` (after `prepare`, which adds the schemas it refers to), or the same
   * validator made from the code kept for `schema` and its `dependencies`: everything else the
   * code depends on, Ajv's options and the schemas it refers to. `ajv` makes the instance, or
   * gives the one it made: a validator read back needs none.
   */
  compile(ajv: () => Ajv, schema: AnySchemaObject, dependencies: () => string[], prepare: () => void): ValidateFunction;
}

/** Compiles with Ajv itself: the cache is off. */
const UNCACHED: CompileCache = {
  code: {},
  compile(ajv, schema, _dependencies, prepare) {
    prepare();
    return ajv().compile(schema);
  },
};

/**
 * The cache in the directory the environment names, or none. `require` loads Ajv's runtime and
 * the formats the kept code requires, as Ajv's own `require` would.
 */
export function compileCache(require: (id: string) => unknown): CompileCache {
  const dir = process.env[COMPILE_CACHE_VARIABLE];
  if (!dir) return UNCACHED;
  const version = (require("ajv/package.json") as { version: string }).version;
  const standaloneCode = (instance: Ajv, validate: ValidateFunction) =>
    (require("ajv/dist/standalone") as { default: (ajv: Ajv, validate: ValidateFunction) => string }).default(instance, validate);
  return {
    code: { source: true },
    compile(ajv, schema, dependencies, prepare) {
      const hash = createHash("sha256").update(`ajv ${version}\n`);
      for (const dependency of dependencies()) hash.update(`${dependency}\n`);
      const key = hash.update(JSON.stringify(schema)).digest("hex");
      const file = join(dir, `${key}.js`);
      try {
        const code = readFileSync(file, "utf8");
        const module = { exports: {} as unknown };
        // The code is a CommonJS module, as `standaloneCode` writes it, exporting the validator.
        new Function("module", "exports", "require", code)(module, module.exports, require);
        if (typeof module.exports === "function") return module.exports as ValidateFunction;
      } catch {
        // Not kept yet, or not readable: compiled, and kept for the next time.
      }
      prepare();
      const instance = ajv();
      const validate = instance.compile(schema);
      try {
        mkdirSync(dir, { recursive: true });
        // Written whole, then renamed: a process that reads it meanwhile finds all of it or nothing.
        const written = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        writeFileSync(written, standaloneCode(instance, validate));
        renameSync(written, file);
      } catch {
        // A cache that cannot be written only costs the compile the next time.
      }
      return validate;
    },
  };
}
