// No input crashes the fake: generated paths, headers and bodies, sent raw (so nothing in
// between fixes them), each get a status the matched operation documents (404 with the error
// envelope where no operation matches), with a body its schema allows, and never a 500.
import { request } from "node:http";
import fc from "fast-check";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { loadSpec, operationsOf } from "../harness/spec";
import { answerChecker } from "./answer-checker";

const operations = operationsOf(loadSpec());
let fake: FakeServer;
const checker = answerChecker();

beforeAll(async () => {
  fake = await startFakeServer({ maxItems: 200 });
});
afterAll(() => fake.close());

function seed(): void {
  fake.reset();
  fake.seed({
    users: [
      { uid: "a", name: "A" },
      { uid: "b", name: "B" },
    ],
    groups: [{ guid: "g", name: "G", owner: "a" }],
    members: [{ guid: "g", uid: "b" }],
    messages: [{ sender: "a", receiver: "b", receiverType: "user", text: "hi" }],
  });
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
  fc.constantFrom("a", "b", "g", "1", "A", "..", "%", "%zz", "", " ", "null", "-1", "1e999", "__proto__", "constructor"),
);
// Anything that can stand in a request line: what fetch would refuse is percent-encoded.
const segment = text.map((value) => value.replace(/[^\x21-\x7e]|[%?#]/gu, (c) => (c === "%" ? "%" : encodeURIComponent(c))));
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
// A request line: an operation's path with generated values, sent with its own method half of the
// time (so that many reach the operation), or any path; then any method.
const requestLine = fc.oneof(
  fc
    .tuple(fc.constantFrom(...operations), fc.array(segment, { minLength: 4, maxLength: 4 }), fc.constantFrom(...METHODS), fc.boolean())
    .map(([op, values, other, own]) => {
      let i = 0;
      return { method: own ? op.method.toUpperCase() : other, path: op.path.replace(/\{[^}]+\}/g, () => values[i++ % values.length]!) };
    }),
  fc
    .tuple(fc.array(segment, { maxLength: 5 }), fc.constantFrom(...METHODS))
    .map(([parts, method]) => ({ method, path: `/${parts.join("/")}` })),
);
const query = fc.array(fc.tuple(fc.constantFrom("perPage", "page", "limit", "affix", "id", "sentAt", "tags", "searchKey", "x"), segment), {
  maxLength: 4,
});
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 40 }),
  fc.record({ uid: text, name: text }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        receiver: fc.constantFrom("a", "b", "g", "x"),
        receiverType: fc.constantFrom("user", "group", "bad"),
        data: fc.record({ text }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
const headerValue = fc.string({ maxLength: 20 }).map((value) => value.replace(/[^\x20-\x7e]/g, ""));
const input = fc.record({
  line: requestLine,
  query,
  body,
  apikey: fc.oneof(fc.constant("valid"), fc.constant("valid"), headerValue),
  onBehalfOf: fc.option(fc.oneof(fc.constantFrom("a", "b", "A", "nobody"), headerValue), { nil: undefined }),
  headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
});

function send(method: string, path: string, headers: Record<string, string>, payload?: string): Promise<{ status: number; text: string }> {
  const url = new URL(fake.url);
  // Framed by its length: a GET without it would send the body as the start of a next request.
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", fail);
    req.end(payload);
  });
}

test("every generated request gets a documented status and a body its schema allows, never a 500", async () => {
  seed();
  const seen = new Set<number>();
  await fc.assert(
    fc.asyncProperty(input, async (generated) => {
      if (fake.state.size > 150) seed();
      const headers: Record<string, string> = Object.fromEntries(generated.headers);
      headers.apikey = generated.apikey === "valid" ? fake.apiKey : generated.apikey;
      if (generated.onBehalfOf !== undefined) headers.onbehalfof = generated.onBehalfOf;
      if (generated.body !== undefined) headers["content-type"] = "application/json";
      const search = generated.query.map(([name, value]) => `${name}=${value}`).join("&");
      const target = `${generated.line.path}${search ? `?${search}` : ""}`;
      const { status, text } = await send(generated.line.method, target, headers, generated.body);
      seen.add(status);
      expect(status).not.toBe(500);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${generated.line.method} ${target}: ${status} with a body that is not JSON: ${text.slice(0, 80)}`);
      }
      const before = checker.problems().length;
      await checker.check(generated.line.method, `${fake.url}${target}`, status, parsed);
      expect(checker.problems().slice(before)).toEqual([]);
    }),
    // FC_SEED replays the seed of a failed run, which fast-check reports with the counterexample.
    { numRuns: 600, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
  );
  // The inputs reach past the router and the credentials: answers of every kind came back.
  expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404]));
}, 120_000);

test("a body larger than the fake accepts is refused with 400 naming the body, and the fake goes on answering", async () => {
  const { status, text } = await send("POST", "/users", { apikey: fake.apiKey, "content-type": "application/json" }, "x".repeat(2 << 20));
  expect(status).toBe(400);
  expect(JSON.parse(text).error.details).toEqual({ body: [expect.stringContaining("larger than")] });
  expect((await send("GET", "/users", { apikey: fake.apiKey })).status).toBe(200);
});
