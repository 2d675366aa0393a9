import { deprecatedOperations } from "../../generated/deprecated-operations.js";
import type { Logger } from "../transport/logger.js";

/** The manifest fields that deprecation warnings use. */
export interface ManifestEntry {
  operationId: string;
  method: string;
  path: string;
  deprecated?: boolean;
  replacedBy?: string;
}

/**
 * Builds a function that warns once per process about each deprecated operation it sees
 * called, naming the replacement the spec gives in `x-replaced-by`.
 */
export function deprecationWarner(manifest: readonly ManifestEntry[]) {
  const deprecated = new Map(manifest.filter((op) => op.deprecated).map((op) => [`${op.method} ${op.path}`, op]));
  return (method: string, path: string, logger?: Partial<Pick<Logger, "warn">>): void => {
    if (!deprecated.size) return;
    const key = `${method} ${path}`;
    const op = deprecated.get(key);
    if (!op) return;
    // Forgotten once warned about, so each warning comes once per process.
    deprecated.delete(key);
    logger?.warn?.(`chat-rest-sdk: ${op.operationId} (${key}) is deprecated${op.replacedBy ? `; use ${op.replacedBy} instead` : ""}.`);
  };
}

/** Warns about the deprecated operations of this package's spec; the runtime carries only those. */
export const warnIfDeprecated = deprecationWarner(deprecatedOperations);
