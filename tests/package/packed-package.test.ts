import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import {
  type Build,
  buildAll,
  CONFIGS,
  installConsumer,
  LIB_CHECKED,
  packTarball,
  pins,
  prepareConfig,
  readmeInstallSteps,
  repoRoot,
} from "./consumer";
import { COMPILER_NODE_OPTIONS } from "../harness/compiler-process";
import { docSnippets, entryPoints, errorsByFile, type Snippet, withoutExamples, writeSnippets } from "./doc-snippets";

// Everything here works on the tarball `npm pack` makes, installed by npm into a fresh project by
// the commands of README.md's "Install" section:
// a file missing from `files`, a wrong `exports` path or a broken declaration shows up as a user would see it.
// The README's peer installs (Prism, the fake's validator and router) name the versions this
// repository pins, and this repository's copies are linked in. `npm run test:runtimes`, which CI
// runs, installs from the registry as written, and runs what is compiled here: the program under
// each module setting, and the README's whole programs.
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
  installConsumer(consumer, tarball, "link");
}, 240_000);

// What the tests below compile against the installed package, compiled in one build (buildAll):
// the program under each module setting, the TypeScript of the docs with a canary, and a consumer
// with one typed call. Each is a project of its own, with its own settings and its own check; the
// build shares what they all read, and the compiler's warm-up.
const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const CANARY = "canary-wrong-field.ts";
const ONE_CALL = "one-call";
let snippets: Snippet[];
let canary: Snippet;
let built: Build;
/** The lines the compiler printed for the files of the project in `folder`. */
const printedFor = (folder: string) => built.output.split("\n").filter((line) => line.startsWith(`${folder}/`));

beforeAll(() => {
  const configs = CONFIGS.map((config) => prepareConfig(consumer, config, { libCheck: config === LIB_CHECKED }));
  snippets = docSnippets(readme, join(consumer, "node_modules", "chat-rest-sdk"));
  // The mistake users made once: a webhook message's text is in its data, not on the message.
  const parse = snippets.find((snippet) => snippet.source === "chat-rest-sdk/webhooks parseWebhookEvent")!;
  canary = { ...parse, file: CANARY, text: parse.text.replace("event.data.message.data.text", "event.data.message.text") };
  writeSnippets(join(consumer, "docs"), [...snippets, canary]);
  writeOneCall(join(consumer, ONE_CALL));
  built = buildAll(consumer, [...configs, join(consumer, "docs"), join(consumer, ONE_CALL)]);
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test("README.md's install steps, which built this consumer, pack into ~ and install that very tarball from any folder", () => {
  const { repository, project } = readmeInstallSteps();
  expect(repository).toContain("npm pack --pack-destination ~");
  expect(project).toContain(`npm install ~/${basename(tarball)}`);
  expect(require.resolve("chat-rest-sdk/package.json", { paths: [consumer] })).toBe(
    join(consumer, "node_modules", "chat-rest-sdk", "package.json"),
  );
  expect(existsSync(join(repoRoot, basename(tarball)))).toBe(false);
  // The peers the README installs are the versions this repository develops and tests against.
  const pinned = pins();
  for (const name of ["@stoplight/prism-cli", "ajv", "ajv-formats", "find-my-way"]) {
    expect(project.join("\n")).toContain(`${name}@${pinned[name]}`);
    const manifest = require.resolve(`${name}/package.json`, { paths: [consumer] });
    expect([name, JSON.parse(readFileSync(manifest, "utf8")).version]).toEqual([name, pinned[name]]);
  }
});

test("publint has nothing to report, not even a suggestion", () => {
  expect(output(bin("publint"), ["run", tarball, "--strict"])).toContain("All good!");
});

test("are-the-types-wrong finds no problem under node10, node16 (CJS and ESM) or bundler", () => {
  // The spec entry points are data files, not modules with types, so they are not attw's business.
  const report = output(process.execPath, [
    ...COMPILER_NODE_OPTIONS,
    bin("attw"),
    tarball,
    "--exclude-entrypoints",
    "./openapi.json",
    "./openapi.yaml",
    "--format",
    "ascii",
    "--no-color",
  ]);
  expect(report).toContain("No problems found");
});

test("the tarball holds only the bundles, their declarations, the spec and the package metadata", () => {
  const files = output("tar", ["-tzf", tarball])
    .trim()
    .split("\n")
    .map((file) => file.replace(/^package\//, ""));
  const allowed = [
    /^(package\.json|README\.md|LICENSE|CHANGELOG\.md)$/,
    /^dist\/[\w.-]+\.(mjs|cjs|d\.mts|d\.cts)$/,
    /^generated\/openapi\.(json|yaml)$/,
    /^bin\/[\w.-]+\.js$/, // the chat-rest-mock, chat-rest-fake and chat-rest-mcp commands
  ];
  expect(files.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  for (const entry of ["index", "testing", "webhooks", "helpers", "rate-limits", "redis", "mcp"]) {
    for (const ext of ["mjs", "cjs", "d.mts", "d.cts"]) expect(files).toContain(`dist/${entry}.${ext}`);
  }
});

test("the spec the package exports is byte-identical to generated/", () => {
  for (const format of ["json", "yaml"]) {
    const shipped = require.resolve(`chat-rest-sdk/openapi.${format}`, { paths: [consumer] });
    expect(shipped.startsWith(join(consumer, "node_modules", "chat-rest-sdk"))).toBe(true);
    expect(readFileSync(shipped).equals(readFileSync(join(repoRoot, "generated", `openapi.${format}`)))).toBe(true);
  }
});

describe("a program using every entry point", () => {
  test.each(CONFIGS)("compiles under strict %s settings", (config) => {
    expect(printedFor(config)).toEqual([]);
  });

  test(`type-checks the package's declarations under ${LIB_CHECKED}`, () => {
    const settings = (config: string) =>
      JSON.parse(readFileSync(join(consumer, config, "tsconfig.json"), "utf8")).compilerOptions as {
        skipLibCheck: boolean;
        strict: boolean;
      };
    expect(settings(LIB_CHECKED)).toMatchObject({ skipLibCheck: false, strict: true });
    for (const config of CONFIGS) expect(settings(config).strict).toBe(true);
  });

  test("the compiler printed nothing but errors of the projects' own files", () => {
    // Anything else (a tsconfig.json it cannot read, say) would escape the checks of each project.
    const folders = [...CONFIGS, "docs", ONE_CALL];
    const other = built.output.split("\n").filter((line) => line.trim() && !folders.some((folder) => line.startsWith(`${folder}/`)));
    expect(other).toEqual([]);
  });
});

// A consumer's type-check of the installed declarations with one typed call, `strict` and
// `skipLibCheck` off (tsc's default): tsc then checks every declaration file in the program, so
// what the declarations import is paid for in full. bench/typecheck.ts reports the same figures
// beside openapi-fetch's.
function writeOneCall(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "consumer.ts"),
    [
      'import { createChatClient } from "chat-rest-sdk";',
      'const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "key" });',
      'const { data } = await chat.GET("/users", { params: { query: { perPage: 50 } } });',
      "export const uid: string | undefined = data?.data[0]?.uid;",
      "",
    ].join("\n"),
  );
  const compilerOptions = { target: "ES2022", lib: ["ES2022", "DOM"], module: "esnext", moduleResolution: "bundler", strict: true };
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true, skipLibCheck: false, types: [] }, files: ["consumer.ts"] }),
  );
}

test("a strict consumer with one typed call type-checks the package's declarations in at most 60,000 instantiations, skipLibCheck off", () => {
  expect(printedFor(ONE_CALL)).toEqual([]);
  const program = built.projects[ONE_CALL];
  // The declarations read are the installed package's, not a copy of the sources.
  expect(program?.files).toContain(join(consumer, "node_modules", "chat-rest-sdk", "dist", "index.d.mts"));
  const instantiations = program?.instantiations ?? 0;
  expect(instantiations).toBeGreaterThan(0);
  expect(instantiations).toBeLessThanOrEqual(60_000);
});

describe("an error thrown by any entry point is an instance of the class chat-rest-sdk exports", () => {
  // One error from each entry point that throws the SDK's classes, made without the network: the
  // class it must be an instance of, as chat-rest-sdk exports it, and always of ChatError. `load`
  // is `import()` in the ES module and `require` in the CommonJS one.
  const program = `
const entries = ["chat-rest-sdk", "chat-rest-sdk/webhooks", "chat-rest-sdk/helpers", "chat-rest-sdk/rate-limits",
  "chat-rest-sdk/redis", "chat-rest-sdk/otel", "chat-rest-sdk/mcp", "chat-rest-sdk/testing"];
const [core, webhooks, helpers, rateLimits, redis, otel, mcp] = await Promise.all(entries.map(load));
const caught = async (run) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown by " + run);
};
const answered = async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
const client = (rateLimits) => core.createChatClient({ appId: "app1", apiKey: "k", fetch: answered, maxRetries: 0, rateLimits });
const limit = { app: { all: { limit: 1, windowMs: 60000 } } };
const limited = client({ ...limit, store: rateLimits.memoryRateLimitStore(), maxWaitMs: 0 });
await limited.GET("/users");
const down = { sendCommand: async () => { throw new Error("down"); } };
const thrown = {
  "chat-rest-sdk createChatClient": [await caught(() => core.createChatClient({ appId: "my app", apiKey: "k" })), "ChatConfigError"],
  "chat-rest-sdk/webhooks createWebhookHandler": [await caught(() => webhooks.createWebhookHandler({})), "ChatConfigError"],
  "chat-rest-sdk/webhooks parseWebhookEvent": [await caught(() => webhooks.parseWebhookEvent("{")), "ChatError"],
  "chat-rest-sdk/helpers ensureUser": [await caught(() => helpers.ensureUser(client(), { uid: "not a uid", name: "N" })), "ChatConfigError"],
  "chat-rest-sdk/rate-limits memoryRateLimitStore": [await caught(() => limited.GET("/users")), "RateLimitError"],
  "chat-rest-sdk/redis redisRateLimitStore": [
    await caught(() => client({ ...limit, store: redis.redisRateLimitStore({ client: down }) }).GET("/users")),
    "RateLimitStoreError",
  ],
  "chat-rest-sdk/otel instrumentChat": [await caught(() => otel.instrumentChat("on")), "ChatConfigError"],
  "chat-rest-sdk/mcp selectOperationTools": [await caught(() => mcp.selectOperationTools({ tools: ["no-such-tool"] })), "ChatConfigError"],
};
console.log(JSON.stringify(Object.entries(thrown).map(([source, [error, base]]) =>
  source + ": " + error.name + (error instanceof core[base] && error instanceof core.ChatError ? " is " : " is not ") + base)));
`;
  const expected = [
    "chat-rest-sdk createChatClient: ChatConfigError is ChatConfigError",
    "chat-rest-sdk/webhooks createWebhookHandler: ChatConfigError is ChatConfigError",
    "chat-rest-sdk/webhooks parseWebhookEvent: WebhookPayloadError is ChatError",
    "chat-rest-sdk/helpers ensureUser: ChatConfigError is ChatConfigError",
    "chat-rest-sdk/rate-limits memoryRateLimitStore: RateLimitError is RateLimitError",
    "chat-rest-sdk/redis redisRateLimitStore: RateLimitStoreError is RateLimitStoreError",
    "chat-rest-sdk/otel instrumentChat: ChatConfigError is ChatConfigError",
    "chat-rest-sdk/mcp selectOperationTools: ChatConfigError is ChatConfigError",
  ];
  const runProgram = (file: string, text: string) => {
    writeFileSync(join(consumer, file), text);
    return JSON.parse(output(process.execPath, [file], consumer)) as string[];
  };

  test("as ES modules", () => {
    expect(runProgram("error-classes.mjs", `const load = (name) => import(name);\n${program}`)).toEqual(expected);
  });

  test("as CommonJS", () => {
    const text = `const load = async (name) => require(name);\n(async () => {${program}})().catch((error) => {\n  console.error(error);\n  process.exit(1);\n});\n`;
    expect(runProgram("error-classes.cjs", text)).toEqual(expected);
  });

  test("the error classes are defined in one module of each format, which every other bundle imports", () => {
    const dist = join(consumer, "node_modules", "chat-rest-sdk", "dist");
    for (const format of ["mjs", "cjs"]) {
      const defining = readdirSync(dist)
        .filter((file) => file.endsWith(`.${format}`))
        .filter((file) =>
          /\b(ChatError|ChatConfigError|ChatApiError) = class\b|class (ChatError|ChatConfigError|ChatApiError)\b/.test(
            readFileSync(join(dist, file), "utf8"),
          ),
        );
      expect(defining).toEqual([`errors.${format}`]);
    }
  });
});

/** Starts the installed chat-rest-fake with `args`; resolves once it printed its URL and credentials. */
async function startFakeCommand(args: string[]): Promise<{ child: ReturnType<typeof spawn>; url: string; printed: () => string }> {
  const child = spawn(join(consumer, "node_modules", ".bin", "chat-rest-fake"), ["--port", "0", "--api-key", "packed-key", ...args], {
    cwd: consumer,
  });
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`chat-rest-fake did not start:\n${printed}`)), 100_000);
      child.stdout.on("data", () => {
        const match = /listening on (http:\/\/\S+)/.exec(printed);
        if (match && printed.includes("secret")) {
          clearTimeout(timer);
          done(match[1]!);
        }
      });
    });
    return { child, url, printed: () => printed };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

test("the installed chat-rest-fake command serves a flow, prints its credentials and stops on SIGINT", async () => {
  const { child, url, printed } = await startFakeCommand([]);
  try {
    expect(printed()).toMatch(/apiKey\s+packed-key/);
    const headers = { apikey: "packed-key", "content-type": "application/json" };
    expect((await fetch(`${url}/users`, { method: "POST", headers, body: JSON.stringify({ uid: "cli", name: "CLI" }) })).status).toBe(200);
    expect((await (await fetch(`${url}/users/cli`, { headers })).json()).data.name).toBe("CLI");
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});

test("the installed chat-rest-fake command starts from a state file written from fake.snapshot(), serving its app", async () => {
  const { startFakeServer } = require(
    require.resolve("chat-rest-sdk/testing", { paths: [consumer] }),
  ) as typeof import("../../src/testing/index");
  const seeded = await startFakeServer({ apiKey: "packed-key" });
  seeded.seed({ users: [{ uid: "saved", name: "Saved" }] });
  const file = join(work, "fake-state.json");
  writeFileSync(file, JSON.stringify(seeded.snapshot()));
  await seeded.close();
  const { child, url, printed } = await startFakeCommand(["--state", file]);
  try {
    expect(printed()).toContain(`appId       ${seeded.appId}`);
    expect((await (await fetch(`${url}/users/saved`, { headers: { apikey: "packed-key" } })).json()).data.name).toBe("Saved");
  } finally {
    child.kill("SIGKILL");
  }
});

test("the installed chat-rest-fake command enforces --rate-limits for tests in another process", async () => {
  const { child, url } = await startFakeCommand(["--rate-limits", JSON.stringify({ app: { all: { limit: 2, windowMs: 60_000 } } })]);
  try {
    const headers = { apikey: "packed-key" };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/users`, { headers })).status);
    expect(statuses).toEqual([200, 200, 429]);
  } finally {
    child.kill("SIGKILL");
  }
});

test("the installed chat-rest-fake verify command replays a recording made with the installed recordTraffic, and exits 1 on a difference", async () => {
  const sdk = require(require.resolve("chat-rest-sdk", { paths: [consumer] })) as typeof import("../../src/index");
  const testing = require(require.resolve("chat-rest-sdk/testing", { paths: [consumer] })) as typeof import("../../src/testing/index");
  const fake = await testing.startFakeServer();
  const file = join(work, "recording.ndjson");
  try {
    const chat = sdk.createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
    chat.use(testing.recordTraffic({ file }));
    await sdk.unwrap(chat.POST("/users", { body: { uid: "ana", name: "Ana" } }));
    await sdk.unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "ana" } } }));
  } finally {
    await fake.close();
  }
  const verify = (recording: string) => {
    try {
      return { code: 0, output: output(join(consumer, "node_modules", ".bin", "chat-rest-fake"), ["verify", recording], consumer) };
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      return { code: failed.status, output: failed.stdout };
    }
  };
  expect(verify(file)).toEqual({ code: 0, output: expect.stringMatching(/^OK: 2 exchanges replayed/) });
  const tampered = join(work, "tampered.ndjson");
  writeFileSync(tampered, readFileSync(file, "utf8").replace('"status":200', '"status":201'));
  expect(verify(tampered)).toEqual({ code: 1, output: expect.stringContaining("differs      create-user") });
});

test("the installed chat-rest-mcp command serves the API's tools over stdio to the official MCP client", async () => {
  const { Client } = require("@modelcontextprotocol/sdk/client/index.js") as typeof import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } =
    require("@modelcontextprotocol/sdk/client/stdio.js") as typeof import("@modelcontextprotocol/sdk/client/stdio.js");
  const { startFakeServer } = require(
    require.resolve("chat-rest-sdk/testing", { paths: [consumer] }),
  ) as typeof import("../../src/testing/index");
  const fake = await startFakeServer({ apiKey: "packed-key" });
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  const client = new Client({ name: "packed-test", version: "1.0.0" });
  try {
    await client.connect(
      new StdioClientTransport({
        command: join(consumer, "node_modules", ".bin", "chat-rest-mcp"),
        args: ["--as", "ana"],
        cwd: consumer,
        env: { PATH: process.env.PATH ?? "", CHAT_APP_ID: fake.appId, CHAT_API_KEY: "packed-key", CHAT_BASE_URL: fake.url },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("send-thread-message");
    const result = await client.callTool({ name: "get-user", arguments: { uid: "ana" } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text).data).toMatchObject({ uid: "ana", name: "Ana" });
  } finally {
    await client.close();
    await fake.close();
  }
});

describe("the TypeScript of the docs, against the packed package", () => {
  // tsc's errors by snippet file.
  const errors = () =>
    errorsByFile(
      printedFor("docs")
        .map((line) => line.slice("docs/".length))
        .join("\n"),
    );

  test("covers every TypeScript block of README.md and the @examples of every entry point in package.json's exports", () => {
    const sources = snippets.map((snippet) => snippet.source);
    expect(sources.filter((source) => source.startsWith("README.md")).length).toBe(readme.split(/^```ts\n/m).length - 1);
    const entries = entryPoints(join(consumer, "node_modules", "chat-rest-sdk")).map((entry) => entry.specifier);
    expect(entries).toEqual(expect.arrayContaining(["chat-rest-sdk", "chat-rest-sdk/testing", "chat-rest-sdk/webhooks"]));
    for (const entry of entries) expect(sources.some((source) => source.startsWith(`${entry} `))).toBe(true);
    expect(sources).toEqual(expect.arrayContaining(["chat-rest-sdk/testing startFakeServer", "chat-rest-sdk/webhooks parseWebhookEvent"]));
  });

  test("every function and class that an entry point exports has an @example", () => {
    expect(withoutExamples(join(consumer, "node_modules", "chat-rest-sdk"))).toEqual([]);
  });

  test("every one of them compiles in strict mode", () => {
    expect(Object.fromEntries([...errors()].filter(([file]) => file !== CANARY))).toEqual({});
  });

  test("an example with a wrong field does not compile, and the error names its file", () => {
    const parse = snippets.find((snippet) => snippet.source === "chat-rest-sdk/webhooks parseWebhookEvent")!;
    expect(canary.text).not.toBe(parse.text);
    expect(errors().get(CANARY)).toEqual([
      expect.stringMatching(/^canary-wrong-field\.ts\(\d+,\d+\): error TS2339: Property 'text' does not exist/),
    ]);
  });
});
