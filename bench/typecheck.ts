// Section 4: what the SDK's types cost the type checker. The same 20 typed calls, written once
// against the SDK and once against bare openapi-fetch, are checked by `tsc --noEmit`, interleaved;
// then 16 chat + 4 management calls, and 20 calls on a synthetic spec of 300 operations.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fmt, interleave, log, main, numArg, paired, report, spread } from "./section.js";

const root = process.cwd();
const dir = join(root, "bench/.tmp/typecheck");
const tsc = join(root, "node_modules/typescript/lib/tsc.js");
/** The last commit whose calls took their init as a type parameter (before exact types), measured beside today's. */
const BEFORE_EXACT = "e99f8cd";

/** `client method path | init | read`; a leading `*` marks a call that acts as a user (bare openapi-fetch passes onBehalfOf). */
const calls = (lines: string) =>
  lines
    .trim()
    .split("\n")
    .map((line) => {
      const [head, init, read] = line.split(" | ") as [string, string, string];
      const [client, method, path] = head.trim().replace("*", "").split(" ") as [string, string, string];
      return { client, method, path, init, read, asUser: head.trim().startsWith("*") };
    });
type Call = ReturnType<typeof calls>[number];
const reply = `{ receiver: "cometchat-uid-5", receiverType: "user", category: "message", type: "text", data: { text: "On it." } }`;
const MIXED = calls(`
chat GET /users |  | data.data[0]?.uid
chat GET /users | { params: { query: { perPage: 50, page: 2 } } } | data.meta.pagination.total_pages
chat GET /users | { params: { query: { searchKey: "ma", searchIn: ["name", "uid"], status: "available" } } } | data.data.length
chat GET /users | { params: { query: { tags: ["staff"], withTags: true, roles: ["default"] } } } | data.data[0]?.tags
chat GET /users | { params: { query: { onlyDeactivated: true, count: true } } } | data.meta.pagination.count
*chat POST /messages/{id}/thread | { params: { path: { id: "1842" } }, body: ${reply} } | data.data.parentId
*chat POST /messages/{id}/thread | { params: { path: { id: "1842" } }, body: { receiver: "design-team", receiverType: "group", data: { text: "Done." }, tags: ["follow-up"] } } | data.data.sentAt
*chat POST /messages/{id}/thread | { params: { path: { id: "7" } }, body: { receiver: "u2", receiverType: "user", type: "image", data: { metadata: { w: 1 } } } } | data.data.data.text
*chat POST /messages/{id}/thread | { params: { path: { id: "9" } }, body: {} } | data.data.id
*chat POST /messages | { body: { receiver: "u2", receiverType: "user", category: "message", type: "text", data: { text: "hi" } } } | data.data.id
*chat POST /messages | { body: { receiver: "g1", receiverType: "group", category: "custom", type: "poll", data: { customData: { q: "?" } } } } | data.data.category
*chat POST /messages | { body: { category: "message", multipleReceivers: { uids: ["a", "b"] }, data: { text: "all" } } } | data.data.receiver
*chat POST /messages | { body: { receiver: "u3", category: "message", type: "text", muid: "m-1", tags: ["t"] } } | data.data.conversationId
chat POST /users/{uid}/auth_tokens | { params: { path: { uid: "cometchat-uid-1" } } } | data.data.authToken
chat POST /users/{uid}/auth_tokens | { params: { path: { uid: "cometchat-uid-2" } }, body: { force: true } } | data.data.uid
chat POST /users/{uid}/auth_tokens | { params: { path: { uid: "u3" } }, body: {} } | data.data.createdAt
mgmt GET /apps |  | data.data[0]?.id
mgmt GET /apps | { params: { query: { perPage: 10 } } } | data.meta.pagination.total
mgmt GET /apps | { params: { query: { searchKey: "prod", page: 2 } } } | data.data.length
mgmt GET /apps | { params: { query: { page: 3 } } } | data.data[0]?.region`);
/** 20 chat-API calls: the chat calls above, and one more of each chat operation. */
const CHAT = [
  ...MIXED.filter((c) => c.client === "chat"),
  ...calls(`
chat GET /users | { params: { query: { role: "moderator", perPage: 100 } } } | data.data[0]?.role
*chat POST /messages/{id}/thread | { params: { path: { id: "12" } }, body: { receiver: "u4", data: { text: "ok" } } } | data.data.updatedAt
*chat POST /messages | { body: { receiver: "u5", category: "custom", type: "location", data: { customData: { lat: 1 } } } } | data.data.type
chat POST /users/{uid}/auth_tokens | { params: { path: { uid: "u6" } }, body: { force: false } } | data.data.authToken`),
];
/** 20 calls on the synthetic spec: list, create (as a user) and get, on every 7th resource. */
const SYNTHETIC = Array.from({ length: 7 }, (_, k) =>
  calls(`
chat GET /resources${7 * k} | { params: { query: { perPage: 10, kind: "beta", tags: ["a"] } } } | data.data[0]?.name
*chat POST /resources${7 * k} | { body: { name: "n", kind: "alpha", tags: ["x"] } } | data.data.id
chat GET /resources${7 * k}/{id} | { params: { path: { id: "r1" } } } | data.data.createdAt`),
)
  .flat()
  .slice(0, 20);

/** The consumer file: clients, then each call with a read of its data. Unbound clients pass onBehalfOf per call. */
function consumer(clients: string, list: Call[], bound: boolean): string {
  const obo = `header: { onBehalfOf: "cometchat-uid-1" }`;
  const body = list.map((c, i) => {
    let init = c.init;
    if (!bound && c.asUser)
      init = !init
        ? `{ params: { ${obo} } }`
        : init.includes("params: {")
          ? init.replace("params: {", `params: { ${obo},`)
          : init.replace(/^\{/, `{ params: { ${obo} },`);
    return `  {\n    const { data, error } = await ${c.client}.${c.method}("${c.path}"${init ? `, ${init}` : ""});\n    if (error) use(${i}, error);\n    else use(${i}, ${c.read});\n  }`;
  });
  return `${clients}\nfunction use(_call: number, _value: unknown): void {}\nexport async function run(): Promise<void> {\n${body.join("\n")}\n}\n`;
}
const sdkClients = (sdk: string) => `import { createChatClient, createManagementClient } from "./${sdk}/src/index.js";
const chat = createChatClient({ appId: "2a1b3c4d", region: "eu", apiKey: "key" }).as("cometchat-uid-1");
const mgmt = createManagementClient({ key: "key", secret: "secret" });`;
const bareClients = (chatPaths: string, mgmtPaths: string) => `import createClient from "openapi-fetch";
import type { paths } from "./sdk/generated/schema.js";
const chat = createClient<${chatPaths}>({ baseUrl: "https://2a1b3c4d.api-eu.cometchat.io/v3", headers: { apikey: "key" } });
const mgmt = createClient<${mgmtPaths}>({ baseUrl: "https://apimgmt.cometchat.io", headers: { key: "key", secret: "secret" } });`;
/** A client of the synthetic spec; only the SDK's consumers import the SDK, and only what they use. */
function synthetic(declaration: string): string {
  const sdk = `import type { ${declaration.includes("OnBehalf") ? "OnBehalfOfOptional, " : ""}SdkClient } from "./sdk/src/index.js";`;
  const client = declaration.includes("SdkClient") ? sdk : 'import createClient from "openapi-fetch";';
  return `${client}\nimport type { paths } from "./synthetic.js";\n${declaration}`;
}

/** An OpenAPI 3.0 document with `resources` × 3 operations (list, create as a user, get), shaped like the real one. */
function syntheticSpec(resources: number): object {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: object, description = "OK") => ({ description, content: { "application/json": { schema } } });
  const obj = (required: string[], properties: object) => ({ type: "object", required, properties });
  const [str, int, metadata] = [{ type: "string" }, { type: "integer" }, { type: "object", additionalProperties: true }];
  const [kind, tags] = [
    { type: "string", enum: ["alpha", "beta", "gamma"] },
    { type: "array", items: { type: "string" } },
  ];
  const errors = Object.fromEntries(["400", "401", "403", "404", "429", "500"].map((s) => [s, json(ref("ErrorEnvelope"), `Error ${s}`)]));
  const fields = ["total", "count", "per_page", "current_page", "total_pages"];
  const details = { type: "object", additionalProperties: { type: "array", items: str } };
  const schemas: Record<string, object> = {
    ErrorEnvelope: obj(["error"], { error: obj(["code", "message"], { code: str, message: str, details }) }),
    Pagination: obj(fields, Object.fromEntries(fields.map((k) => [k, int]))),
  };
  const q = (name: string, schema: object, extra = {}) => ({ name, in: "query", schema, ...extra });
  const parameters = [q("perPage", int), q("page", int), q("kind", kind), q("tags", tags, { style: "form", explode: false })];
  const obo = { name: "onBehalfOf", in: "header", required: true, schema: str, description: "UID to act as." };
  const paths: Record<string, object> = {};
  for (let i = 0; i < resources; i++) {
    const [name, id] = [`Resource${i}`, { name: "id", in: "path", required: true, schema: str }];
    schemas[name] = obj(["id", "name", "createdAt"], { id: str, name: str, kind, tags, metadata, owner: str, count: int, createdAt: int });
    schemas[`Create${name}`] = obj(["name"], { name: str, kind, tags, metadata });
    const one = { 200: json(obj(["data"], { data: ref(name) })), ...errors };
    const page = obj(["data", "meta"], {
      data: { type: "array", items: ref(name) },
      meta: obj(["pagination"], { pagination: ref("Pagination") }),
    });
    const requestBody = { required: true, content: { "application/json": { schema: ref(`Create${name}`) } } };
    paths[`/resources${i}`] = {
      get: { operationId: `list-resources${i}`, parameters, responses: { 200: json(page), ...errors } },
      post: { operationId: `create-resources${i}`, parameters: [obo], requestBody, responses: one },
    };
    paths[`/resources${i}/{id}`] = { get: { operationId: `get-resources${i}`, parameters: [id], responses: one } };
  }
  return {
    openapi: "3.0.0",
    info: { title: "Synthetic", version: "1.0.0" },
    servers: [{ url: "https://example.com" }],
    paths,
    components: { schemas },
  };
}

function run(args: string[], cwd = root): { ms: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return { ms: performance.now() - started, stdout: result.stdout };
}

/** Writes a consumer and its tsconfig; returns the tsconfig. */
function write(name: string, source: string): string {
  writeFileSync(join(dir, `${name}.ts`), source);
  const compilerOptions = { target: "ES2022", lib: ["ES2022", "DOM"], module: "esnext", moduleResolution: "bundler", strict: true };
  const config = { compilerOptions: { ...compilerOptions, noEmit: true, skipLibCheck: true, types: [] }, files: [`${name}.ts`] };
  writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify(config));
  return join(dir, `tsconfig.${name}.json`);
}

/** Emits the SDK's declarations (of `commit`, from git history, or of the working tree) into `out`; false where the history is missing. */
function emitSdk(out: string, commit?: string): boolean {
  const source = commit ? join(dir, `${out}-source`) : root;
  if (commit) {
    mkdirSync(source, { recursive: true });
    const archive = spawnSync("sh", ["-c", `git archive ${commit} src generated tsconfig.json | tar -x -C "${source}"`], { cwd: root });
    if (archive.status !== 0) return false;
  }
  const compilerOptions = {
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    outDir: `./${out}`,
    rootDir: source,
    types: ["node"],
  };
  const config = { extends: join(source, "tsconfig.json"), compilerOptions, files: [join(source, "src/index.ts")], include: [] };
  writeFileSync(join(dir, `tsconfig.${out}.json`), JSON.stringify(config));
  run([tsc, "-p", join(dir, `tsconfig.${out}.json`)]);
  mkdirSync(join(dir, out, "generated"), { recursive: true });
  copyFileSync(join(source, "generated/schema.d.ts"), join(dir, out, "generated/schema.d.ts"));
  return true;
}

/**
 * Checks each consumer `runs` times, interleaved, each against bare openapi-fetch ("bare") of the
 * same round; `once` (variants that only explain where the cost comes from) are checked once,
 * as instantiation counts do not vary.
 */
async function compare(label: string, configs: Record<string, string>, runs: number, once: Record<string, string> = {}) {
  const check = (name: string) => {
    const { ms, stdout } = run([tsc, "-p", configs[name] ?? once[name]!, "--extendedDiagnostics"]);
    const num = (key: string) => Number(new RegExp(`^${key}:\\s+([\\d.]+)`, "m").exec(stdout)?.[1]);
    return { wall: ms, check: num("Check time") * 1000, instantiations: num("Instantiations") };
  };
  check("bare"); // warms the disk cache
  const results = await interleave(Object.keys(configs), runs, check);
  for (const name of Object.keys(once)) results[name] = [check(name)];
  const bare = results.bare!;
  log(`typecheck, ${label}: SDK/openapi-fetch wall ${paired(results.sdk!, bare, (r) => r.wall).median.toFixed(2)}×`);
  return Object.entries(results).map(([name, r]) => {
    const [wall, check] = [paired(r, bare, (x) => x.wall), paired(r, bare, (x) => x.check)];
    const ms = (key: "wall" | "check") => fmt(spread(r.map((x) => x[key])), 0, "");
    const instantiations = r[0]!.instantiations;
    return [
      label,
      name,
      fmt(wall),
      fmt(check),
      `${(instantiations / bare[0]!.instantiations).toFixed(2)}×`,
      ms("wall"),
      ms("check"),
      instantiations,
    ];
  });
}

/** Instantiations and check time of one `tsc --extendedDiagnostics` run. */
function instantiations(config: string, skipLibCheck: boolean): { instantiations: number; checkMs: number } {
  const { stdout } = run([tsc, "-p", config, "--extendedDiagnostics", "--skipLibCheck", String(skipLibCheck)]);
  const num = (key: string) => Number(new RegExp(`^${key}:\\s+([\\d.]+)`, "m").exec(stdout)?.[1]);
  return { instantiations: num("Instantiations"), checkMs: num("Check time") * 1000 };
}

/**
 * One typed call, in a consumer with `strict` and `skipLibCheck` on or off (tsc's default, which
 * checks every declaration file in the program): against the declarations the package ships
 * (dist/index.d.mts, bundled by dts-bundle-generator as `npm run build` bundles it), and against
 * bare openapi-fetch with the same generated `paths`.
 */
function oneCall() {
  const packed = join(dir, "packed");
  mkdirSync(packed, { recursive: true });
  const configs = JSON.parse(readFileSync(join(root, "scripts/dts.config.json"), "utf8")) as {
    compilationOptions: object;
    entries: { filePath: string; outFile: string }[];
  };
  const entry = configs.entries.find((e) => e.filePath === "../src/index.ts")!;
  const dts = {
    compilationOptions: { preferredConfigPath: join(root, "scripts/tsconfig.dts.json") },
    entries: [{ ...entry, filePath: join(root, "src/index.ts"), outFile: join(packed, "index.d.mts") }],
  };
  writeFileSync(join(dir, "dts.one-call.json"), JSON.stringify(dts));
  run([
    join(root, "node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js"),
    "--silent",
    "--config",
    join(dir, "dts.one-call.json"),
  ]);
  copyFileSync(join(root, "generated/schema.d.ts"), join(dir, "one-call-schema.d.ts"));
  const call = `const { data } = await chat.GET("/users", { params: { query: { perPage: 50 } } });\nexport const uid = data?.data[0]?.uid;\n`;
  const sources: Record<string, string> = {
    "SDK (the package's declarations)": `import { createChatClient } from "./packed/index.mjs";\nconst chat = createChatClient({ appId: "2a1b3c4d", apiKey: "key" });\n${call}`,
    "openapi-fetch, same paths":
      'import createClient from "openapi-fetch";\nimport type { paths } from "./one-call-schema.js";\n' +
      `const chat = createClient<paths>({ baseUrl: "https://2a1b3c4d.api-us.cometchat.io/v3" });\n${call}`,
    "nothing imported (the libs alone)": "export const uid = 1;\n",
  };
  return Object.entries(sources).map(([name, source], i) => {
    writeFileSync(join(dir, `one-call-${i}.ts`), source);
    const compilerOptions = { target: "ES2022", lib: ["ES2022", "DOM"], module: "esnext", moduleResolution: "bundler", strict: true };
    const config = { compilerOptions: { ...compilerOptions, noEmit: true, types: [] }, files: [`one-call-${i}.ts`] };
    writeFileSync(join(dir, `tsconfig.one-call-${i}.json`), JSON.stringify(config));
    const off = instantiations(join(dir, `tsconfig.one-call-${i}.json`), false);
    const on = instantiations(join(dir, `tsconfig.one-call-${i}.json`), true);
    return { name, off, on };
  });
}

main(async () => {
  const runs = numArg("runs", 5);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // What a consumer type-checks against: the SDK's declarations, not its source.
  emitSdk("sdk");
  const single = oneCall();
  const sdkOff = single[0]!.off.instantiations;
  log(`typecheck, one call: ${sdkOff} instantiations with skipLibCheck off, ${single[0]!.on.instantiations} with it on`);
  const before = emitSdk("sdk-before", BEFORE_EXACT) && `SDK at ${BEFORE_EXACT}, before exact types`;
  const chat = await compare(
    "20 chat-API calls",
    {
      sdk: write("chat-sdk", consumer(sdkClients("sdk"), CHAT, true)),
      bare: write("chat-bare", consumer(bareClients("paths", "paths"), CHAT, false)),
      ...(before && { [before]: write("chat-sdk-before", consumer(sdkClients("sdk-before"), CHAT, true)) }),
    },
    runs,
  );
  // The SDK types each client with its own paths (a chat client cannot call /apps); "split" types openapi-fetch the same way.
  const mixed = await compare(
    "16 chat + 4 management calls",
    {
      sdk: write("mixed-sdk", consumer(sdkClients("sdk"), MIXED, true)),
      bare: write("mixed-bare", consumer(bareClients("paths", "paths"), MIXED, false)),
    },
    numArg("mixed-runs", 3),
    { "openapi-fetch, split": write("mixed-split", consumer(bareClients(`Omit<paths, "/apps">`, `Pick<paths, "/apps">`), MIXED, false)) },
  );
  writeFileSync(join(dir, "synthetic.openapi.json"), JSON.stringify(syntheticSpec(100)));
  const types = run([join(root, "node_modules/openapi-typescript/bin/cli.js"), "synthetic.openapi.json", "-o", "synthetic.d.ts"], dir);
  const synth = await compare(
    "synthetic spec, 300 operations, 20 calls",
    {
      sdk: write("synthetic-sdk", consumer(synthetic("declare const chat: SdkClient<OnBehalfOfOptional<paths>>;"), SYNTHETIC, true)),
      bare: write(
        "synthetic-bare",
        consumer(synthetic('const chat = createClient<paths>({ baseUrl: "https://example.com" });'), SYNTHETIC, false),
      ),
    },
    runs,
    { "SDK, unbound": write("synthetic-unbound", consumer(synthetic("declare const chat: SdkClient<paths>;"), SYNTHETIC, false)) },
  );
  const wall = chat[0]![2] as string;
  const ratio = Number.parseFloat(wall);
  report({
    tables: [
      {
        title: "One typed call, strict: type instantiations with skipLibCheck off (tsc's default) and on",
        intro:
          "A consumer with one typed call (`GET /users` with a query, reading a field), `strict`, checked by `tsc --extendedDiagnostics` " +
          "against the declarations the package ships (dist/index.d.mts as `npm run build` bundles it, openapi-fetch's types " +
          "inlined), against bare openapi-fetch with the same generated `paths`, and with nothing imported. With `skipLibCheck` " +
          "off, tsc checks every declaration file in the program: openapi-fetch's own costs about 160,000 instantiations, which " +
          "the package's declarations no longer bring in.",
        columns: ["consumer", "instantiations, skipLibCheck off", "check ms, off", "instantiations, skipLibCheck on", "check ms, on"],
        rows: single.map(({ name, off, on }) => [
          name,
          off.instantiations,
          off.checkMs.toFixed(0),
          on.instantiations,
          on.checkMs.toFixed(0),
        ]),
      },
      {
        title: "tsc --noEmit, each consumer ÷ bare openapi-fetch",
        intro:
          "A consumer file makes 20 typed calls and reads a field of each result; the same calls are written against the SDK " +
          "(a client bound with `as()`) and against bare openapi-fetch (passing `onBehalfOf` per call). Each file is checked by " +
          "`tsc --noEmit --extendedDiagnostics` (`strict`, `skipLibCheck`, against the SDK's emitted declarations, as a consumer " +
          `of the package would), ${runs} runs each, interleaved. Wall time includes starting tsc and reading the DOM lib, the ` +
          "same for both; check time and instantiation counts isolate the calls.",
        columns: [
          "consumer",
          "variant",
          "wall ÷ openapi-fetch",
          "check time ÷",
          "instantiations ÷",
          "wall ms",
          "check ms",
          "instantiations",
        ],
        rows: [...chat, ...mixed, ...synth],
        notes: [
          `"SDK at ${BEFORE_EXACT}" is the SDK before exact types (a call's init was a type parameter, so misspelt keys compiled), measured side by side.`,
          "With management calls mixed in, the SDK types its two clients with different path sets; " +
            '"openapi-fetch, split" types bare openapi-fetch the same way (one run: instantiation counts do not vary).',
          `The synthetic spec (bench/typecheck.ts, 300 operations in 100 resources, types by openapi-typescript in ${(types.ms / 1000).toFixed(1)} s): ` +
            'the bound client\'s `OnBehalfOfOptional` maps every operation; "SDK, unbound" makes the same calls through `SdkClient<paths>`.',
        ],
      },
    ],
    figures: { sdkWall: ratio, oneCallInstantiations: sdkOff },
    headline: [
      {
        what: "One typed call, strict, skipLibCheck off: type instantiations (the package's declarations)",
        result:
          `${sdkOff.toLocaleString("en")} (skipLibCheck on: ${single[0]!.on.instantiations.toLocaleString("en")}; ` +
          `openapi-fetch with the same paths: ${single[1]!.off.instantiations.toLocaleString("en")})`,
        target: "≤ 60,000",
        met: sdkOff <= 60_000,
        name: "one call's type-check cost",
        why: "Every declaration file in the program is checked; the package's own must not bring in openapi-fetch's.",
      },
      {
        what: "tsc --noEmit, 20 typed calls, SDK ÷ openapi-fetch",
        result: wall,
        target: "≤ 1.2×",
        met: ratio <= 1.2,
        name: "type-check cost",
      },
    ],
  });
});
