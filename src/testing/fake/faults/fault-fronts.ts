// How each front carries out a fault that spoils the answer. Over HTTP the socket is destroyed:
// before any byte of the answer (`reset`, `drop`), or after the status, the headers and half the
// body (`truncate`). In process (handle() and MSW), no answer is a network error, as
// `Response.error()` makes fetch reject, and a cut body is a stream that fails midway.
import type { ServerResponse } from "node:http";
import type { FaultDrop } from "./faults";

/** The part of the body a `truncate` fault sends: half, and never the whole. */
const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/** Ends an HTTP answer as the fault says; the headers promise the whole body, so the client sees it cut. */
export function sendFaulted(
  res: ServerResponse,
  fault: FaultDrop,
  { status, text }: { status: number; text: string },
  headers: Record<string, string>,
): void {
  if (res.destroyed || res.headersSent) return;
  if (fault !== "truncate") {
    // No answer at all: the client sees the connection close after it sent the request.
    res.socket?.destroy();
    res.destroy();
    return;
  }
  const bytes = Buffer.from(text);
  try {
    res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": bytes.length });
    res.flushHeaders();
    res.write(cut(bytes), () => {
      res.socket?.destroy();
      res.destroy();
    });
  } catch {
    res.destroy();
  }
}

/**
 * The network error, made once and copied: `Response.error()` builds an Error, with its stack,
 * each time (100 frames deep under Jest), where a copy of one shares it.
 */
let networkError: Response | undefined;

/** The in-process answer of a fault: a network error, or a body that fails after half of it. */
export function faultedResponse(fault: FaultDrop, status: number, text: string, headers: Record<string, string>): Response {
  if (fault !== "truncate") return (networkError ??= Response.error()).clone();
  const half = cut(Buffer.from(text));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(half));
    },
    pull(controller) {
      controller.error(new TypeError("The connection closed before the body ended (a truncate-body fault)."));
    },
  });
  return new Response(body, { status, headers: { ...headers, "content-type": "application/json" } });
}
