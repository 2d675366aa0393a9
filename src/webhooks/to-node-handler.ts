import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebhookHandler } from "./create-webhook-handler.js";

/** A request handler of node:http, and of Express (which passes a third argument, ignored here). */
export type NodeWebhookHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Serves a {@link createWebhookHandler} handler from node:http or Express.
 *
 * With Express, mount it before any body parser (or use `express.raw({ type: "*\/*" })`): it
 * reads the raw body itself. A body that a parser already read is used as it was parsed.
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
    const fetchResponse = await handler(toFetchRequest(request));
    response.statusCode = fetchResponse.status;
    fetchResponse.headers.forEach((value, name) => {
      response.setHeader(name, value);
    });
    response.end(Buffer.from(await fetchResponse.arrayBuffer()));
  };
}

function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const url = `http://${request.headers.host ?? "localhost"}${request.url ?? "/"}`;
  const method = request.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const parsed = (request as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) {
    headers.delete("content-length");
    const body = typeof parsed === "string" ? parsed : parsed instanceof Uint8Array ? new Uint8Array(parsed) : JSON.stringify(parsed);
    return new Request(url, { method, headers, body });
  }
  return new Request(url, { method, headers, body: streamOf(request), duplex: "half" } as RequestInit);
}

/**
 * The request as a web stream that, when cancelled (a body over the limit), stops reading without
 * destroying the socket, so that the 413 still reaches the client; `Connection: close` on that
 * answer then drops what was not read.
 */
function streamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.on("end", () => controller.close());
      request.on("error", (error) => controller.error(error));
    },
    pull() {
      request.resume();
    },
    cancel() {
      request.pause();
      request.removeAllListeners("data");
    },
  });
}
