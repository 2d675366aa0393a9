import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebhookHandler } from "./create-webhook-handler.js";

/** A request handler of node:http, and of Express (which passes a third argument, ignored here). */
export type NodeWebhookHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Methods that node:http accepts and the Fetch API's `Request` refuses. */
const FETCH_FORBIDDEN_METHODS = /^(?:CONNECT|TRACE|TRACK)$/i;

/**
 * Serves a {@link createWebhookHandler} handler from node:http or Express.
 *
 * With Express, mount it before any body parser (or use `express.raw({ type: "*\/*" })`): it
 * reads the raw body itself. A body that a parser already read is used as it was parsed.
 *
 * The promise it returns never rejects: a request that cannot become a Fetch API `Request` gets
 * 405 (a method such as `TRACE`) or 400 (a `Host` header that is not a host); any other failure
 * gets 500, or, once the answer has started, the socket is destroyed. An answer given before the
 * body was read to its end closes the connection.
 *
 * @example
 * import { createServer } from "node:http";
 * import { createWebhookHandler, toNodeHandler } from "chat-rest-sdk/webhooks";
 *
 * const receive = createWebhookHandler({
 *   username: "chat-events",
 *   password: process.env.CHAT_WEBHOOK_PASSWORD!,
 *   on: { message_sent: (event) => console.log(event.data.message.id) },
 * });
 * createServer(toNodeHandler(receive)).listen(3000); // with Express: app.post("/webhooks/chat", toNodeHandler(receive))
 */
export function toNodeHandler(handler: WebhookHandler): NodeWebhookHandler {
  return async (request, response) => {
    try {
      let fetchRequest: Request | Response;
      try {
        fetchRequest = toFetchRequest(request);
      } catch {
        fetchRequest = new Response("The request cannot be read.", { status: 400 });
      }
      await send(request, response, fetchRequest instanceof Response ? fetchRequest : await handler(fetchRequest));
    } catch {
      // A rejection here would be unhandled (node:http ignores the promise) and end the process.
      try {
        if (response.headersSent) response.destroy();
        else await send(request, response, new Response(null, { status: 500 }));
      } catch {
        response.destroy();
      }
    }
  };
}

async function send(request: IncomingMessage, response: ServerResponse, fetchResponse: Response): Promise<void> {
  const body = Buffer.from(await fetchResponse.arrayBuffer());
  // The client went away: there is no one to answer.
  if (response.destroyed || response.writableEnded || request.socket.destroyed) return;
  response.statusCode = fetchResponse.status;
  fetchResponse.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  // The rest of an unread body would hold the connection (node:http drains it for the next request).
  if (!request.complete) response.setHeader("connection", "close");
  response.end(body);
}

/** The request in the Fetch API's terms, or the answer to give when it cannot be one. */
function toFetchRequest(request: IncomingMessage): Request | Response {
  const method = request.method ?? "GET";
  if (FETCH_FORBIDDEN_METHODS.test(method)) {
    return new Response("Webhooks are delivered with POST.", { status: 405, headers: { allow: "POST" } });
  }
  const url = urlOf(request);
  if (!url) return new Response("The Host header is not a host.", { status: 400 });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const parsed = (request as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) {
    headers.delete("content-length");
    let body: string | Uint8Array<ArrayBuffer>;
    try {
      body = typeof parsed === "string" ? parsed : parsed instanceof Uint8Array ? new Uint8Array(parsed) : JSON.stringify(parsed);
    } catch {
      // A parsed body too deep (or too odd) for JSON.stringify is not an event either.
      return new Response("The body is not an event.", { status: 400 });
    }
    return new Request(url, { method, headers, body });
  }
  return new Request(url, { method, headers, body: streamOf(request), duplex: "half" } as RequestInit);
}

/** The request's URL, or undefined when its Host header (or target) does not make one. */
function urlOf(request: IncomingMessage): URL | undefined {
  try {
    const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The request as a web stream that, when cancelled (a body over the limit, or too slow), stops
 * reading without destroying the socket, so that the 413 or 408 still reaches the client;
 * `Connection: close` on that answer then drops what was not read. Once the stream is closed,
 * errored or cancelled, later events of the request are ignored: the controller would throw.
 */
function streamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  let onData: (chunk: Buffer) => void;
  let onEnd: () => void;
  let onClose: () => void;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const broken = (error?: Error) => {
        if (!open) return;
        open = false;
        controller.error(error ?? new Error("The request closed before its body ended."));
      };
      onData = (chunk) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      };
      onEnd = () => {
        if (!open) return;
        open = false;
        controller.close();
      };
      onClose = () => {
        if (!request.complete) broken();
      };
      request.on("data", onData);
      request.on("end", onEnd);
      // Stays attached for good: an `error` event with no listener would be thrown.
      request.on("error", broken);
      request.on("close", onClose);
    },
    pull() {
      request.resume();
    },
    cancel() {
      open = false;
      request.pause();
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("close", onClose);
    },
  });
}
