import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { CONFIGS, compile, installConsumer, packTarball, prepareConfig, readmeInstallSteps, repoRoot } from "./consumer";

// Everything here works on the tarball `npm pack` makes, installed by npm into a fresh project by
// the commands of README.md's "Install" section:
// a file missing from `files`, a wrong `exports` path or a broken declaration shows up as a user would see it.
let work: string;
let tarball: string;
let consumer: string;

const bin = (name: string) => join(repoRoot, "node_modules", ".bin", name);
const output = (command: string, args: string[], cwd = repoRoot) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "chat-rest-sdk-package-"));
  tarball = packTarball(work);
  consumer = join(work, "consumer");
  installConsumer(consumer, tarball);
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test("README.md's install steps, which built this consumer, pack the repository and install that very tarball", () => {
  const { repository, project } = readmeInstallSteps();
  expect(repository).toContain("npm pack");
  expect(project).toContain(`npm install ../chat-rest-sdk/${basename(tarball)}`);
  expect(require.resolve("chat-rest-sdk/package.json", { paths: [consumer] })).toBe(
    join(consumer, "node_modules", "chat-rest-sdk", "package.json"),
  );
  expect(existsSync(join(repoRoot, basename(tarball)))).toBe(false);
});

test("publint has nothing to report, not even a suggestion", () => {
  expect(output(bin("publint"), ["run", tarball, "--strict"])).toContain("All good!");
}, 60_000);

test("are-the-types-wrong finds no problem under node10, node16 (CJS and ESM) or bundler", () => {
  // The spec entry points are data files, not modules with types, so they are not attw's business.
  const report = output(bin("attw"), [
    tarball,
    "--exclude-entrypoints",
    "./openapi.json",
    "./openapi.yaml",
    "--format",
    "ascii",
    "--no-color",
  ]);
  expect(report).toContain("No problems found");
}, 60_000);

test("the tarball holds only the bundles, their declarations, the spec and the package metadata", () => {
  const files = output("tar", ["-tzf", tarball])
    .trim()
    .split("\n")
    .map((file) => file.replace(/^package\//, ""));
  const allowed = [
    /^(package\.json|README\.md|LICENSE|CHANGELOG\.md)$/,
    /^dist\/[\w.-]+\.(mjs|cjs|d\.mts|d\.cts)$/,
    /^generated\/openapi\.(json|yaml)$/,
    /^bin\/[\w.-]+\.js$/, // the chat-rest-mock command
  ];
  expect(files.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  for (const entry of ["index", "testing", "webhooks", "rate-limits", "redis"]) {
    for (const ext of ["mjs", "cjs", "d.mts", "d.cts"]) expect(files).toContain(`dist/${entry}.${ext}`);
  }
}, 60_000);

test("the spec the package exports is byte-identical to generated/", () => {
  for (const format of ["json", "yaml"]) {
    const shipped = require.resolve(`chat-rest-sdk/openapi.${format}`, { paths: [consumer] });
    expect(shipped.startsWith(join(consumer, "node_modules", "chat-rest-sdk"))).toBe(true);
    expect(readFileSync(shipped).equals(readFileSync(join(repoRoot, "generated", `openapi.${format}`)))).toBe(true);
  }
});

test.each(CONFIGS)(
  "compiles under strict %s settings and runs the smoke calls against the packaged mock and fake",
  (config) => {
    const dir = prepareConfig(consumer, config);
    compile(consumer, dir);
    const stdout = output(process.execPath, [join(dir, "out", "main.js")], dir);
    expect(stdout).toContain("send-thread-message: reply");
    expect(stdout).toMatch(/send-thread-message \(404\): error ERR_\w+/);
    expect(stdout).toContain("fake: user packed-1 read back");
    expect(stdout).toContain("fake: chatFakeHandlers asks for msw");
    expect(stdout).toContain('webhooks: message_sent 200 ["<webhookID>","message_sent","1"]');
    expect(stdout).toContain("webhooks: wrong password 401");
    expect(stdout).toContain("rate-limits: 200 200 200 200");
    expect(stdout).toContain("redis: redisRateLimitStore asks for redis");
    expect(stdout.trim().endsWith("smoke: ok")).toBe(true);
  },
  90_000,
);

test("the installed chat-rest-fake command serves a flow, prints its credentials and stops on SIGINT", async () => {
  const child = spawn(join(consumer, "node_modules", ".bin", "chat-rest-fake"), ["--port", "0", "--api-key", "packed-key"], {
    cwd: consumer,
  });
  try {
    let printed = "";
    child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`chat-rest-fake did not start:\n${printed}`)), 30_000);
      child.stdout.on("data", () => {
        const match = /listening on (http:\/\/\S+)/.exec(printed);
        if (match && printed.includes("secret")) {
          clearTimeout(timer);
          done(match[1]!);
        }
      });
    });
    expect(printed).toMatch(/apiKey\s+packed-key/);
    const headers = { apikey: "packed-key", "content-type": "application/json" };
    expect((await fetch(`${url}/users`, { method: "POST", headers, body: JSON.stringify({ uid: "cli", name: "CLI" }) })).status).toBe(200);
    expect((await (await fetch(`${url}/users/cli`, { headers })).json()).data.name).toBe("CLI");
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
}, 60_000);
