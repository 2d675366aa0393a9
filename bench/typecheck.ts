// Section 4: what the SDK's types cost the type checker. The same 20 typed calls, written once
// against the SDK and once against bare openapi-fetch, are checked by `tsc --noEmit`,
// interleaved, 5+ runs each; then again on a synthetic spec of 300 operations.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { log, numArg, report } from "./section.js";
import { rotated, spread, type Spread } from "./stats.js";

const root = process.cwd();
const dir = join(root, "bench/.tmp/typecheck");
const tsc = join(root, "node_modules/typescript/lib/tsc.js");
/** The last commit whose calls took their init as a type parameter (before exact types), measured beside today's. */
const BEFORE_EXACT = "e99f8cd";

interface Call {
  /** Which client: the chat API one or the management one. */
  client: "chat" | "mgmt";
  method: "GET" | "POST";
  path: string;
  /** The init argument without onBehalfOf (the SDK client is bound with as()). */
  init?: string;
  /** Whether the call acts as a user: bare openapi-fetch must then pass params.header.onBehalfOf. */
  asUser?: boolean;
  /** An expression that reads the success data, so response types are checked too. */
  read: string;
}

const threadBody = `{ receiver: "cometchat-uid-5", receiverType: "user", category: "message", type: "text", data: { text: "On it." } }`;
/** 16 chat-API calls and 4 management-API calls. */
const MIXED_CALLS: Call[] = [
  { client: "chat", method: "GET", path: "/users", read: "data.data[0]?.uid" },
  {
    client: "chat",
    method: "GET",
    path: "/users",
    init: `{ params: { query: { perPage: 50, page: 2 } } }`,
    read: "data.meta.pagination.total_pages",
  },
  {
    client: "chat",
    method: "GET",
    path: "/users",
    init: `{ params: { query: { searchKey: "ma", searchIn: ["name", "uid"], status: "available" } } }`,
    read: "data.data.length",
  },
  {
    client: "chat",
    method: "GET",
    path: "/users",
    init: `{ params: { query: { tags: ["staff"], withTags: true, roles: ["default"] } } }`,
    read: "data.data[0]?.tags",
  },
  {
    client: "chat",
    method: "GET",
    path: "/users",
    init: `{ params: { query: { onlyDeactivated: true, count: true } } }`,
    read: "data.meta.pagination.count",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages/{id}/thread",
    init: `{ params: { path: { id: "1842" } }, body: ${threadBody} }`,
    asUser: true,
    read: "data.data.parentId",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages/{id}/thread",
    init: `{ params: { path: { id: "1842" } }, body: { receiver: "design-team", receiverType: "group", data: { text: "Done." }, tags: ["follow-up"] } }`,
    asUser: true,
    read: "data.data.sentAt",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages/{id}/thread",
    init: `{ params: { path: { id: "7" } }, body: { receiver: "u2", receiverType: "user", type: "image", data: { metadata: { w: 1 } } } }`,
    asUser: true,
    read: "data.data.data.text",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages/{id}/thread",
    init: `{ params: { path: { id: "9" } }, body: {} }`,
    asUser: true,
    read: "data.data.id",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages",
    init: `{ body: { receiver: "u2", receiverType: "user", category: "message", type: "text", data: { text: "hi" } } }`,
    asUser: true,
    read: "data.data.id",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages",
    init: `{ body: { receiver: "g1", receiverType: "group", category: "custom", type: "poll", data: { customData: { q: "?" } } } }`,
    asUser: true,
    read: "data.data.category",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages",
    init: `{ body: { category: "message", multipleReceivers: { uids: ["a", "b"] }, data: { text: "all" } } }`,
    asUser: true,
    read: "data.data.receiver",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages",
    init: `{ body: { receiver: "u3", category: "message", type: "text", muid: "m-1", tags: ["t"] } }`,
    asUser: true,
    read: "data.data.conversationId",
  },
  {
    client: "chat",
    method: "POST",
    path: "/users/{uid}/auth_tokens",
    init: `{ params: { path: { uid: "cometchat-uid-1" } } }`,
    read: "data.data.authToken",
  },
  {
    client: "chat",
    method: "POST",
    path: "/users/{uid}/auth_tokens",
    init: `{ params: { path: { uid: "cometchat-uid-2" } }, body: { force: true } }`,
    read: "data.data.uid",
  },
  {
    client: "chat",
    method: "POST",
    path: "/users/{uid}/auth_tokens",
    init: `{ params: { path: { uid: "u3" } }, body: {} }`,
    read: "data.data.createdAt",
  },
  { client: "mgmt", method: "GET", path: "/apps", read: "data.data[0]?.id" },
  { client: "mgmt", method: "GET", path: "/apps", init: `{ params: { query: { perPage: 10 } } }`, read: "data.meta.pagination.total" },
  { client: "mgmt", method: "GET", path: "/apps", init: `{ params: { query: { searchKey: "prod", page: 2 } } }`, read: "data.data.length" },
  { client: "mgmt", method: "GET", path: "/apps", init: `{ params: { query: { page: 3 } } }`, read: "data.data[0]?.region" },
];

/** 20 chat-API calls: the mixed set, with one more call of each chat operation in place of the management ones. */
const CHAT_CALLS: Call[] = [
  ...MIXED_CALLS.filter((c) => c.client === "chat"),
  {
    client: "chat",
    method: "GET",
    path: "/users",
    init: `{ params: { query: { role: "moderator", perPage: 100 } } }`,
    read: "data.data[0]?.role",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages/{id}/thread",
    init: `{ params: { path: { id: "12" } }, body: { receiver: "u4", data: { text: "ok" } } }`,
    asUser: true,
    read: "data.data.updatedAt",
  },
  {
    client: "chat",
    method: "POST",
    path: "/messages",
    init: `{ body: { receiver: "u5", category: "custom", type: "location", data: { customData: { lat: 1 } } } }`,
    asUser: true,
    read: "data.data.type",
  },
  {
    client: "chat",
    method: "POST",
    path: "/users/{uid}/auth_tokens",
    init: `{ params: { path: { uid: "u6" } }, body: { force: false } }`,
    read: "data.data.authToken",
  },
];

/** Adds `header: { onBehalfOf }` to an init's params, for the bare client that is not bound to a user. */
function withOnBehalfOf(init: string | undefined): string {
  if (!init) return `{ params: { header: { onBehalfOf: "cometchat-uid-1" } } }`;
  if (init.includes("params: {")) return init.replace("params: {", `params: { header: { onBehalfOf: "cometchat-uid-1" },`);
  return init.replace(/^\{/, `{ params: { header: { onBehalfOf: "cometchat-uid-1" } },`);
}

function callsSource(calls: Call[], bound: boolean): string {
  return calls
    .map((c, i) => {
      const init = bound || !c.asUser ? c.init : withOnBehalfOf(c.init);
      const args = init ? `"${c.path}", ${init}` : `"${c.path}"`;
      return `  {\n    const { data, error } = await ${c.client}.${c.method}(${args});\n    if (error) use(${i}, error);\n    else use(${i}, ${c.read});\n  }`;
    })
    .join("\n");
}

const USE = `function use(_call: number, _value: unknown): void {}`;

const SDK_CLIENTS = `import { createChatClient, createManagementClient } from "./sdk/src/index.js";
const chat = createChatClient({ appId: "2a1b3c4d", region: "eu", apiKey: "key" }).as("cometchat-uid-1");
const mgmt = createManagementClient({ key: "key", secret: "secret" });`;

function bareClients(chatPaths: string, mgmtPaths: string): string {
  return `import createClient from "openapi-fetch";
import type { paths } from "./sdk/generated/schema.js";
const chat = createClient<${chatPaths}>({ baseUrl: "https://2a1b3c4d.api-eu.cometchat.io/v3", headers: { apikey: "key" } });
const mgmt = createClient<${mgmtPaths}>({ baseUrl: "https://apimgmt.cometchat.io", headers: { key: "key", secret: "secret" } });`;
}

function consumer(clients: string, calls: Call[], bound: boolean): string {
  return `${clients}
${USE}
export async function run(): Promise<void> {
${callsSource(calls, bound)}
}
`;
}
/** An OpenAPI 3.0 document with `resources` × 3 operations, shaped like the real one. */
function syntheticSpec(resources: number): object {
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {
    ErrorEnvelope: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string" },
            message: { type: "string" },
            details: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
          },
        },
      },
    },
    Pagination: {
      type: "object",
      required: ["total", "count", "per_page", "current_page", "total_pages"],
      properties: Object.fromEntries(["total", "count", "per_page", "current_page", "total_pages"].map((k) => [k, { type: "integer" }])),
    },
  };
  const errors = Object.fromEntries(
    ["400", "401", "403", "404", "429", "500"].map((s) => [
      s,
      { description: `Error ${s}`, content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } },
    ]),
  );
  const obo = { name: "onBehalfOf", in: "header", required: true, schema: { type: "string" }, description: "UID to act as." };
  for (let i = 0; i < resources; i++) {
    const name = `Resource${i}`;
    schemas[name] = {
      type: "object",
      required: ["id", "name", "createdAt"],
      properties: {
        id: { type: "string" },
        name: { type: "string" },
        kind: { type: "string", enum: ["alpha", "beta", "gamma"] },
        tags: { type: "array", items: { type: "string" } },
        metadata: { type: "object", additionalProperties: true },
        owner: { type: "string" },
        count: { type: "integer" },
        createdAt: { type: "integer" },
      },
    };
    schemas[`Create${name}`] = {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string" },
        kind: { type: "string", enum: ["alpha", "beta", "gamma"] },
        tags: { type: "array", items: { type: "string" } },
        metadata: { type: "object", additionalProperties: true },
      },
    };
    const one = {
      description: "OK",
      content: {
        "application/json": {
          schema: { type: "object", required: ["data"], properties: { data: { $ref: `#/components/schemas/${name}` } } },
        },
      },
    };
    paths[`/resources${i}`] = {
      get: {
        operationId: `list-resources${i}`,
        parameters: [
          { name: "perPage", in: "query", schema: { type: "integer" } },
          { name: "page", in: "query", schema: { type: "integer" } },
          { name: "kind", in: "query", schema: { type: "string", enum: ["alpha", "beta", "gamma"] } },
          { name: "tags", in: "query", style: "form", explode: false, schema: { type: "array", items: { type: "string" } } },
        ],
        responses: {
          200: {
            description: "OK",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["data", "meta"],
                  properties: {
                    data: { type: "array", items: { $ref: `#/components/schemas/${name}` } },
                    meta: {
                      type: "object",
                      required: ["pagination"],
                      properties: { pagination: { $ref: "#/components/schemas/Pagination" } },
                    },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
      post: {
        operationId: `create-resources${i}`,
        parameters: [obo],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/Create${name}` } } } },
        responses: { 200: one, ...errors },
      },
    };
    paths[`/resources${i}/{id}`] = {
      get: {
        operationId: `get-resources${i}`,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { 200: one, ...errors },
      },
    };
  }
  return {
    openapi: "3.0.0",
    info: { title: "Synthetic", version: "1.0.0" },
    servers: [{ url: "https://example.com" }],
    paths,
    components: { schemas },
  };
}

function syntheticCalls(): Call[] {
  const calls: Call[] = [];
  for (let i = 0; calls.length < 20; i += 7) {
    calls.push({
      client: "chat",
      method: "GET",
      path: `/resources${i}`,
      init: `{ params: { query: { perPage: 10, kind: "beta", tags: ["a"] } } }`,
      read: "data.data[0]?.name",
    });
    calls.push({
      client: "chat",
      method: "POST",
      path: `/resources${i}`,
      init: `{ body: { name: "n", kind: "alpha", tags: ["x"] } }`,
      asUser: true,
      read: "data.data.id",
    });
    calls.push({
      client: "chat",
      method: "GET",
      path: `/resources${i}/{id}`,
      init: `{ params: { path: { id: "r1" } } }`,
      read: "data.data.createdAt",
    });
  }
  return calls.slice(0, 20);
}

function syntheticConsumers(): Record<"sdk" | "sdkUnbound" | "bare", string> {
  const calls = syntheticCalls();
  const sdk = `import type { OnBehalfOfOptional, SdkClient } from "./sdk/src/index.js";
import type { paths } from "./synthetic.js";
declare const chat: SdkClient<OnBehalfOfOptional<paths>>;`;
  const bare = `import createClient from "openapi-fetch";
import type { paths } from "./synthetic.js";
const chat = createClient<paths>({ baseUrl: "https://example.com" });`;
  // Not bound to a user (no as()): every call passes onBehalfOf, as with bare openapi-fetch.
  const sdkUnbound = `import type { SdkClient } from "./sdk/src/index.js";
import type { paths } from "./synthetic.js";
declare const chat: SdkClient<paths>;`;
  return { sdk: consumer(sdk, calls, true), sdkUnbound: consumer(sdkUnbound, calls, false), bare: consumer(bare, calls, false) };
}

function writeConsumer(name: string, source: string): string {
  writeFileSync(join(dir, `${name}.ts`), source);
  const config = join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        module: "esnext",
        moduleResolution: "bundler",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: [`${name}.ts`],
    }),
  );
  return config;
}

function run(cmd: string, args: string[], cwd = root): { ms: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return { ms, stdout: result.stdout };
}

interface TscRun {
  wallMs: number;
  checkMs: number;
  instantiations: number;
  types: number;
}

function checkOnce(config: string): TscRun {
  const { ms, stdout } = run(process.execPath, [tsc, "-p", config, "--extendedDiagnostics"]);
  const num = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(stdout)?.[1]);
  return { wallMs: ms, checkMs: num("Check time") * 1000, instantiations: num("Instantiations"), types: num("Types") };
}

interface Summary {
  wallMs: Spread;
  checkMs: Spread;
  instantiations: number;
  types: number;
}

interface Comparison {
  runs: number;
  variants: Record<string, Summary>;
  /** Each variant / bare openapi-fetch, paired per round: wall time, check time, instantiations. */
  vsBare: Record<string, { wall: Spread; check: Spread; instantiations: number }>;
}

/**
 * Checks each consumer `runs` times, interleaved; `diagnostics` (variants that only explain
 * where the cost comes from) are checked once, as their instantiation counts do not vary.
 */
function compare(configs: Record<string, string>, runs: number, diagnostics: Record<string, string> = {}): Comparison {
  const names = Object.keys(configs);
  const results: Record<string, TscRun[]> = Object.fromEntries(names.map((n) => [n, []]));
  checkOnce(configs[names[0]!]!); // warms the disk cache
  for (let round = 0; round < runs; round++) {
    for (const name of rotated(names, round)) results[name]!.push(checkOnce(configs[name]!));
  }
  for (const [name, config] of Object.entries(diagnostics)) {
    results[name] = [checkOnce(config)];
    names.push(name);
  }
  const bare = results.bare!;
  return {
    runs,
    variants: Object.fromEntries(
      names.map((n) => {
        const r = results[n]!;
        return [
          n,
          {
            wallMs: spread(r.map((x) => x.wallMs)),
            checkMs: spread(r.map((x) => x.checkMs)),
            instantiations: r[0]!.instantiations,
            types: r[0]!.types,
          },
        ];
      }),
    ),
    vsBare: Object.fromEntries(
      names.map((n) => {
        const r = results[n]!;
        return [
          n,
          {
            wall: spread(r.map((x, i) => x.wallMs / bare[i]!.wallMs)),
            check: spread(r.map((x, i) => x.checkMs / bare[i]!.checkMs)),
            instantiations: r[0]!.instantiations / bare[0]!.instantiations,
          },
        ];
      }),
    ),
  };
}

function logComparison(label: string, c: Comparison): void {
  const sdk = c.vsBare.sdk!;
  log(
    `typecheck, ${label}: SDK/openapi-fetch wall ${sdk.wall.median.toFixed(2)}×, check time ${sdk.check.median.toFixed(2)}×, instantiations ${sdk.instantiations.toFixed(2)}×`,
  );
}

/** Emits the SDK's declarations as they were at `commit` into `out` (a folder of `dir`); false where the history is missing. */
function emitSdkAt(commit: string, out: string): boolean {
  const checkout = join(dir, `${out}-source`);
  mkdirSync(checkout, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git archive ${commit} src generated tsconfig.json | tar -x -C "${checkout}"`], { cwd: root });
  if (archive.status !== 0) return false;
  const config = join(dir, `tsconfig.${out}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: `./${out}-source/tsconfig.json`,
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: `./${out}`,
        rootDir: `./${out}-source`,
        types: [],
      },
      files: [`./${out}-source/src/index.ts`],
      include: [],
    }),
  );
  run(process.execPath, [tsc, "-p", config]);
  mkdirSync(join(dir, out, "generated"), { recursive: true });
  copyFileSync(join(checkout, "generated/schema.d.ts"), join(dir, out, "generated/schema.d.ts"));
  return true;
}

async function main() {
  const runs = numArg("runs", 5);
  const mixedRuns = numArg("mixed-runs", 3);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "sdk/generated"), { recursive: true });
  // What a consumer type-checks against: the SDK's declarations, not its source.
  writeFileSync(
    join(dir, "tsconfig.emit.json"),
    JSON.stringify({
      extends: "../../../tsconfig.json",
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: "./sdk", rootDir: "../../..", types: [] },
      files: ["../../../src/index.ts"],
      include: [],
    }),
  );
  run(process.execPath, [tsc, "-p", join(dir, "tsconfig.emit.json")]);
  copyFileSync(join(root, "generated/schema.d.ts"), join(dir, "sdk/generated/schema.d.ts"));

  const before = emitSdkAt(BEFORE_EXACT, "sdk-before");
  const chatOnly = compare(
    {
      sdk: writeConsumer("chat-sdk", consumer(SDK_CLIENTS, CHAT_CALLS, true)),
      bare: writeConsumer("chat-bare", consumer(bareClients("paths", "paths"), CHAT_CALLS, false)),
      ...(before && {
        [`SDK at ${BEFORE_EXACT}, before exact types`]: writeConsumer(
          "chat-sdk-before",
          consumer(SDK_CLIENTS.replaceAll("./sdk/", "./sdk-before/"), CHAT_CALLS, true),
        ),
      }),
    },
    runs,
  );
  logComparison("20 chat calls", chatOnly);
  // Two APIs: the SDK types each client with its own paths, so a chat client cannot call /apps.
  // "bare, split" types openapi-fetch the same way, to show what that alone costs.
  const mixed = compare(
    {
      sdk: writeConsumer("mixed-sdk", consumer(SDK_CLIENTS, MIXED_CALLS, true)),
      bare: writeConsumer("mixed-bare", consumer(bareClients("paths", "paths"), MIXED_CALLS, false)),
    },
    mixedRuns,
    {
      "openapi-fetch, split": writeConsumer(
        "mixed-bare-split",
        consumer(bareClients(`Omit<paths, "/apps">`, `Pick<paths, "/apps">`), MIXED_CALLS, false),
      ),
    },
  );
  logComparison("16 chat + 4 management calls", mixed);

  const operations = 300;
  writeFileSync(join(dir, "synthetic.openapi.json"), JSON.stringify(syntheticSpec(operations / 3)));
  const generate = run(
    process.execPath,
    [join(root, "node_modules/openapi-typescript/bin/cli.js"), "synthetic.openapi.json", "-o", "synthetic.d.ts"],
    dir,
  );
  const synthetic = syntheticConsumers();
  const synth = compare(
    { sdk: writeConsumer("synthetic-sdk", synthetic.sdk), bare: writeConsumer("synthetic-bare", synthetic.bare) },
    runs,
    {
      "SDK, unbound": writeConsumer("synthetic-sdk-unbound", synthetic.sdkUnbound),
    },
  );
  logComparison(`synthetic spec of ${operations} operations, 20 calls`, synth);

  report({ calls: 20, chatOnly, mixed, synthetic: { operations, openapiTypescriptMs: generate.ms, ...synth } });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
