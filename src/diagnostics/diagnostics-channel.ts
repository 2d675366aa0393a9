/**
 * `node:diagnostics_channel`, or undefined where the runtime has none. Reached at run time rather
 * than imported: a browser, or a runtime without the module, has no `process.getBuiltinModule`,
 * and then nothing is published and nothing breaks.
 */
export const diagnosticsChannel = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process?.getBuiltinModule?.(
  // The module's name without `node:`, which getBuiltinModule also takes: a few bytes less in every bundle.
  "diagnostics_channel",
) as typeof import("node:diagnostics_channel") | undefined;
