// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { IncomingMessage } from "node:http";
import type { FakeSpec } from "../spec/fake-spec";
import { faultedResponse } from "../faults/fault-fronts";
import type { FaultDrop } from "../faults/faults";
import { readFetchBody } from "../pipeline/request-body";
import { type Answer, FAILED, httpDate, RATE_HEADERS, serialized } from "../pipeline/answer";
import type { FakeAccount } from "../apps/fake-account";
import { answerRequest } from "../pipeline/stages";

/**
 * The JSON text of each whole answer `handle()` made, by its Response: a test that checks every
 * answer against the spec reads it here, instead of reading the body and handing on a copy.
 */
const TEXTS = new WeakMap<Response, string>();

/** The JSON text `handle()` wrote into `response`'s body, when `handle()` made it whole; undefined for any other Response. */
export const answerTextOf = (response: Response): string | undefined => TEXTS.get(response);

/** `handle()`: never rejects; a failure anywhere in the answer is a 500, as on the HTTP front. */
export async function handleInProcess(spec: FakeSpec, request: Request, account: FakeAccount): Promise<Response> {
  let answered: Answer;
  let fault: FaultDrop | undefined;
  const { host, pathname, search } = new URL(request.url);
  const { app, named, url } = account.appOf(host, pathname + search);
  const fake = app.context;
  const { generation } = fake.store;
  try {
    const body = await readFetchBody(request);
    const headers: IncomingMessage["headers"] = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    answered = await answerRequest(spec, { method: request.method, url, headers, host, named, body, generation }, fake);
    fault = answered.fault;
  } catch {
    answered = { status: 500, body: FAILED };
  }
  const { status, text } = serialized(answered);
  const headers = { ...RATE_HEADERS, date: httpDate(fake.store.clock), ...answered.headers, "content-type": "application/json" };
  if (fault) return faultedResponse(fault, status, text, headers);
  const response = new Response(text, { status, headers });
  TEXTS.set(response, text);
  return response;
}
