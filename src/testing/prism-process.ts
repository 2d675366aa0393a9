// Internal: runs one Prism process (mock or proxy) and hands back its URL. Not exported from
// `chat-rest-sdk/testing`; the public surface is startMockServer.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { clientUrl } from "./client-url";
import { LogTail } from "./log-tail";

export interface PrismProcess {
  url: string;
  /** The last `LOG_TAIL_CHARS` characters Prism has printed: its warnings and errors (it runs at `--verboseLevel warn`). */
  log(): string;
  close(): Promise<void>;
}

export interface PrismProcessOptions {
  /** `["mock", spec]` or `["proxy", spec, upstream]`. */
  command: string[];
  host: string;
  port: number;
  errors: boolean;
  startTimeoutMs: number;
}

// Walks up to this package's own package.json, so the kit finds its spec from src/, a build or a bundle.
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "chat-rest-sdk") return dir;
    if (dirname(dir) === dir) throw new Error(`chat-rest-sdk: cannot find the package root above ${from}.`);
  }
}

export const packageRoot = findPackageRoot(__dirname);
export const bundledSpec = join(packageRoot, "generated", "openapi.json");

function prismBin(): string {
  const require = createRequire(join(packageRoot, "package.json"));
  let manifestPath: string;
  try {
    manifestPath = require.resolve("@stoplight/prism-cli/package.json");
  } catch {
    throw new Error(
      "chat-rest-sdk/testing needs @stoplight/prism-cli: install it with `npm install --save-dev @stoplight/prism-cli@5.14.2`.",
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: { prism: string } };
  return join(dirname(manifestPath), manifest.bin.prism);
}

// A test runner that dies must not leave mocks behind: every live child is killed on exit,
// and on the signals that end a process from outside, which skip "exit".
const running = new Set<ChildProcess>();
const killAll = () => {
  for (const child of running) child.kill("SIGKILL");
};
process.once("exit", killAll);

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let watchingSignals = false;

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  unwatchSignals();
  // A listener cancels the signal's default action. When ours was the only one, the process
  // would have ended by this signal: raise it again so it still does, with the same status.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function watchSignals(): void {
  if (watchingSignals) return;
  watchingSignals = true;
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unwatchSignals(): void {
  watchingSignals = false;
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function track(child: ChildProcess): void {
  running.add(child);
  watchSignals();
  child.once("exit", () => {
    running.delete(child);
    // Listening only while a mock runs leaves a process without one as it was.
    if (running.size === 0) unwatchSignals();
  });
}

const STOP_GRACE_MS = 5_000;
const LISTENING = "chat-rest-sdk: Prism listens on port";

// Prism compiles an Ajv validator for each schema object it validates with, the first time it
// does, and every operation holds its own copy of each schema, told apart only by the
// `x-stoplight` id Prism adds to it: the error body, the rate-limit headers and each path
// parameter were compiled once per operation and status, about 1,800 of the 2,000 compiles a run
// of every negative case made, and most of Prism's time in it. Prism's Ajv (found from Prism, as
// Prism requires it) compiles once per content instead, per Ajv instance (its options shape the
// validator), with that id left out: Ajv ignores the keyword (Prism runs it with strict off).
// A schema that is no JSON, or a compile given a meta flag, compiles as before.
const COMPILE_ONCE_PER_CONTENT = [
  `try {`,
  `  const { dirname } = require("node:path");`,
  `  const http = dirname(require.resolve("@stoplight/prism-http/package.json", { paths: [dirname(process.argv[1])] }));`,
  `  const Ajv = require(require.resolve("ajv/dist/core", { paths: [http] })).default;`,
  `  const compile = Ajv.prototype.compile, byAjv = new WeakMap();`,
  `  const isId = (value) => typeof value === "object" && value !== null && Object.keys(value).join() === "id";`,
  `  const withoutIds = (name, value) => (name === "x-stoplight" && isId(value) ? undefined : value);`,
  `  Ajv.prototype.compile = function (schema, meta) {`,
  `    let key;`,
  `    try { key = meta === undefined && JSON.stringify(schema, withoutIds); } catch {}`,
  `    if (typeof key !== "string") return compile.call(this, schema, meta);`,
  `    let compiled = byAjv.get(this);`,
  `    if (!compiled) byAjv.set(this, (compiled = new Map()));`,
  `    let validate = compiled.get(key);`,
  `    if (!validate) compiled.set(key, (validate = compile.call(this, schema)));`,
  `    return validate;`,
  `  };`,
  `} catch {}`,
];

// Prism routes each request anew: it sorts every operation by how well its path matches, then
// matches the request against each of them, a few milliseconds a request on this spec (290
// operations), a third of Prism's time in the contract suite. The operation a method, path and
// base URL lead to is the same every time: it is kept, per list of operations (a cache of at most
// 10,000 routes, started afresh when full). A request that matches no operation is routed anew.
const ROUTE_ONCE_PER_REQUEST_LINE = [
  `try {`,
  `  const { dirname, join } = require("node:path");`,
  `  const http = dirname(require.resolve("@stoplight/prism-http/package.json", { paths: [dirname(process.argv[1])] }));`,
  `  const router = require(join(http, "dist", "router"));`,
  `  const route = router.default, byResources = new WeakMap();`,
  `  router.default = (options) => {`,
  `    const { method, url } = options.input;`,
  `    const key = JSON.stringify([method, url.path, url.baseUrl]);`,
  `    let routes = byResources.get(options.resources);`,
  `    if (!routes || routes.size >= 10000) byResources.set(options.resources, (routes = new Map()));`,
  `    let routed = routes.get(key);`,
  `    if (!routed) {`,
  `      routed = route(options);`,
  `      if (routed._tag === "Right") routes.set(key, routed);`,
  `    }`,
  `    return routed;`,
  `  };`,
  `} catch {}`,
];

/**
 * Preamble lines that load `request`, when a module of Prism's whose file matches `requiredBy`
 * requires it, on first use: Prism gets a proxy, and the module loads when the proxy is first
 * read. `member` is the export Prism reads (`default` for an ES module's), or none for the module.
 */
function onFirstUse(request: string, requiredBy: RegExp, member?: string): string[] {
  const loaded = `load.call(Module, request, parent, isMain)${member ? `.${member}` : ""}`;
  return [
    `try {`,
    `  const Module = require("node:module"), load = Module._load;`,
    `  Module._load = function (request, parent, isMain) {`,
    `    if (request !== ${JSON.stringify(request)} || !${requiredBy}.test((parent && parent.filename) || "")) {`,
    `      return load.apply(this, arguments);`,
    `    }`,
    `    let kept;`,
    `    const real = () => (kept ??= ${loaded});`,
    `    const traps = {`,
    `      get: (_, key) => Reflect.get(real(), key),`,
    `      set: (_, key, value) => Reflect.set(real(), key, value),`,
    `      has: (_, key) => Reflect.has(real(), key),`,
    `    };`,
    `    return ${member ? `{ __esModule: true, ${member}: new Proxy({}, traps) }` : "new Proxy({}, traps)"};`,
    `  };`,
    `} catch {}`,
  ];
}

// Prism's mocker loads Faker when it loads, with every one of its locales: half of the CPU a
// Prism start takes on a small spec. Faker only makes up values when Prism generates them
// (`--dynamic`, which the kit does not pass, or a locale the spec sets), so the mocker gets Faker's
// instance behind a proxy that loads it on first use.
const FAKER_ON_FIRST_USE = onFirstUse("@faker-js/faker", /prism-http.dist.mocker/, "default");

// At every start Prism reads Faker's options from the spec's own `x-json-schema-faker`, and to
// read them it resolves every reference of the whole spec and walks the result once more: a
// second of CPU on this package's spec, a third of the start. The options alone are handed to
// it instead, from a spec file in JSON whose options refer to nothing; any other spec as before.
const FAKER_OPTIONS_ALONE = [
  `try {`,
  `  const { readFileSync } = require("node:fs");`,
  `  const extensions = require(require("node:path").join(require("node:path").dirname(process.argv[1]), "extensions"));`,
  `  const configure = extensions.configureExtensionsUserProvided;`,
  `  if (typeof configure !== "function") throw new Error("no configureExtensionsUserProvided");`,
  `  extensions.configureExtensionsUserProvided = (document, options) => {`,
  `    let read = document;`,
  `    try {`,
  `      if (typeof document === "string" && !/^https?:/.test(document)) {`,
  `        const own = JSON.parse(readFileSync(document, "utf8"))["x-json-schema-faker"];`,
  `        if (!JSON.stringify(own ?? {}).includes("$ref")) read = own === undefined ? {} : { "x-json-schema-faker": own };`,
  `      }`,
  `    } catch {}`,
  `    return configure(read, options);`,
  `  };`,
  `} catch {}`,
];

// Prism's reader of operations loads its reader of Postman collections with it, and with that
// postman-collection and a copy of Faker in English: a quarter of the CPU a Prism start takes on a
// small spec. A spec is a Postman collection far more rarely than an OpenAPI document, so the
// reader gets that module behind a proxy that loads it on first use. It runs before any other hook,
// since a hook that loads Prism's HTTP package loads the reader.
const POSTMAN_ON_FIRST_USE = onFirstUse("@stoplight/http-spec/postman/operation", /prism-http.dist.utils/);

// Before it reads the operations, Prism copies the resolved spec without its cycles, with
// @stoplight/json's decycle: it works out the JSON pointer of every object it walks, for the
// object's place in the copy, though it needs one only for an object met again inside itself (a
// cycle, written as a $ref to that place). On this package's spec, which the resolving expands to
// every use of every schema, that is half of a start. The same walk here keeps each object's place
// as its parent's plus a key, and works out a pointer only for a cycle: the same copy.
const POINTERS_ONLY_FOR_CYCLES = [
  `try {`,
  `  const { dirname } = require("node:path");`,
  `  const http = dirname(require.resolve("@stoplight/prism-http/package.json", { paths: [dirname(process.argv[1])] }));`,
  `  const json = require(require.resolve("@stoplight/json", { paths: [http] }));`,
  `  const { isPlainObject } = json;`,
  `  if (typeof json.decycle !== "function" || typeof isPlainObject !== "function" || typeof json.pathToPointer !== "function") {`,
  `    throw new Error("no decycle");`,
  `  }`,
  `  const pointer = (place) => {`,
  `    const path = [];`,
  `    for (let at = place; at; at = at.parent) path.push(at.key);`,
  `    return json.pathToPointer(path.reverse());`,
  `  };`,
  `  json.decycle = (document, replacer) => {`,
  `    const open = new WeakMap();`,
  `    const copy = (value, place) => {`,
  `      if (replacer) value = replacer(value);`,
  `      if (!isPlainObject(value) && !Array.isArray(value)) return value;`,
  `      const cycle = open.get(value);`,
  `      if (cycle) return { $ref: pointer(cycle.place) };`,
  `      open.set(value, { place });`,
  `      let result;`,
  `      if (Array.isArray(value)) result = value.map((item, i) => copy(item, { parent: place, key: String(i) }));`,
  `      else {`,
  `        result = {};`,
  `        for (const key of Object.keys(value)) result[key] = copy(value[key], { parent: place, key });`,
  `      }`,
  `      open.delete(value);`,
  `      return result;`,
  `    };`,
  `    return copy(document, undefined);`,
  `  };`,
  `} catch {}`,
];

/**
 * What the preamble changes in Prism, run before Prism loads: each hook finds what it wraps from
 * Prism's entry point (`process.argv[1]`), and leaves Prism as it is when it cannot.
 */
export const PRISM_HOOKS = [
  ...POSTMAN_ON_FIRST_USE,
  ...COMPILE_ONCE_PER_CONTENT,
  ...ROUTE_ONCE_PER_REQUEST_LINE,
  ...FAKER_ON_FIRST_USE,
  ...FAKER_OPTIONS_ALONE,
  ...POINTERS_ONLY_FOR_CYCLES,
].join("\n");

// SIGKILL runs no handler of ours, so the exit and signal hooks above cannot stop the mock then.
// Prism starts behind this preamble instead: it reads a pipe from this process, and exits when
// the pipe closes, which the kernel does whenever this process ends.
// Prism runs at --verboseLevel warn: at info it logs several lines for every request, which
// nothing reads and which cost it a quarter of its time per request. Its "listening" line is one
// of them, so the preamble prints the port its server listens on, as the server reports it.
const PREAMBLE = [
  `process.stdin.on("end", () => process.exit(1)).on("error", () => process.exit(1)).resume();`,
  `const { Server } = require("node:net"), listen = Server.prototype.listen;`,
  `Server.prototype.listen = function (...args) {`,
  `  this.once("listening", () => process.stdout.write("\\n${LISTENING} " + this.address().port + "\\n"));`,
  `  return listen.apply(this, args);`,
  `};`,
  PRISM_HOOKS,
  `require(process.argv[1]);`,
].join("\n");

/** Throws when `spec` names a file that does not exist (a URL is left to Prism). */
export function checkSpecExists(spec: string | undefined): void {
  if (spec && !/^https?:/.test(spec) && !existsSync(spec)) throw new Error(`chat-rest-sdk: spec file not found: ${spec}`);
}

export async function startPrism(options: PrismProcessOptions): Promise<PrismProcess> {
  checkSpecExists(options.command[1]);
  const args = [
    "-e",
    PREAMBLE,
    prismBin(),
    ...options.command,
    "--host",
    options.host,
    "--port",
    String(options.port),
    "--verboseLevel",
    "warn",
  ];
  if (options.errors) args.push("--errors");
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  track(child);
  const log = new LogTail();
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  // Keep reading output for the whole life of the process, so a chatty Prism never blocks on a
  // full pipe, and keep only its tail, so a long-lived mock does not grow this process's memory.
  // Decoded as UTF-8 by the streams, so a character split across two chunks stays whole.
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  const onData = (chunk: string) => log.push(chunk);
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`Prism did not start within ${options.startTimeoutMs} ms:\n${log}`)),
      options.startTimeoutMs,
    );
    const poll = () => {
      const match = new RegExp(`^${LISTENING} (\\d+)$`, "m").exec(log.toString());
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", poll);
      child.stderr.off("data", poll);
      done(clientUrl(`http://${options.host}:${match[1]}`));
    };
    child.stdout.on("data", poll);
    child.stderr.on("data", poll);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`Prism exited (code ${code}) before listening:\n${log}`));
    });
  }).catch(async (error) => {
    // The child is still referenced here, so the process waits for its exit and the caller's
    // promise settles, even when nothing else (a top-level await, say) keeps the process alive.
    child.kill("SIGKILL");
    await exited;
    throw error;
  });
  // Only a running mock is unreferenced: a forgotten close() must not keep a test runner alive,
  // and the hooks above still kill it when the process ends.
  child.unref();
  (child.stdin as unknown as { unref(): void }).unref();
  (child.stdout as unknown as { unref(): void }).unref();
  (child.stderr as unknown as { unref(): void }).unref();

  let closing: Promise<void> | undefined;
  return {
    url,
    log: () => log.toString(),
    close() {
      closing ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(force);
      })();
      return closing;
    },
  };
}
