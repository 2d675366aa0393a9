// The user test kit: startMockServer (also what our own global setup uses) and the
// chat-rest-mock bin, each run for real: Prism processes on loopback.
import { spawn } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { startMockServer } from "../../src/testing/index";

const root = join(__dirname, "..", "..");
const bin = join(root, "bin", "chat-rest-mock.js");
// Starting Prism takes ~1.5 s alone, several times that when the machine's two cores are busy.
const PRISM_TEST_MS = 30_000;
const listUsers = (url: string, query = "") => fetch(`${url}/users${query}`, { headers: { apikey: "kit-key" } });

const contradicting = join(__dirname, "fixtures", "example-contradicts-schema.openapi.json");

describe("startMockServer", () => {
  test(
    "serves on a free loopback port, stops on close(), and close() can be called twice",
    async () => {
      const mock = await startMockServer();
      try {
        expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect((await listUsers(mock.url)).status).toBe(200);
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
        startMockServer({ spec: contradicting }),
        startMockServer({ spec: contradicting, errors: false }),
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
    "rejects with Prism's log when the port is taken",
    async () => {
      const blocker = createServer();
      await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done));
      const { port } = blocker.address() as AddressInfo;
      try {
        await expect(startMockServer({ port })).rejects.toThrow(/Prism exited[\s\S]*EADDRINUSE|address already in use/i);
      } finally {
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

describe("the chat-rest-mock bin", () => {
  test("is declared in package.json and executable", () => {
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin).toEqual({ "chat-rest-mock": "bin/chat-rest-mock.js" });
    expect(readFileSync(bin, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  test(
    "prints its URL, serves the spec, and stops cleanly on Ctrl-C (SIGINT)",
    async () => {
      const child = spawn(process.execPath, [bin, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
      try {
        const url = await new Promise<string>((done, fail) => {
          let out = "";
          child.stdout.on("data", (chunk: Buffer) => {
            out += chunk;
            const match = /chat-rest-mock listening on (http:\/\/\S+)/.exec(out);
            if (match) done(match[1]!);
          });
          child.once("exit", (code) => fail(new Error(`exited ${code} before listening: ${out}`)));
        });
        expect((await listUsers(url)).status).toBe(200);
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
    "explains its options on --help and refuses unknown ones",
    async () => {
      const run = (args: string[]) =>
        new Promise<{ code: number | null; output: string }>((done) => {
          const child = spawn(process.execPath, [bin, ...args]);
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
