// One `tsc` run over a project of samples (see writeTypeScriptProject): the errors it reports,
// grouped by the sample they are in.
import { execFile } from "node:child_process";
import { basename, join, resolve } from "node:path";
import { COMPILER_NODE_OPTIONS } from "../compiler-process";
import { REPO_ROOT } from "./sample-files";

export interface CompileResult {
  /** tsc's exit code: 0 when every sample compiles. */
  code: number;
  /** The error lines, by the name of the sample's file without `.ts`; a line outside the samples is under its file's path. */
  errors: Record<string, string[]>;
}

export function compileSamples(dir: string): Promise<CompileResult> {
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  return new Promise((done) => {
    const args = [...COMPILER_NODE_OPTIONS, tsc, "-p", dir, "--pretty", "false"];
    execFile(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      const errors: Record<string, string[]> = {};
      let current: string | undefined;
      for (const line of stdout.split("\n")) {
        // `file.ts(line,col): error TS1234: message`, then the message's indented continuation lines.
        const match = /^(.+?)\(\d+,\d+\): error /.exec(line);
        if (match) {
          const file = resolve(REPO_ROOT, match[1]!);
          current = file.startsWith(`${resolve(dir)}/`) ? basename(file, ".ts") : file;
          (errors[current] ??= []).push(line);
        } else if (current && line.startsWith(" ")) errors[current]!.push(line);
      }
      done({ code: error ? Number(error.code ?? 1) : 0, errors });
    });
  });
}
