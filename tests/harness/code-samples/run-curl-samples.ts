// Runs curl samples as a user would paste them into a shell, with the service's host swapped for
// another base URL (the mock's), and writes down each answer's status, headers and body.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface CurlRun {
  name: string;
  /** The HTTP status curl got, or 0 when it got none. */
  status: number;
  body: string;
  /** The answer's header block, as curl wrote it. */
  headers: string;
  stderr: string;
}

// The base URLs the samples name: `https://$CHAT_APP_ID.api-$CHAT_REGION.cometchat.io/v3`, its
// `call-` twin and `https://apimgmt.cometchat.io`.
const SERVICE_BASE = /"https:\/\/[^"/]+\.cometchat\.io(?:\/v3)?(?=[/?"])/g;

/** The sample with every base URL of the service replaced by `baseUrl`; throws when it names none. */
export function swapHost(name: string, source: string, baseUrl: string): string {
  const swapped = source.replace(SERVICE_BASE, `"${baseUrl}`);
  if (swapped === source) throw new Error(`${name}: the curl sample names no URL of the service`);
  return swapped;
}

/**
 * Runs each sample (with its host already swapped) in `cwd`, with `env` added to the environment,
 * and returns what it got, by name. Bash runs the samples as they are written; their `curl` is a
 * function that keeps the arguments bash parsed, and one curl process then sends every request,
 * one after the other (`--next`), rather than one process per sample.
 */
export function runCurlSamples(
  samples: Record<string, string>,
  dir: string,
  cwd: string,
  env: Record<string, string>,
): Promise<Map<string, CurlRun>> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const script = [
    "set -eu",
    `source ${quoted(join(__dirname, "collect-curl.sh"))}`,
    ...Object.entries(samples).map(([name, source]) => `name=${quoted(name)} out=${quoted(join(dir, name))}\n${source.trimEnd()}`),
    "send_collected",
  ].join("\n");
  writeFileSync(join(dir, "run.sh"), script);
  return new Promise((done, fail) => {
    execFile("bash", [join(dir, "run.sh")], { cwd, env: { ...process.env, ...env }, timeout: 300_000 }, (error, stdout, stderr) => {
      if (error?.killed) return fail(new Error(`the curl samples did not finish: ${stderr}`));
      const statuses = new Map(stdout.split("\n").map((line) => line.split(" ") as [string, string]));
      const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
      const runs = Object.keys(samples).map((name) => {
        const base = join(dir, name);
        const status = Number(statuses.get(name) ?? 0);
        return { name, status, body: read(`${base}.body`), headers: read(`${base}.headers`), stderr: status ? "" : stderr };
      });
      done(new Map(runs.map((curlRun) => [curlRun.name, curlRun])));
    });
  });
}
