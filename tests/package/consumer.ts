// Builds a consumer project the way a user gets one: the packed tarball installed by npm into a
// fresh directory, next to the mock's engine and a compiler. Shared by the packed-package test
// and the runtime matrix, so both exercise exactly what would be published.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(__dirname, "../..");

/** The TypeScript settings the program must compile and run under; each is a folder in configs/. */
export const CONFIGS = ["node16-esm", "node16-cjs", "bundler", "node10-cjs"] as const;
export type ConfigName = (typeof CONFIGS)[number];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * The install steps of README.md's "Install" section, comments dropped: its first shell block runs
 * in a clone of this repository, its second in the user's project. The tests run them as written,
 * so the README cannot describe an install that does not work.
 */
export function readmeInstallSteps(): { repository: string[]; project: string[] } {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const section = /^## Install\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    match[1]!
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  if (blocks.length !== 2)
    throw new Error(`README.md: "## Install" must have two sh blocks (repository, project), found ${blocks.length}.`);
  return { repository: blocks[0]!, project: blocks[1]! };
}

const words = (command: string) => command.split(/\s+/);

/**
 * Runs the README's repository steps, which build dist/ and pack it into the home folder (`~`),
 * with `destination` standing in for the home folder, and returns the tarball's path.
 */
export function packTarball(destination: string): string {
  let tarball: string | undefined;
  for (const command of readmeInstallSteps().repository) {
    // This runs inside the installed tree (CI ran `npm ci` first): reinstalling would pull node_modules from under it.
    if (command === "npm ci") continue;
    const [program, ...args] = words(command).map((word) => word.replace(/^~(?=\/|$)/, destination));
    const stdout = run(program!, args, repoRoot);
    // `npm pack` runs prepack (the build) and prints the tarball's name last.
    if (command.startsWith("npm pack")) tarball = stdout.trim().split("\n").pop();
  }
  if (!tarball?.endsWith(".tgz")) throw new Error("README.md's install steps must run `npm pack` in the repository.");
  const packed = join(destination, tarball);
  if (!existsSync(packed)) throw new Error(`README.md's \`npm pack\` must write the tarball into ~ (here ${destination}).`);
  return packed;
}

/**
 * Installs the tarball into a new project at `dir` with the README's project steps (the tarball's
 * path put in for the README's `~/...tgz`), then the versions of TypeScript and Node's types that this repo
 * pins, to compile the consumer program. `--prefer-offline` takes everything from npm's cache,
 * which `npm ci` in this repo filled.
 */
export function installConsumer(dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }, null, 2));
  const quiet = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
  for (const command of readmeInstallSteps().project) {
    const [program, ...args] = words(command).map((word) => (word.endsWith(".tgz") ? tarball : word));
    run(program!, [...args, ...quiet], dir);
  }
  const pins = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies as Record<string, string>;
  run("npm", ["install", "--save-dev", ...["typescript", "@types/node"].map((name) => `${name}@${pins[name]}`), ...quiet], dir);
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
