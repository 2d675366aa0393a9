// The runtimes the smoke program must pass on. Each comes from the npm registry through npx, pinned
// exactly so that a run is reproducible and, once cached, needs no registry at all.
export interface Runtime {
  /** What the matrix prints, e.g. `node 22`; the line adds the version the program reports. */
  name: string;
  /** The version the runtime must report, checked so that a wrong binary cannot pass unnoticed. */
  version: string;
  /** The command that runs `file` with `args`. */
  command(file: string, args: string[]): string[];
}

const npx = (pkg: string, ...rest: string[]) => ["npx", "--yes", pkg, ...rest];

const node = (version: string): Runtime => ({
  name: "node",
  version,
  command: (file, args) => npx(`node@${version}`, file, ...args),
});

export const RUNTIMES: Runtime[] = [
  node("20.20.2"),
  node("22.23.3"),
  node("24.21.0"),
  node("26.10.0"),
  { name: "bun", version: "1.4.5", command: (file, args) => npx("bun@1.4.5", file, ...args) },
  {
    name: "deno",
    version: "2.9.6",
    // Network for the mock, env and read for Node-compatible module resolution; nothing else.
    command: (file, args) => npx("deno@2.9.6", "run", "--allow-net=127.0.0.1", "--allow-env", "--allow-read", "--no-lock", file, ...args),
  },
];
