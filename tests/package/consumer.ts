// Builds a consumer project the way a user gets one: the packed tarball installed by npm into a
// fresh directory, next to the mock's engine and a compiler. Shared by the packed-package test
// and the runtime matrix, so both exercise exactly what would be published.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { COMPILER_NODE_OPTIONS } from "../harness/compiler-process";
import { errorsByFile, type Snippet, writeSnippets } from "./doc-snippets";

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
 * How `installConsumer` carries out the README's peer installs (every project step after the
 * tarball's) and adds the compiler. `"npm"` runs them as written, from the registry, as a user
 * would: `npm run test:runtimes` does, so CI proves them. `"link"` checks that each names the
 * version this repository pins, then links this repository's copy into the project: the same
 * packages, without `npm test` installing a few hundred of them again.
 */
export type PeerInstall = "npm" | "link";

/** The versions this repository pins for its development, by package name. */
export const pins = (): Record<string, string> =>
  JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies as Record<string, string>;

/** `name@version` as its two parts; the name may be scoped (`@stoplight/prism-cli@5.14.2`). */
function nameAndVersion(spec: string): [string, string] {
  const at = spec.lastIndexOf("@");
  if (at <= 0) throw new Error(`README.md: "${spec}" names no version; the install steps pin every package.`);
  return [spec.slice(0, at), spec.slice(at + 1)];
}

/** Links this repository's copy of each `name@version` into `dir`, after checking the version is the one pinned here. */
function linkPinned(dir: string, specs: string[]): void {
  const pinned = pins();
  for (const spec of specs) {
    const [name, version] = nameAndVersion(spec);
    if (pinned[name] !== version)
      throw new Error(`README.md installs ${name}@${version}, but this repository pins ${name}@${pinned[name] ?? "(nothing)"}.`);
    const target = join(dir, "node_modules", name);
    // Two install lines may name one peer (Ajv serves the fake and the MCP server): it is linked once.
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(repoRoot, "node_modules", name), target, "dir");
  }
}

/**
 * Installs the tarball into a new project at `dir` with the README's project steps (the tarball's
 * path put in for the README's `~/...tgz`), then the versions of TypeScript and Node's types that this repo
 * pins, to compile the consumer program. The tarball is always installed by npm; `peers` says how
 * the rest are. `--prefer-offline` takes everything from npm's cache, which `npm ci` in this repo filled.
 */
export function installConsumer(dir: string, tarball: string, peers: PeerInstall = "npm"): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }, null, 2));
  const quiet = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
  const compiler = ["typescript", "@types/node"].map((name) => `${name}@${pins()[name]}`);
  for (const command of readmeInstallSteps().project) {
    const [program, ...args] = words(command).map((word) => (word.endsWith(".tgz") ? tarball : word));
    const installsTarball = args.includes(tarball);
    if (peers === "link" && !installsTarball) {
      if (program !== "npm" || args[0] !== "install") throw new Error(`README.md: "${command}" is not an npm install.`);
      linkPinned(
        dir,
        args.slice(1).filter((arg) => !arg.startsWith("-")),
      );
    } else run(program!, [...args, ...quiet], dir);
  }
  if (peers === "link") linkPinned(dir, compiler);
  else run("npm", ["install", "--save-dev", ...compiler, ...quiet], dir);
}

/**
 * The setting under which `npm test` also type-checks the package's declarations. The others
 * compile the program against them with `skipLibCheck`, and `npm run test:runtimes` checks the
 * declarations under all four: they are one file copied for both formats, and are-the-types-wrong
 * checks how each setting resolves them.
 */
export const LIB_CHECKED: ConfigName = "node16-esm";

/**
 * Copies the program and one configuration's package.json and tsconfig.json into `consumer/<config>`.
 * `libCheck: false` compiles the program without type-checking the declarations it reads.
 */
export function prepareConfig(consumer: string, config: ConfigName, { libCheck = true } = {}): string {
  const dir = join(consumer, config);
  cpSync(join(__dirname, "configs", config), dir, { recursive: true });
  if (!libCheck) {
    const file = join(dir, "tsconfig.json");
    const tsconfig = JSON.parse(readFileSync(file, "utf8")) as { compilerOptions: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, skipLibCheck: true } }, null, 2));
  }
  const program = join(__dirname, "program");
  for (const file of readdirSync(program)) cpSync(join(program, file), join(dir, file));
  return dir;
}

/** What {@link buildAll} reports. */
export interface Build {
  /**
   * What the compiler printed, nothing when all compiled: an error names its file by its path
   * from `consumer`, so it starts with its project's folder.
   */
  output: string;
  /** By project folder (from `consumer`): the files of its program, and the type instantiations its check made. */
  projects: Record<string, { files: string[]; instantiations: number }>;
}

/**
 * Type-checks and compiles projects (folders with a tsconfig.json: the configurations, the docs'
 * snippets) with the consumer's own TypeScript, each as its tsconfig.json says (`<dir>/out`), in
 * one `tsc --build` run (build-projects.cjs), where the programs share the parse of the files they
 * all read, and the compiler's warm-up.
 */
export function buildAll(consumer: string, dirs: string[]): Build {
  const script = join(__dirname, "build-projects.cjs");
  try {
    const typescript = join(consumer, "node_modules", "typescript");
    const built = JSON.parse(run(process.execPath, [...COMPILER_NODE_OPTIONS, script, typescript, ...dirs], consumer)) as Build;
    return { output: built.output, projects: built.projects };
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    return { output: `${stdout ?? ""}${stderr ?? ""}` || message, projects: {} };
  }
}

/** Type-checks and compiles configurations in one build ({@link buildAll}); returns what the compiler printed. */
export function compileAll(consumer: string, dirs: string[]): string {
  return buildAll(consumer, dirs).output;
}

/** Type-checks and compiles one configuration with the consumer's own TypeScript, into `<dir>/out`. */
export function compile(consumer: string, dir: string): void {
  const output = compileAll(consumer, [dir]);
  if (output) throw new Error(`tsc failed in ${dir}:\n${output}`);
}

/**
 * Writes `snippets` into `consumer/docs` and compiles them with the consumer's own TypeScript
 * (msw, which the README's MSW block imports, came with the README's install lines). Returns the folder, whose `out/` holds the emitted programs, and tsc's
 * errors by snippet file.
 */
export async function compileSnippets(consumer: string, snippets: Snippet[]): Promise<{ dir: string; errors: Map<string, string[]> }> {
  const dir = join(consumer, "docs");
  writeSnippets(dir, snippets);
  const tsc = join(consumer, "node_modules", "typescript", "bin", "tsc");
  // Not execFileSync: this process's event loop may be serving a mock meanwhile.
  const output = await new Promise<string>((done) =>
    execFile(process.execPath, [...COMPILER_NODE_OPTIONS, tsc, "-p", dir, "--pretty", "false"], { cwd: dir }, (_error, stdout, stderr) =>
      done(stdout + stderr),
    ),
  );
  return { dir, errors: errorsByFile(output) };
}
