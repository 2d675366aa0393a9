// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { actingUserOfRequest, userKey } from "../../../client/acting-user";
import { badField, FakeError } from "./fake-error";
import type { FakeOperation, FakeSpec } from "../spec/fake-spec";
import { HANDLERS } from "../model/handlers";
import { formFields, parseJsonBody } from "./request-body";
import { requestViolations } from "../spec/request-violations";
import { authorize } from "../rules/authorize";
import { type Answer, FENCED } from "./answer";
import type { FakeContext, Incoming } from "./context";

/**
 * The stages after the faults, in order: validate the request against the spec, find the acting
 * user, fence off a request whose state was replaced, authorize, and run the operation's handler
 * (or answer the spec's example). A refusal is thrown as a {@link FakeError}.
 */
export async function dispatch(
  spec: FakeSpec,
  req: Incoming,
  fake: FakeContext,
  { operation, params }: { operation: FakeOperation; params: Record<string, string> },
  url: URL,
): Promise<Answer> {
  const { raw } = req;
  if (raw instanceof FakeError) throw raw;
  let body: unknown;
  if (raw.length && operation.body) body = parseJsonBody(raw);
  else if (raw.length && String(req.headers["content-type"]).startsWith("multipart/form-data")) {
    body = await formFields(raw, String(req.headers["content-type"]));
  }
  const { errors, query } = spec.check(operation, { path: params, search: url.searchParams, headers: req.headers, body });
  if (errors.length) throw requestViolations(errors, operation);
  const onBehalfOf = operation.onBehalfOf === "none" ? undefined : actingUserOfRequest(req.headers);
  const actor = onBehalfOf === undefined ? undefined : userKey(onBehalfOf);
  if (actor && !fake.store.liveUser(actor)) {
    if (operation.statuses.has("404")) throw new FakeError(404, "ERR_UID_NOT_FOUND", `No user with UID ${actor} exists (onBehalfOf).`);
    throw badField("onBehalfOf", `names no user: ${actor}`, "ERR_UID_NOT_FOUND");
  }
  // The state this request arrived at was replaced while it waited (its body, a delayNext):
  // applied now, it would write into the state the next test starts from.
  if (fake.store.generation !== req.generation) return { status: 500, body: FENCED };
  authorize(fake.store, { operationId: operation.operationId, path: params, body, actor });
  const handler = HANDLERS[operation.operationId];
  if (!handler) return { status: 200, body: spec.example(operation, "200") ?? {} };
  const run = () =>
    handler({
      store: fake.store,
      path: params,
      query,
      body,
      actor,
      example: (operationId) => structuredClone(spec.example(operationId ? (spec.byId(operationId) ?? operation) : operation, "200")),
    });
  // A write is one transaction, so a refused one stores nothing; a read changes nothing, and
  // skips the copies a transaction keeps of what it touches.
  return { status: 200, body: operation.method === "GET" ? run() : fake.store.transaction(run) };
}
