// Drift detection, proved without the real service. A loopback upstream deviates from
// the spec in four ways; the harness, through Prism's proxy, must report each one by operation
// and JSON path, and must not report the operations that conform.
//
// The run covers the paths of the deviations and their neighbours (32 operations of the three
// APIs, reads and writes of every method), not all 283: the proxy compiles a validator for each
// operation it serves, which made the whole spec the costliest Prism of `npm test`. That every
// documented example conforms, which a run over all of them would also show, is what the
// contract suite checks for every operation (documented-responses, spec-examples).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatFindings, type Finding } from "../harness/findings";
import { spec as fullSpec, validator } from "../harness/mock-context";
import { runContractCases, type RunResult } from "../harness/run-contract-cases";
import { startProxy } from "../harness/start-proxy";
import { documentedCases } from "../harness/documented-cases";
import { operationsOf } from "../harness/spec";
import { startFaultServer } from "../harness/fault-server";
import { PRISM_START_MS } from "../harness/prism-start";
import type { PrismProcess } from "../../src/testing/prism-process";
import { operations as manifest } from "../../generated/manifest";

const DRIFT_PATHS = ["/apps", "/calls", "/messages", "/messages/{id}/thread"];
const spec = {
  ...fullSpec,
  paths: Object.fromEntries(Object.entries(fullSpec.paths).filter(([path]) => path.startsWith("/users") || DRIFT_PATHS.includes(path))),
};

const operationIds = (filter: (method: string) => boolean) =>
  operationsOf(spec)
    .filter((op) => filter(op.method))
    .map((op) => op.operationId)
    .sort();
const pagination = { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 };
// Worked out once: the upstream answers a request per operation, twice over.
const examples = new Map(
  documentedCases(spec)
    .flatMap((c) => (c.status === 200 ? [[c.operationId, c.exampleValue] as const] : []))
    .reverse(),
);
const example = (operationId: string) => examples.get(operationId);
const operations = operationsOf(spec);

// One route per operation. The comments name the deviation each one plants.
function answer(request: IncomingMessage): { status: number; type: string; body: string } {
  const path = new URL(request.url!, "http://upstream").pathname;
  const json = (status: number, body: unknown) => ({ status, type: "application/json", body: JSON.stringify(body) });
  if (request.method === "GET" && path === "/users") {
    // 1. a documented field with the wrong type: createdAt is an integer in the spec
    return json(200, { data: [{ uid: "cometchat-uid-7", name: "Mateo", createdAt: "1716800000" }], meta: { pagination } });
  }
  if (request.method === "POST" && /^\/users\/[^/]+\/auth_tokens$/.test(path)) {
    // 2. a required field missing: authToken
    return json(200, { data: { uid: "cometchat-uid-1", createdAt: 1718445612 } });
  }
  if (request.method === "POST" && path === "/messages") {
    // 3. an undocumented status code
    return json(409, { error: { code: "ERR_ALREADY_EXISTS", message: "A message with this muid exists." } });
  }
  if (request.method === "GET" && path === "/apps") {
    // 4. an undocumented content type
    return { status: 200, type: "text/html", body: "<html><body>Maintenance</body></html>" };
  }
  // The control, for every other operation (new ones included): its documented 200 example.
  const route = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  const op = operations.find((candidate) => candidate.method === request.method && route(candidate.path).test(path));
  return op ? json(200, example(op.operationId)) : json(404, { error: { code: "ERR_NOT_FOUND", message: path } });
}

async function startUpstream() {
  const server = await startFaultServer((request, response) => {
    const { status, type, body } = answer(request);
    response.writeHead(status, { "content-type": type }).end(body);
  });
  return {
    server,
    url: server.url,
    /** `METHOD url` of every request the upstream received. */
    get seen() {
      return server.requests.map((r) => `${r.method} ${r.url}`);
    },
  };
}

const credentials = { apiKey: "drift-key", key: "drift-key", secret: "drift-secret" };
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: PrismProcess;
let specDir: string;
let run: RunResult;
// A Prism start, then a request per operation: allow for a machine busy with other work.
const RUN_TIMEOUT_MS = PRISM_START_MS + 1_000 * operations.length;

beforeAll(async () => {
  upstream = await startUpstream();
  specDir = mkdtempSync(join(tmpdir(), "drift-spec-"));
  const specFile = join(specDir, "openapi.json");
  writeFileSync(specFile, JSON.stringify(spec));
  proxy = await startProxy(upstream.url, specFile);
  // The upstream is on loopback, so writes are safe to send here.
  run = await runContractCases({
    spec,
    validator,
    targets: { chat: proxy.url, calls: proxy.url, management: proxy.url },
    credentials,
    allowWrites: true,
    // The upstream is local: a request per operation, 8 at a time, as the contract cases go.
    concurrency: 8,
  });
}, RUN_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.close();
  await upstream?.server.close();
  if (specDir) rmSync(specDir, { recursive: true, force: true });
});

const pick = (operationId: string, check?: Finding["check"]) =>
  run.findings.filter((f) => f.operationId === operationId && (!check || f.check === check));

describe("drift detection through Prism's proxy", () => {
  test("every operation of the run reached the upstream through the proxy, in each of the three APIs", () => {
    const apis = operations.map((op) => manifest.find((entry) => entry.operationId === op.operationId)!.api);
    expect(new Set(apis)).toEqual(new Set(["chat", "calls", "management"]));
    expect(new Set(operations.map((op) => op.method))).toEqual(new Set(["GET", "POST", "PUT", "DELETE"]));
    expect(run.ran.sort()).toEqual(operationIds(() => true));
    expect(upstream.seen).toHaveLength(operationIds(() => true).length);
  });

  test("a documented field with the wrong type is reported at its JSON path, by Ajv and by Prism", () => {
    expect(pick("list-users", "schema")).toEqual([
      expect.objectContaining({ at: "$.data[0].createdAt", message: 'must be integer (got "1716800000")' }),
    ]);
    expect(pick("list-users", "prism")).toEqual([expect.objectContaining({ at: "$.data[0].createdAt" })]);
  });

  test("a missing required field is reported at the missing field's path", () => {
    expect(pick("create-authtoken", "schema")).toEqual([
      expect.objectContaining({ at: "$.data.authToken", message: "required property is missing" }),
    ]);
    expect(
      pick("create-authtoken", "prism")
        .map((f) => f.message)
        .join(),
    ).toMatch(/authToken/);
  });

  test("an undocumented status code is reported with the documented ones", () => {
    expect(pick("send-message", "status")).toEqual([
      expect.objectContaining({ status: 409, at: "$", message: "status 409 is not documented (documented: 200, 400, 401, 403, 429, 500)" }),
    ]);
  });

  test("an undocumented content type is reported", () => {
    expect(pick("list-apps", "content-type")).toEqual([
      expect.objectContaining({ at: "$", message: 'content type "text/html" is not documented for 200 (documented: application/json)' }),
    ]);
  });

  test("the conforming operation is not reported", () => {
    expect(pick("send-thread-message")).toEqual([]);
  });

  test("the report names each deviation by operation and JSON path, one line each", () => {
    const report = formatFindings(run.findings, "Drift against the loopback upstream");
    expect(report).toMatch(/^Drift against the loopback upstream: \d+ deviation\(s\) in 4 operation\(s\)$/m);
    expect(report).toMatch(/^ {2}list-users \(GET \/users\) -> 200$/m);
    expect(report).toMatch(/^ {4}\$\.data\[0\]\.createdAt +\[schema\] must be integer/m);
    expect(report).toMatch(
      /^ {2}create-authtoken \(POST \/users\/\{uid\}\/auth_tokens\) -> 200\n(.*\n)*? {4}\$\.data\.authToken +\[schema\] required property is missing/m,
    );
    expect(report).toMatch(/^ {2}send-message \(POST \/messages\) -> 409\n(.*\n)*? {4}\$ +\[status\] status 409 is not documented/m);
    expect(report).toMatch(
      /^ {2}list-apps \(GET \/apps\) -> 200\n(.*\n)*? {4}\$ +\[content-type\] content type "text\/html" is not documented/m,
    );
  });

  test(
    "without CHAT_LIVE_WRITES the same run sends reads only",
    async () => {
      const before = upstream.seen.length;
      // The users' paths hold reads and writes of every method; the rule is the same on any path.
      const users = { ...spec, paths: Object.fromEntries(Object.entries(spec.paths).filter(([path]) => path.startsWith("/users"))) };
      const usersOnly = (filter: (method: string) => boolean) =>
        operationsOf(users)
          .filter((op) => filter(op.method))
          .map((op) => op.operationId)
          .sort();
      const reads = await runContractCases({
        spec: users,
        validator,
        targets: { chat: proxy.url, calls: proxy.url, management: proxy.url },
        credentials,
        allowWrites: false,
      });
      const readIds = usersOnly((method) => method === "GET");
      expect(new Set(usersOnly((method) => method !== "GET").map((id) => operations.find((op) => op.operationId === id)!.method))).toEqual(
        new Set(["POST", "PUT", "DELETE"]),
      );
      expect(reads.ran.sort()).toEqual(readIds);
      expect(upstream.seen.slice(before).map((line) => line.split(" ")[0])).toEqual(readIds.map(() => "GET"));
      expect(reads.skipped.map((s) => s.operationId).sort()).toEqual(usersOnly((method) => method !== "GET"));
      expect(reads.skipped[0]!.reason).toMatch(/CHAT_LIVE_WRITES=1/);
    },
    RUN_TIMEOUT_MS,
  );
});
