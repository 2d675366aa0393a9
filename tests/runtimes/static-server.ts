// A read-only static file server on loopback, for pages the browser tests open. Node's own http
// module, so nothing is fetched to serve them.
import { createReadStream, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

export interface StaticServer {
  /** e.g. `http://127.0.0.1:43121`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Extra in-memory pages, by path (e.g. `/smoke.html`), served before files. */
export type Pages = Record<string, string>;

function fileFor(root: string, pathname: string): string | undefined {
  const file = resolve(join(root, decodeURIComponent(pathname)));
  // Refuse anything that would resolve outside the served folder.
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    const stats = statSync(file);
    if (stats.isFile()) return file;
    if (stats.isDirectory()) return fileFor(root, join(pathname, "index.html"));
  } catch {
    return undefined;
  }
  return undefined;
}

function handler(root: string, pages: Pages) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const page = pages[pathname];
    if (page !== undefined) {
      response.writeHead(200, { "content-type": TYPES[".html"] }).end(page);
      return;
    }
    const file = fileFor(root, pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  };
}

/** Serves `root` (and `pages`) on 127.0.0.1 at a free port. */
export function serveStatic(root: string, pages: Pages = {}): Promise<StaticServer> {
  const server = createServer(handler(resolve(root), pages));
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}
