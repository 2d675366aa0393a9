import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { operations as manifest } from "../../generated/manifest";
import { compileSamples, type CompileResult } from "../harness/code-samples/compile-samples";
import { type CurlRun, runCurlSamples, swapHost } from "../harness/code-samples/run-curl-samples";
import { runTypeScriptSamples, type SampleRun } from "../harness/code-samples/run-typescript-samples";
import { codeSamplesOf, filesReadBy, REPO_ROOT, writeTypeScriptProject } from "../harness/code-samples/sample-files";
import { mockUrl } from "../harness/mock";
import { loadSpec, operationsOf, resolve, type JsonObject, type OpenApiDocument } from "../harness/spec";

// The code samples of the published reference (`x-codeSamples`, written by `npm run generate`):
// every TypeScript sample compiles in one strict tsc run and runs against the shared mock, and
// every curl sample runs against it with the host swapped; each must get a 2xx the contract
// accepts. Two canaries, generated from a changed copy of the spec by the same generator, ride
// along and must fail: one whose body names a field the types do not have (a spec field renamed
// without `npm run generate`), and one that sends a UID the contract refuses.
const spec = loadSpec();
const samples = codeSamplesOf(spec);
const work = join(REPO_ROOT, ".tmp", "code-samples");
const env = {
  CHAT_APP_ID: "2a1b3c4d5e6f7a8b",
  CHAT_REGION: "eu",
  CHAT_API_KEY: "2c9f4e1a7b3d5f80c6e2a4b9d1f7c3e5a8b0d2f4",
  CHAT_MGMT_KEY: "mgmt_5e8a1f3c9b2d7e4a",
  CHAT_MGMT_SECRET: "7d3f9a1c5e8b2d4f6a0c8e1b3d5f7a9c",
};
const RENAMED = { operationId: "send-thread-message", field: "receiverType", renamedTo: "recipientType", sample: "canary-renamed-field" };
const REFUSED = { operationId: "get-user", uid: "cometchat uid 1", sample: "canary-refused-uid" };

/** The operation object of `operationId` in a bundled spec. */
function operationObject(document: OpenApiDocument, operationId: string): JsonObject {
  const op = operationsOf(document).find((candidate) => candidate.operationId === operationId)!;
  return resolve<JsonObject>(document, document.paths[op.path])[op.method.toLowerCase()] as JsonObject;
}

/** The two canaries: samples that `scripts/code-samples.mjs` writes for a changed copy of the spec. */
function canarySamples(): { typescript: Record<string, string>; curl: Record<string, string> } {
  const changed = structuredClone(spec);
  const send = operationObject(changed, RENAMED.operationId);
  const media = (resolve<JsonObject>(changed, send.requestBody).content as JsonObject)["application/json"] as JsonObject;
  const example = resolve<JsonObject>(changed, Object.values(media.examples as JsonObject)[0]);
  const value = example.value as JsonObject;
  example.value = Object.fromEntries(Object.entries(value).map(([key, item]) => [key === RENAMED.field ? RENAMED.renamedTo : key, item]));
  const getUser = operationObject(changed, REFUSED.operationId);
  getUser.parameters = (getUser.parameters as JsonObject[]).map((param) => {
    const resolved = resolve<JsonObject>(changed, param);
    return resolved.in === "path" ? { ...resolved, example: REFUSED.uid } : param;
  });
  const file = join(work, "changed-spec.json");
  writeFileSync(file, JSON.stringify(changed));
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts", "code-samples.mjs"), file], { stdio: "ignore" });
  const generated = codeSamplesOf(loadSpec(file));
  const pick = (operationId: string) => generated.find((sample) => sample.operationId === operationId)!;
  return {
    typescript: { [RENAMED.sample]: pick(RENAMED.operationId).typescript!, [REFUSED.sample]: pick(REFUSED.operationId).typescript! },
    curl: { [REFUSED.sample]: pick(REFUSED.operationId).curl! },
  };
}

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
/** `/users/{uid}` as a pattern of the request path it names, query aside. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}(\\?|$)`);

let compiled: CompileResult;
let runs: Map<string, SampleRun>;
let curlRuns: Map<string, CurlRun>;

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  const canaries = canarySamples();
  const programs = Object.fromEntries(samples.flatMap((sample) => (sample.typescript ? [[sample.operationId, sample.typescript]] : [])));
  const tsDir = join(work, "typescript");
  writeTypeScriptProject(tsDir, { ...programs, ...canaries.typescript });
  // The files the upload samples read, in the directory the samples run in.
  const cwd = join(work, "files");
  mkdirSync(cwd, { recursive: true });
  for (const sample of samples) {
    for (const name of filesReadBy(`${sample.typescript ?? ""}\n${sample.curl ?? ""}`))
      writeFileSync(join(cwd, name), `the bytes of ${name}\n`);
  }
  const url = mockUrl();
  const curls = Object.fromEntries(
    samples.flatMap((sample) => (sample.curl ? [[sample.operationId, swapHost(sample.operationId, sample.curl, url)]] : [])),
  );
  for (const [name, source] of Object.entries(canaries.curl)) curls[name] = swapHost(name, source, url);
  // The compiler works while the samples run: esbuild bundles them apart from it. They run one
  // at a time, the curl ones after the TypeScript ones, so the mock has met every operation once.
  const compiling = compileSamples(tsDir);
  runs = await runTypeScriptSamples(tsDir, cwd, { ...env, CHAT_BASE_URL: url });
  curlRuns = await runCurlSamples(curls, join(work, "curl"), cwd, env);
  compiled = await compiling;
}, 600_000);

describe("the code samples of the reference (x-codeSamples)", () => {
  test("every operation carries a TypeScript sample and a curl sample", () => {
    expect(samples.length).toBe(manifest.length);
    expect(samples.filter((sample) => !sample.typescript || !sample.curl).map((sample) => sample.operationId)).toEqual([]);
  });

  test("each TypeScript sample uses the client of its API, as(uid) where onBehalfOf is required, and paginate or unwrap", () => {
    const factories = { chat: "createChatClient", calls: "createCallsClient", management: "createManagementClient" };
    const wrong = manifest.flatMap((op) => {
      const source = samples.find((sample) => sample.operationId === op.operationId)?.typescript ?? "";
      const problems = [
        !source.includes(`from "chat-rest-sdk"`) && "imports nothing from chat-rest-sdk",
        !source.includes(`${factories[op.api]}({`) && `does not call ${factories[op.api]}`,
        !(source.includes(`.${op.method}("${op.path}"`) || source.includes(`"${op.path}"`)) && `does not call ${op.method} ${op.path}`,
        (op.onBehalfOf === "required") !== source.includes(".as(") &&
          `as(uid) ${op.onBehalfOf === "required" ? "missing" : "without need"}`,
        !/\bpaginate\(|\bunwrap\(/.test(source) && "neither unwraps nor paginates",
      ];
      return problems.filter(Boolean).map((problem) => `${op.operationId}: ${problem}`);
    });
    expect(wrong).toEqual([]);
  });

  test("every TypeScript sample compiles in strict mode, in one tsc run", () => {
    const failing = Object.entries(compiled.errors).filter(([name]) => !name.startsWith("canary-"));
    expect(failing.map(([name, errors]) => `${name}:\n${errors.join("\n")}`)).toEqual([]);
  });

  test("a sample whose body names a field the types do not have stops the compile, naming it", () => {
    expect(compiled.code).not.toBe(0);
    expect(compiled.errors[RENAMED.sample]?.join("\n")).toContain(`'${RENAMED.renamedTo}' does not exist`);
  });

  test("every TypeScript sample runs against the mock and gets only 2xx answers the contract accepts", () => {
    const failures = samples.flatMap(({ operationId, method, path }) => {
      const run = runs.get(operationId);
      if (!run) return [`${operationId}: did not run`];
      const [first] = run.exchanges;
      const problems = [
        run.error && `threw ${run.error.name}: ${run.error.message}`,
        !first && "sent no request",
        first && (first.method !== method || !pathPattern(path).test(new URL(first.url).pathname)) && `sent ${first.method} ${first.url}`,
        ...run.exchanges
          .filter((exchange) => !is2xx(exchange.status) || exchange.violations)
          .map((e) => `${e.status} ${e.violations ?? ""}`),
        run.stdout.length === 0 && "printed nothing",
      ];
      return problems.filter(Boolean).map((problem) => `${operationId}: ${problem}`);
    });
    expect(failures).toEqual([]);
  });

  test("a sample that sends a UID the contract refuses fails with the mock's 4xx", () => {
    const run = runs.get(REFUSED.sample)!;
    expect(run.error?.status).toBeGreaterThanOrEqual(400);
    expect(run.error?.status).toBeLessThan(500);
    expect(run.exchanges.map((exchange) => exchange.status)).toEqual([run.error?.status]);
  });

  test("every curl sample, with the mock's host, gets a 2xx the contract accepts", () => {
    const failures = samples.flatMap(({ operationId }) => {
      const run = curlRuns.get(operationId);
      if (!run) return [`${operationId}: did not run`];
      const refused = !is2xx(run.status) || /^sl-violations:/im.test(run.headers);
      return refused ? [`${operationId}: ${run.status} ${run.stderr}${run.body.slice(0, 300)}`] : [];
    });
    expect(failures).toEqual([]);
  });

  test("a curl sample that sends a UID the contract refuses gets the mock's 4xx", () => {
    const run = curlRuns.get(REFUSED.sample)!;
    expect(run.status).toBeGreaterThanOrEqual(400);
    expect(run.status).toBeLessThan(500);
  });
});
