// Generated requests on real sockets to a toNodeHandler receiver in a child process: any method,
// any Host header, bodies sent whole, chunked, cut off or trickling. Every request that is not cut
// off gets an answer, and after each one the process is still up and a real delivery gets 200.
import { METHODS } from "node:http";
import fc from "fast-check";
import { webhookEvents } from "../../../src/testing/index";
import { type ChildServer, rawExchange, startServerInChild } from "../../harness/server-in-child";

const MAX_BODY_BYTES = 4096;
const BODY_TIMEOUT_MS = 100;
const authorization = `Basic ${Buffer.from("hook:secret").toString("base64")}`;
const event = Buffer.from(JSON.stringify(webhookEvents.message_sent));

let server: ChildServer;

beforeAll(async () => {
  server = await startServerInChild(
    "node-adapter-property",
    `
    import { createServer } from "node:http";
    import { createWebhookHandler, toNodeHandler } from "./src/webhooks/index";
    const handler = createWebhookHandler({
      username: "hook",
      password: "secret",
      maxBodyBytes: ${MAX_BODY_BYTES},
      bodyTimeoutMs: ${BODY_TIMEOUT_MS},
      on: { message_sent: () => {} },
    });
    const server = createServer(toNodeHandler(handler));
    server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: "http://127.0.0.1:" + server.address().port })));
    `,
  );
});
afterAll(() => server.stop());

/** Header text as node:http reads it: printable ASCII and Latin-1, no control characters. */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f && (code < 0x80 || code >= 0xa0))
    .map((code) => String.fromCharCode(code)),
  maxLength: 30,
});

const request = fc.record({
  // Every method node:http parses (others it refuses itself); CONNECT goes to its `connect` event instead.
  method: fc.constantFrom(...METHODS.filter((method) => method !== "CONNECT")),
  host: fc.option(fc.oneof(fc.constantFrom("127.0.0.1", "a b", "a%b", "localhost:99999", "[::1", "x:y:z"), headerText), { nil: undefined }),
  credentials: fc.constantFrom("right", "wrong", "none"),
  body: fc.oneof(
    fc.constant(event),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(MAX_BODY_BYTES + 1, "[")),
  ),
  framing: fc.constantFrom("length", "chunked", "cut", "slow", "slow-chunked"),
  chunks: fc.integer({ min: 1, max: 3 }),
});

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

/**
 * The request as the bytes to write: one write for a whole request, so that the receiver reads all
 * of it and an early answer is never lost to a reset; a trickling body stops after its first part.
 */
function parts({ method, host, credentials, body, framing, chunks }: Generated): Buffer[] {
  let head = `${method} /hooks HTTP/1.1\r\n`;
  if (host !== undefined) head += `Host: ${host}\r\n`;
  if (credentials !== "none") head += `Authorization: ${credentials === "right" ? authorization : "Basic d3Jvbmc6d3Jvbmc="}\r\n`;
  head += "Content-Type: application/json\r\nConnection: close\r\n";
  if (framing === "chunked" || framing === "slow-chunked") {
    const size = Math.ceil(body.length / chunks) || 1;
    const pieces: Buffer[] = [Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`, "latin1")];
    for (let at = 0; at < body.length; at += size) {
      const piece = body.subarray(at, at + size);
      pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
      if (framing === "slow-chunked") return [Buffer.concat(pieces)];
    }
    pieces.push(Buffer.from("0\r\n\r\n"));
    return [Buffer.concat(pieces)];
  }
  // A cut-off or trickling body declares more than it sends; the rest never comes.
  const declared = framing === "length" ? body.length : body.length + 10;
  return [Buffer.concat([Buffer.from(`${head}Content-Length: ${declared}\r\n\r\n`, "latin1"), body])];
}

test("every generated request is answered (unless cut off), and the process stays up and serves a delivery", async () => {
  await fc.assert(
    fc.asyncProperty(request, async (generated) => {
      const answer = await rawExchange(server.info.port, parts(generated), {
        cut: generated.framing === "cut",
        waitMs: 20 * BODY_TIMEOUT_MS,
      });
      if (generated.framing !== "cut") expect(answer.status).toEqual(expect.any(Number));
      const delivery = await rawExchange(server.info.port, [
        `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Length: ${event.length}\r\nConnection: close\r\n\r\n`,
        event,
      ]);
      expect(delivery.status).toBe(200);
      expect(server.alive()).toBe(true);
    }),
    { numRuns: 30 },
  );
  expect(server.stderr()).toBe("");
});
