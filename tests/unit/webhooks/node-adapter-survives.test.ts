// A receiver served by toNodeHandler in a child process, sent what a careless client or an
// attacker sends on a real socket: a method fetch refuses, a Host that is not a host, a body cut
// off, bodies at and over the limit on one keep-alive connection, a body that trickles. Each gets
// an answer (or a closed connection), and the process stays up and serves the next delivery.
import { type Agent, request as httpRequest } from "node:http";
import { Agent as HttpAgent } from "node:http";
import { webhookEvents } from "../../../src/testing/index";
import { type ChildServer, rawExchange, startServerInChild } from "../../harness/server-in-child";

const MAX_BODY_BYTES = 64 * 1024;
const BODY_TIMEOUT_MS = 300;
const authorization = `Basic ${Buffer.from("hook:secret").toString("base64")}`;
const event = JSON.stringify(webhookEvents.message_sent);

let server: ChildServer | undefined;

// A child that a test ended is replaced, so that each test shows its own finding.
beforeEach(async () => {
  if (server?.alive()) return;
  server = await startServerInChild(
    "node-adapter-survives",
    `
    import { createServer } from "node:http";
    import { createWebhookHandler, toNodeHandler } from "./src/webhooks/index";
    let handled = 0;
    const handler = createWebhookHandler({
      username: "hook",
      password: "secret",
      maxBodyBytes: ${MAX_BODY_BYTES},
      bodyTimeoutMs: ${BODY_TIMEOUT_MS},
      on: { message_sent: () => void handled++ },
    });
    const server = createServer(toNodeHandler(handler));
    server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: "http://127.0.0.1:" + server.address().port })));
    `,
  );
});
afterAll(() => server?.stop());

function running(): ChildServer {
  if (!server) throw new Error("the receiver did not start");
  return server;
}

/** A complete delivery on its own connection, answered 200 only by a process that still runs. */
async function deliveryAnswered(): Promise<number | undefined> {
  const head = `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\n`;
  const answer = await rawExchange(running().info.port, [
    `${head}Content-Length: ${Buffer.byteLength(event)}\r\nConnection: close\r\n\r\n${event}`,
  ]);
  return answer.status;
}

afterEach(async () => {
  expect(await deliveryAnswered()).toBe(200);
  expect(running().alive()).toBe(true);
  expect(running().stderr()).toBe("");
});

test("TRACE gets 405 and a Host header that is not a host gets 400, before any credentials are asked for", async () => {
  const trace = await rawExchange(running().info.port, ["TRACE /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"]);
  expect(trace.status).toBe(405);
  expect(trace.text).toMatch(/\r\nallow: POST\r\n/i);
  for (const host of ["a b", "a%b", "localhost:99999"]) {
    const answer = await rawExchange(running().info.port, [
      `POST /hooks HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    ]);
    expect({ host, status: answer.status }).toEqual({ host, status: 400 });
  }
});

test("an authenticated delivery that declares 100 bytes, sends 10 and disconnects leaves the process serving", async () => {
  const head = `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Length: 100\r\n\r\n`;
  for (let round = 0; round < 3; round++) {
    await rawExchange(running().info.port, [head, '{"trigger"'], { cut: true });
    // Cut on a chunked body as well: the stream breaks between chunks.
    await rawExchange(
      running().info.port,
      [
        `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        'a\r\n{"trigger"\r\n',
      ],
      { cut: true },
    );
  }
  // The disconnects reach the child before this delivery, which has to find it running.
  expect(await deliveryAnswered()).toBe(200);
});

test("on one keep-alive connection, bodies just under and just over the limit are answered 400 and 413, five rounds", async () => {
  const agent: Agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const post = (body: Buffer, chunked: boolean) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${running().info.url}/hooks`,
        {
          method: "POST",
          agent,
          headers: { authorization, "content-type": "application/json", ...(chunked ? {} : { "content-length": body.length }) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  try {
    for (let round = 0; round < 5; round++) {
      // Valid UTF-8 that is not JSON: the largest body read whole, then refused as not an event.
      expect(await post(Buffer.alloc(MAX_BODY_BYTES, "x"), round % 2 === 0)).toBe(400);
      // Over by one byte: counted as it streams (chunked) or refused from its Content-Length.
      expect(await post(Buffer.alloc(MAX_BODY_BYTES + 1, "x"), round % 2 === 0)).toBe(413);
    }
  } finally {
    agent.destroy();
  }
});

test("a body that trickles in gets 408 once the body timeout passes, and the connection is closed", async () => {
  const head = `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Length: 100\r\n\r\n`;
  const answer = await rawExchange(running().info.port, [head, "{", '"', "t"], { pauseMs: 50, waitMs: 10 * BODY_TIMEOUT_MS });
  expect(answer.status).toBe(408);
  expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
  const chunked = await rawExchange(
    running().info.port,
    [`POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nTransfer-Encoding: chunked\r\n\r\n`, "1\r\n{\r\n"],
    { waitMs: 10 * BODY_TIMEOUT_MS },
  );
  expect(chunked.status).toBe(408);
});

test("an answer given before the body was read closes the connection, so the unread rest cannot hold it", async () => {
  // No credentials: 401 at once, while the declared body never comes.
  const answer = await rawExchange(running().info.port, ["POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{"], {
    waitMs: 10 * BODY_TIMEOUT_MS,
  });
  expect(answer.status).toBe(401);
  expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
});
