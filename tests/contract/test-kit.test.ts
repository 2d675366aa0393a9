// The user test kit: startMockServer (also what our own global setup uses) and the
// chat-rest-mock bin, each run for real: Prism processes on loopback.
import childProcess, { spawn } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { build, type BuildOptions } from "esbuild";
import { createCallsClient, createChatClient, createManagementClient } from "../../src/index";
import { startMockServer } from "../../src/testing/index";
import { PRISM_START_MS } from "../harness/prism-start";

const root = join(__dirname, "..", "..");
const bin = join(root, "bin", "chat-rest-mock.js");
// Starting Prism takes seconds alone, several times that when the machine's two cores are busy.
const PRISM_TEST_MS = 2 * PRISM_START_MS;
const listUsers = (url: string, query = "") => fetch(`${url}/users${query}`, { headers: { apikey: "kit-key" } });

const contradicting = join(__dirname, "fixtures", "example-contradicts-schema.openapi.json");
// The tests of how a mock starts, stops and listens, and of the bin, serve this one-operation spec
// (GET /users, perPage at most 1000): Prism reads it in a fraction of the time the whole spec
// takes. The test of what the mock serves uses the whole spec.
const listUsersOnly = join(__dirname, "fixtures", "list-users.openapi.json");
const quick = { spec: listUsersOnly, startTimeoutMs: PRISM_START_MS };

describe("startMockServer", () => {
  test(
    "serves the Chat, Calls and Management APIs on one free loopback port, stops on close(), and close() can be called twice",
    async () => {
      const mock = await startMockServer({ startTimeoutMs: PRISM_START_MS });
      try {
        const baseUrl = mock.url;
        expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const chat = createChatClient({ appId: "kit", apiKey: "kit-key", baseUrl });
        const calls = createCallsClient({ appId: "kit", apiKey: "kit-key", baseUrl });
        const mgmt = createManagementClient({ key: "kit-key", secret: "kit-secret", baseUrl });
        const answers = await Promise.all([
          chat.GET("/users"),
          calls.GET("/calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } }),
          mgmt.GET("/apps"),
        ]);
        expect(answers.map(({ response, error }) => [response.status, error])).toEqual([
          [200, undefined],
          [200, undefined],
          [200, undefined],
        ]);
      } finally {
        await Promise.all([mock.close(), mock.close()]);
      }
      await expect(listUsers(mock.url)).rejects.toThrow();
    },
    PRISM_TEST_MS,
  );

  test(
    "errors (default true) turns an answer that contradicts the spec into a 500; errors: false serves it, flagged",
    async () => {
      const [strict, lenient] = await Promise.all([
        startMockServer({ spec: contradicting, startTimeoutMs: PRISM_START_MS }),
        startMockServer({ spec: contradicting, errors: false, startTimeoutMs: PRISM_START_MS }),
      ]);
      try {
        const [fromStrict, fromLenient] = await Promise.all([fetch(`${strict.url}/count`), fetch(`${lenient.url}/count`)]);
        expect(fromStrict.status).toBe(500);
        expect(await fromLenient.json()).toEqual({ count: "three" });
        expect(fromLenient.headers.get("sl-violations")).toMatch(/count must be integer/);
      } finally {
        await Promise.all([strict.close(), lenient.close()]);
      }
    },
    PRISM_TEST_MS,
  );

  test(
    "rejects when the port is taken, before it starts Prism",
    async () => {
      const blocker = createServer();
      await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done));
      const { port } = blocker.address() as AddressInfo;
      const spawned = jest.spyOn(childProcess, "spawn");
      try {
        await expect(startMockServer({ ...quick, port })).rejects.toThrow(/EADDRINUSE|address already in use/i);
        expect(spawned).not.toHaveBeenCalled();
      } finally {
        spawned.mockRestore();
        blocker.close();
      }
    },
    PRISM_TEST_MS,
  );

  test.each([
    [{ port: -1 }, /port must be an integer/],
    [{ port: 65536 }, /port must be an integer/],
    [{ port: 1.5 }, /port must be an integer/],
    [{ host: " " }, /host must be a non-empty string/],
    [{ startTimeoutMs: 0 }, /startTimeoutMs must be a positive number/],
    [{ spec: "does-not-exist.json" }, /spec file not found: does-not-exist.json/],
  ])("refuses %j before starting anything", async (options, message) => {
    await expect(startMockServer(options)).rejects.toThrow(message);
  });

  test("documents every option with @default and @example", () => {
    const source = readFileSync(join(root, "src", "testing", "start-mock-server.ts"), "utf8");
    const block = /export interface MockServerOptions \{([\s\S]*?)\n\}/.exec(source)![1]!;
    const options = [...block.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\?:/g)];
    expect(options.map((m) => m[2])).toEqual(["port", "host", "errors", "spec", "startTimeoutMs"]);
    for (const [, doc, name] of options) expect([name, /@default /.test(doc!), /@example /.test(doc!)]).toEqual([name, true, true]);
  });
});

// The kit as the package ships it, built once for the scripts and the bin below: bundled like
// dist/ (ESM with its __dirname shim, and CJS) with bin/ beside it, in a directory under the
// repository, so it finds the spec and Prism as the package does.
let shippedDir: string;
beforeAll(async () => {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  shippedDir = mkdtempSync(join(root, ".tmp", "test-kit-"));
  mkdirSync(join(shippedDir, "bin"));
  writeFileSync(join(shippedDir, "bin", "chat-rest-mock.js"), readFileSync(bin));
  const shim =
    'import { fileURLToPath as __u } from "node:url"; import { dirname as __d } from "node:path"; const __dirname = __d(__u(import.meta.url));';
  const common: BuildOptions = {
    entryPoints: [join(root, "src", "testing", "index.ts")],
    bundle: true,
    platform: "node",
    packages: "external",
    logLevel: "warning",
  };
  await Promise.all([
    build({ ...common, format: "esm", outfile: join(shippedDir, "dist", "testing.mjs"), banner: { js: shim } }),
    build({ ...common, format: "cjs", outfile: join(shippedDir, "dist", "testing.cjs") }),
  ]);
});
afterAll(() => rmSync(shippedDir, { recursive: true, force: true }));

describe("startMockServer in a script of its own", () => {
  const dir = () => join(shippedDir, "dist");

  function run(file: string, code: string) {
    writeFileSync(join(dir(), file), code);
    const child = spawn(process.execPath, [join(dir(), file)], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once("exit", (code, signal) => done({ code, signal })),
    );
    const url = new Promise<string>((done, fail) => {
      child.stdout.on("data", () => {
        const match = /^url (\S+)$/m.exec(output);
        if (match) done(match[1]!);
      });
      void ended.then(() => fail(new Error(`exited before printing its URL:\n${output}`)));
    });
    // Not every script prints a URL; a test that awaits one still sees the failure.
    url.catch(() => {});
    return { child, ended, url, output: () => output };
  }

  const startTooSoon = `try {
  await startMockServer({ startTimeoutMs: 50 });
  console.log("started");
} catch (error) {
  console.log("rejected: " + error.message.split("\\n")[0]);
  process.exitCode = 3;
}`;

  test(
    "a start that times out rejects, with top-level await in an ES module",
    async () => {
      const script = run("start-esm.mjs", `import { startMockServer } from "./testing.mjs";\n${startTooSoon}\n`);
      expect(await script.ended).toEqual({ code: 3, signal: null });
      expect(script.output()).toContain("rejected: Prism did not start within 50 ms");
    },
    PRISM_TEST_MS,
  );

  test(
    "a start that times out rejects in CommonJS, and the process waits for it",
    async () => {
      const script = run(
        "start-cjs.cjs",
        `const { startMockServer } = require("./testing.cjs");\n(async () => {\n${startTooSoon}\n})();\n`,
      );
      expect(await script.ended).toEqual({ code: 3, signal: null });
      expect(script.output()).toContain("rejected: Prism did not start within 50 ms");
    },
    PRISM_TEST_MS,
  );

  const serve = (extra = "") =>
    `const { startMockServer } = require("./testing.cjs");\n${extra}\nstartMockServer(${JSON.stringify(quick)}).then((mock) => { console.log("url " + mock.url); setInterval(() => {}, 1000); });\n`;

  test.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)(
    "%s to the process kills the mock, and the process still ends by that signal",
    async (signal) => {
      const script = run(`signal-${signal}.cjs`, serve());
      const url = await script.url;
      expect((await listUsers(url)).status).toBe(200);
      script.child.kill(signal);
      expect(await script.ended).toEqual({ code: null, signal });
      await expect(listUsers(url)).rejects.toThrow();
    },
    PRISM_TEST_MS,
  );

  test(
    "a process with its own SIGTERM handler ends as that handler says, and the mock is killed",
    async () => {
      const script = run("own-handler.cjs", serve('process.on("SIGTERM", () => setTimeout(() => process.exit(7), 100));'));
      const url = await script.url;
      script.child.kill("SIGTERM");
      expect(await script.ended).toEqual({ code: 7, signal: null });
      await expect(listUsers(url)).rejects.toThrow();
    },
    PRISM_TEST_MS,
  );
});

describe("the URL startMockServer returns", () => {
  test.each([
    ["::1", /^http:\/\/\[::1\]:\d+$/],
    ["0.0.0.0", /^http:\/\/127\.0\.0\.1:\d+$/],
  ])(
    "for host %s is one a client accepts and reaches",
    async (host, shape) => {
      const mock = await startMockServer({ ...quick, host });
      try {
        expect(mock.url).toMatch(shape);
        const chat = createChatClient({ appId: "kit", apiKey: "kit-key", baseUrl: mock.url });
        const { response } = await chat.GET("/users");
        expect(response.status).toBe(200);
      } finally {
        await mock.close();
      }
    },
    PRISM_TEST_MS,
  );
});

describe("the chat-rest-mock bin", () => {
  // The bin as it ships: bin/ beside a dist/ that holds the built chat-rest-sdk/testing.
  const shipped = () => join(shippedDir, "bin", "chat-rest-mock.js");

  /** Runs the bin with `args`; `listening` resolves to the URL it prints, `exited` to its exit code. */
  function startBin(args: string[]) {
    const child = spawn(process.execPath, [shipped(), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const listening = new Promise<string>((done, fail) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk;
        const match = /chat-rest-mock listening on (http:\/\/\S+)/.exec(out);
        if (match) done(match[1]!);
      });
      child.once("exit", (code) => fail(new Error(`exited ${code} before listening: ${out}`)));
    });
    return { child, exited, listening };
  }

  test("is declared in package.json and executable", () => {
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin["chat-rest-mock"]).toBe("bin/chat-rest-mock.js");
    expect(readFileSync(bin, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  test(
    "prints its URL, serves the spec, names a rejected parameter in the error body, and stops cleanly on Ctrl-C (SIGINT)",
    async () => {
      const { child, exited, listening } = startBin(["--port", "0", "--spec", listUsersOnly]);
      try {
        const url = await listening;
        expect((await listUsers(url)).status).toBe(200);
        const rejected = await listUsers(url, "?perPage=5000");
        expect((await rejected.json()).error.details.perPage).toEqual([expect.stringContaining("perPage must be <= 1000")]);
        child.kill("SIGINT");
        expect(await exited).toBe(0);
        await expect(listUsers(url)).rejects.toThrow();
      } finally {
        child.kill("SIGKILL");
      }
    },
    PRISM_TEST_MS,
  );

  test(
    "stops Prism when its terminal hangs up (SIGHUP), and prints a bracketed URL for an IPv6 host",
    async () => {
      const { child, exited, listening } = startBin(["--port", "0", "--host", "::1", "--spec", listUsersOnly]);
      try {
        const url = await listening;
        expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
        expect((await listUsers(url)).status).toBe(200);
        child.kill("SIGHUP");
        expect(await exited).toBe(0);
        await expect(listUsers(url)).rejects.toThrow();
      } finally {
        child.kill("SIGKILL");
      }
    },
    PRISM_TEST_MS,
  );

  test(
    "explains its options on --help and refuses unknown ones",
    async () => {
      const run = (args: string[]) =>
        new Promise<{ code: number | null; output: string }>((done) => {
          const child = spawn(process.execPath, [shipped(), ...args]);
          let output = "";
          child.stdout.on("data", (c) => (output += c));
          child.stderr.on("data", (c) => (output += c));
          child.once("exit", (code) => done({ code, output }));
        });
      expect(await run(["--help"])).toEqual({ code: 0, output: expect.stringContaining("Usage: chat-rest-mock [--port <n>]") });
      expect(await run(["--frobnicate"])).toEqual({ code: 2, output: expect.stringContaining("unknown option --frobnicate") });
    },
    PRISM_TEST_MS,
  );
});
