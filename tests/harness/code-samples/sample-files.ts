// The code samples that `npm run generate` writes into the bundled spec (`x-codeSamples`), read
// back as files: the TypeScript ones as a project of ES modules that imports "chat-rest-sdk" from
// src/ (as examples/ and the README's snippets do), the curl ones as shell text.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { operationsOf, resolve, type JsonObject, type OpenApiDocument } from "../spec";

export const REPO_ROOT = join(__dirname, "..", "..", "..");

export interface CodeSample {
  operationId: string;
  method: string;
  path: string;
  /** The program labelled `chat-rest-sdk`, or undefined when the operation has none. */
  typescript: string | undefined;
  /** The command labelled `curl`, or undefined when the operation has none. */
  curl: string | undefined;
}

interface XCodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The samples of every operation of `spec`, in the spec's order. */
export function codeSamplesOf(spec: OpenApiDocument): CodeSample[] {
  return operationsOf(spec).map((op) => {
    const item = resolve<JsonObject>(spec, spec.paths[op.path]);
    const samples = ((item[op.method.toLowerCase()] as JsonObject)["x-codeSamples"] ?? []) as unknown as XCodeSample[];
    const find = (lang: string, label: string) => samples.find((sample) => sample.lang === lang && sample.label === label)?.source;
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      typescript: find("TypeScript", "chat-rest-sdk"),
      curl: find("Shell", "curl"),
    };
  });
}

/**
 * Writes each program to `<dir>/<name>.ts`, with a package.json that makes them ES modules (they
 * use top-level await, as a user's script would) and a strict tsconfig.json that maps
 * "chat-rest-sdk" to src/, under the settings of the repository's own tsconfig.json. tsc keeps
 * what it checked in `<dir>.tsbuildinfo`, beside the folder, so that a run in which neither a
 * sample nor src/ changed checks nothing again (it still reports the errors it found).
 */
export function writeTypeScriptProject(dir: string, programs: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const tsconfig = {
    extends: join(REPO_ROOT, "tsconfig.json"),
    compilerOptions: {
      strict: true,
      noUnusedLocals: true,
      noEmit: true,
      incremental: true,
      tsBuildInfoFile: `${dir}.tsbuildinfo`,
      types: ["node"],
      paths: { "chat-rest-sdk": [join(REPO_ROOT, "src", "index.ts")] },
    },
    include: ["*.ts"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  for (const [name, source] of Object.entries(programs)) writeFileSync(join(dir, `${name}.ts`), source);
}

/** The files a sample reads (`readFile("x")` in TypeScript, `@x` in a curl form), which the user is to have. */
export function filesReadBy(source: string): string[] {
  const names = [...source.matchAll(/readFile\("([^"]+)"\)|=@([^';]+)'/g)].map((match) => match[1] ?? match[2]!);
  return [...new Set(names)];
}
