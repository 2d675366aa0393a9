// Builds a consumer project the way a user gets one: the packed tarball installed by npm into a
// fresh directory, next to the mock's engine and a compiler. Shared by the packed-package test
// and the runtime matrix, so both exercise exactly what would be published.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(__dirname, "../..");

/** The TypeScript settings the program must compile and run under; each is a folder in configs/. */
export const CONFIGS = ["node16-esm", "node16-cjs", "bundler", "node10-cjs"] as const;
export type ConfigName = (typeof CONFIGS)[number];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Builds dist/ and packs it. Returns the tarball's path inside `destination`. */
export function packTarball(destination: string): string {
  run(join(repoRoot, "scripts", "build.sh"), [], repoRoot);
  // Scripts are skipped because the build just ran: prepack's output would corrupt the JSON.
  const packed = JSON.parse(run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], repoRoot));
  return join(destination, packed[0].filename);
}

/**
 * Installs the tarball into a new project at `dir`, with the versions of Prism, TypeScript and
 * Node's types that this repo pins. Prism is an optional peer dependency of the package, needed
 * only by `chat-rest-sdk/testing`, so a consumer that uses the mock installs it like this one.
 * `--prefer-offline` takes everything from npm's cache, which `npm ci` in this repo filled.
 */
export function installConsumer(dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }, null, 2));
  const pins = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies as Record<string, string>;
  const companions = ["@stoplight/prism-cli", "typescript", "@types/node"].map((name) => `${name}@${pins[name]}`);
  run("npm", ["install", tarball, ...companions, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
}

/** Copies the program and one configuration's package.json and tsconfig.json into `consumer/<config>`. */
export function prepareConfig(consumer: string, config: ConfigName): string {
  const dir = join(consumer, config);
  cpSync(join(__dirname, "configs", config), dir, { recursive: true });
  const program = join(__dirname, "program");
  for (const file of readdirSync(program)) cpSync(join(program, file), join(dir, file));
  return dir;
}

/** Type-checks and compiles one configuration with the consumer's own TypeScript, into `<dir>/out`. */
export function compile(consumer: string, dir: string): void {
  const tsc = join(consumer, "node_modules", "typescript", "bin", "tsc");
  try {
    run(process.execPath, [tsc, "-p", dir], dir);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed in ${dir}:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}
