// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { FakeAccount } from "../apps/fake-account";
import { answerControl, type ControlRouteParts, isControlPath } from "../control/control-routes";
import type { FakeSpec } from "../spec/fake-spec";
import { sendFaulted } from "../faults/fault-fronts";
import { readNodeBody } from "../pipeline/request-body";
import { FAILED, httpDate, RATE_HEADERS, serialized } from "../pipeline/answer";
import { answerRequest } from "../pipeline/stages";

/**
 * The fake's node:http front, listening: the control routes under `/__fake` (of the first app and
 * of every app, under `/app/{appId}/__fake` for one app), every other request through the pipeline
 * of the app it is for. A fault that drops the answer destroys the socket; one that cuts the body
 * short sends part of it.
 */
export async function startHttpFront(
  spec: FakeSpec,
  account: FakeAccount,
  control: ControlRouteParts,
  { port, host }: { port: number; host: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    res.on("error", () => {});
    const { app, named, url } = account.appOf(req.headers.host, req.url ?? "/");
    if (isControlPath(url)) {
      const parts = named === undefined ? control.parts : account.get(named)?.parts;
      void answerControl({ ...control, parts }, req, res, url);
      return;
    }
    const fake = app.context;
    const { clock } = app.parts;
    const { generation } = fake.store;
    const request = { method: req.method ?? "GET", url, headers: req.headers, host: req.headers.host, named, generation };
    readNodeBody(req)
      .then((body) => answerRequest(spec, { ...request, body }, fake))
      .then(
        ({ status, body, headers, fault }) =>
          fault
            ? sendFaulted(res, fault, serialized({ status, body }), { ...RATE_HEADERS, date: httpDate(clock), ...headers })
            : send(res, status, body, { date: httpDate(clock), ...headers }),
        () => send(res, 500, FAILED, { date: httpDate(clock) }),
      );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      done();
    });
  });
  // A forgotten close() must not keep a test runner alive, as with the mock.
  server.unref();
  return server;
}

/** Writes the answer; it never throws, since nothing would catch it (an answer JSON cannot hold is a 500). */
function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  const written = serialized({ status, body });
  try {
    res.writeHead(written.status, {
      ...RATE_HEADERS,
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(written.text),
    });
    res.end(written.text);
  } catch {
    res.destroy();
  }
}
