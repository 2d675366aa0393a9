// Internal: the HTTP front of the mock. Prism answers a rejected request with a fixed example
// body and names the parameter or field it rejected only in its `sl-violations` header; this
// proxy writes those names into the body's error envelope, so the SDK's BadRequestError carries
// them (`details`, and the end of the message) without the runtime knowing about Prism.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { clientUrl } from "./client-url";

interface Violation {
  location: string[];
  message: string;
}

/**
 * The body with the request's violations folded into `error.details` (one entry per name) and
 * appended to `error.message` after "Prism:", or `undefined` when there is nothing to fold.
 * Prism lowercases query parameter names, so the request URL gives back the caller's spelling.
 * A violation by the mock's own response is not the request's; a header that is not JSON is ignored.
 */
export function foldViolations(body: string, header: string | undefined, url: string): string | undefined {
  const found: Record<string, string[]> = {};
  let parsed: unknown;
  try {
    for (const { location, message } of JSON.parse(header ?? "") as Violation[]) {
      const [side, part, ...field] = location;
      if (side !== "request") continue;
      // A missing required property is reported at its parent, with its name only in the message.
      const reported = field.join(".") || /'(.+)'/.exec(message)?.[1] || part!;
      const name = (part === "query" && RegExp(`[?&](${reported})=`, "i").exec(url)?.[1]) || reported;
      (found[name] ??= []).push(message.replace(reported, name));
    }
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!Object.keys(found).length || typeof parsed !== "object" || parsed === null) return undefined;
  const envelope = parsed as { error?: { message?: string; devMessage?: string; details?: object } };
  const error = { ...envelope.error };
  const said = error.message ?? error.devMessage;
  error.message = `${said ? `${said} ` : ""}Prism: ${Object.values(found).join("; ")}.`;
  error.details = { ...error.details, ...found };
  return JSON.stringify({ ...envelope, error });
}

/** A running proxy: its URL (as a client should use it) and how to stop it. */
export interface ViolationsProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on `host`:`port` and forwards every request to `upstream`: an `http://` origin, or the
 * promise of one, so the proxy can take its port before the server behind it has started (a
 * request that comes before the origin is known waits for it, and fails if it never comes).
 */
export async function startViolationsProxy(upstream: string | Promise<string>, host: string, port: number): Promise<ViolationsProxy> {
  let target: URL | undefined;
  const known = Promise.resolve(upstream).then((origin) => {
    target = new URL(origin);
  });
  known.catch(() => {});
  // Kept-alive connections to Prism: a new one per request cost both processes more than the
  // request itself. One can be reused at the moment Prism closes it as idle; that request never
  // reached Prism, so it goes again on a new connection (Prism is stateless, and the body is at hand).
  const agent = new Agent({ keepAlive: true });
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, retry: boolean) => {
    const { hostname, port, host } = target!;
    const outgoing = request(
      {
        host: hostname,
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host },
        agent,
      },
      (answer) => {
        const header = answer.headers["sl-violations"];
        if (typeof header !== "string" || answer.headers["content-encoding"]) {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          const folded = foldViolations(text, header, req.url ?? "") ?? text;
          const { "transfer-encoding": _, ...headers } = answer.headers;
          res.writeHead(answer.statusCode!, { ...headers, "content-length": Buffer.byteLength(folded) });
          res.end(folded);
        });
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (retry && outgoing.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) forward(req, res, body, false);
      else res.destroy(error);
    });
    outgoing.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (target) forward(req, res, body, true);
      else
        known.then(
          () => forward(req, res, body, true),
          (error: Error) => res.destroy(error),
        );
    });
  });
  // The client closes its idle connections, never this server: with a timeout here, a busy client
  // can send a request on a connection the server is closing that very moment (fetch then fails
  // with "other side closed"). close() still ends every connection.
  server.keepAliveTimeout = 0;
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, done);
  });
  // Like the Prism process behind it, a forgotten proxy must not keep the process alive.
  server.unref();
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: clientUrl(`http://${host}:${bound}`),
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
