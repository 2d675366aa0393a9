// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { apiOfHost, checkAppHost } from "./app-host";
import { checkCredentials } from "./credentials";
import { FakeError } from "./fake-error";
import type { FakeOperation, FakeSpec } from "../spec/fake-spec";
import { type Answer, errorAnswer } from "./answer";
import type { FakeContext, Incoming } from "./context";
import { dispatch } from "./dispatch";
import { faultStage } from "./fault-stage";

/**
 * The answer to one request, from either front (the HTTP server or `handle`). The checks run in
 * the service's order: the host (an app's own, and the API it serves), the route, the
 * credentials, and only then the rate limits, so a request refused before them is not counted.
 */
export async function answerRequest(spec: FakeSpec, req: Incoming, fake: FakeContext): Promise<Answer> {
  try {
    checkAppHost(req.host, fake.store.appId);
  } catch (error) {
    return errorAnswer(error as FakeError, undefined);
  }
  let url: URL;
  try {
    url = new URL(req.url, "http://fake.invalid");
  } catch {
    return errorAnswer(new FakeError(404, "ERR_NOT_FOUND", "The request's URL cannot be read."), undefined);
  }
  const { method } = req;
  const found = spec.route(method, url.pathname);
  const api = apiOfHost(req.host);
  // Each of the service's hosts serves its own API; loopback serves the three side by side.
  if (!found || (api && found.operation.api && found.operation.api !== api)) {
    const where = api ? ` on the ${API_NAMES[api]} host` : "";
    return errorAnswer(
      new FakeError(404, "ERR_NOT_FOUND", `No operation serves ${method} ${url.pathname.slice(0, 200)}${where}.`),
      undefined,
    );
  }
  const { operation } = found;
  try {
    checkCredentials(operation, req.headers, fake.keys, fake.store.domain.apiKeys);
  } catch (error) {
    if (error instanceof FakeError) return errorAnswer(error, operation);
    throw error;
  }
  const limited = fake.limiter?.take(operation, found.params, req.headers);
  if (limited?.refused) return limited.refused;
  const answered = await admitted(spec, req, fake, found, url);
  return limited ? { ...answered, headers: { ...answered.headers, ...limited.headers } } : answered;
}

const API_NAMES = { chat: "Chat API", calls: "Calls API", management: "Management API" } as const;

/**
 * The answer to a request whose host, route and credentials are good and that the rate limits
 * admitted: the faults stage, then {@link dispatch}; a refusal from either is its error answer.
 */
async function admitted(
  spec: FakeSpec,
  req: Incoming,
  fake: FakeContext,
  found: { operation: FakeOperation; params: Record<string, string> },
  url: URL,
): Promise<Answer> {
  try {
    return (await faultStage(spec, req, fake, found, url)) ?? (await dispatch(spec, req, fake, found, url));
  } catch (error) {
    if (error instanceof FakeError) return errorAnswer(error, found.operation);
    throw error;
  }
}
