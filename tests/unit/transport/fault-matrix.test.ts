import type { IncomingMessage, ServerResponse } from "node:http";
import { createChatClient, unwrap } from "../../../src/index";
import { ChatConnectionError, ChatInvalidResponseError, ChatTimeoutError, InternalServerError, RateLimitError } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

type Fault = (req: IncomingMessage, res: ServerResponse) => void;

const faults: Record<string, Fault> = {
  "500": (_q, res) => json(res, 500, { error: { code: "ERR_INTERNAL", message: "boom" } }),
  "502 with an HTML body": (_q, res) => {
    res.writeHead(502, { "content-type": "text/html" });
    res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  },
  "503 with Retry-After: 1": (_q, res) => json(res, 503, { error: { code: "ERR_UNAVAILABLE", message: "busy" } }, { "retry-after": "1" }),
  "429 with Retry-After: 0": (_q, res) =>
    json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "slow down" } }, { "retry-after": "0" }),
  "connection reset before any response": (req) => req.socket.destroy(),
  "reset mid-body": (req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
    res.write('{"data": [{"uid": "cometchat-uid-1"');
    setTimeout(() => req.socket.destroy(), 20);
  },
  // Never answers (the server's close ends the connection), so the timeout is the only way out.
  "response slower than the timeout": () => {},
  "truncated JSON": (_q, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"data": [{"uid": "cometchat-u');
  },
  "empty 200 body": (_q, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "0" });
    res.end();
  },
};

type Expectation = [requests: number, error: Function];
// maxRetries is 2, so a retried fault is seen 3 times. POST is repeated only after a 429,
// which the service sends before processing; everything else may already have sent the message.
const expected: Record<string, { GET: Expectation; POST: Expectation }> = {
  "500": { GET: [3, InternalServerError], POST: [1, InternalServerError] },
  "502 with an HTML body": { GET: [3, InternalServerError], POST: [1, InternalServerError] },
  "503 with Retry-After: 1": { GET: [3, InternalServerError], POST: [1, InternalServerError] },
  "429 with Retry-After: 0": { GET: [3, RateLimitError], POST: [3, RateLimitError] },
  "connection reset before any response": { GET: [3, ChatConnectionError], POST: [1, ChatConnectionError] },
  "reset mid-body": { GET: [3, ChatConnectionError], POST: [1, ChatConnectionError] },
  "response slower than the timeout": { GET: [3, ChatTimeoutError], POST: [1, ChatTimeoutError] },
  "truncated JSON": { GET: [1, ChatInvalidResponseError], POST: [1, ChatInvalidResponseError] },
  "empty 200 body": { GET: [1, ChatInvalidResponseError], POST: [1, ChatInvalidResponseError] },
};

// Only the fault that never answers gets a short timeout. Every other fault keeps the default
// (30 s): a short one could expire on a busy machine before an attempt reached the server, and
// the server would count one request fewer than the client sent.
const SLOW = "response slower than the timeout";
const calls = {
  GET: (baseUrl: string, timeoutMs?: number) =>
    unwrap(createChatClient({ appId: "faults", apiKey: "k-fault", baseUrl, timeoutMs }).GET("/users")),
  POST: (baseUrl: string, timeoutMs?: number) =>
    unwrap(
      createChatClient({ appId: "faults", apiKey: "k-fault", baseUrl, timeoutMs })
        .as("cometchat-uid-1")
        .POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: { type: "text", data: { text: "once" } } }),
    ),
};

const cases = Object.keys(faults).flatMap((fault) => (["GET", "POST"] as const).map((method) => [fault, method] as const));
const outcomes: { name: string; ok: boolean }[] = [];

afterAll(() => {
  const passed = outcomes.filter((o) => o.ok).length;
  process.stdout.write(`\nFault matrix (${cases.length} cases): ${passed} passed, ${outcomes.length - passed} failed\n`);
});

describe("fault matrix: how many requests each fault causes, and what the caller gets", () => {
  test("every fault has an expectation for GET and POST", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(faults).sort());
  });

  test.concurrent.each(cases)("%s on %s", async (fault, method) => {
    let ok = false;
    try {
      await withServer(
        (req, res) => faults[fault]!(req, res),
        async (server) => {
          const [requests, errorClass] = expected[fault]![method];
          const error = await calls[method](server.url, fault === SLOW ? 300 : undefined).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(errorClass);
          if (fault === SLOW) {
            // An attempt can time out before its request reaches the server, when a busy machine
            // delays the send past the timeout: the client's count is exact, the server's at most that.
            expect((error as ChatTimeoutError).attempts).toBe(requests);
            expect(server.requests.length).toBeLessThanOrEqual(requests);
          } else expect(server.requests).toHaveLength(requests);
          if (errorClass === RateLimitError) expect((error as RateLimitError).retryAfter).toBe(0);
          ok = true;
        },
      );
    } finally {
      outcomes.push({ name: `${fault} ${method}`, ok });
    }
  });
});

describe("non-JSON error bodies give clear errors, never a parse crash", () => {
  test("an HTML 502 names the status and shows the start of the body", async () => {
    await withServer(faults["502 with an HTML body"]!, async (server) => {
      const error = (await calls.POST(server.url).catch((e) => e)) as InternalServerError;
      expect(error.status).toBe(502);
      expect(error.message).toMatch(/POST \/messages\/\{id\}\/thread failed with 502: non-JSON body: <html><body><h1>502 Bad Gateway/);
    });
  });

  test("an empty error body says so", async () => {
    await withServer(
      (_q, res) => {
        res.writeHead(500, { "content-length": "0" });
        res.end();
      },
      async (server) => {
        const error = (await calls.POST(server.url).catch((e) => e)) as InternalServerError;
        expect(error).toBeInstanceOf(InternalServerError);
        expect(error.message).toMatch(/failed with 500: empty body/);
      },
    );
  });

  test("a truncated success body is reported with its size, not as a SyntaxError", async () => {
    await withServer(faults["truncated JSON"]!, async (server) => {
      const error = await calls.GET(server.url).catch((e) => e);
      expect(error).toBeInstanceOf(ChatInvalidResponseError);
      expect(error.message).toMatch(/GET \/users answered 200 with malformed JSON \(\d+ bytes\)/);
    });
  });
});
