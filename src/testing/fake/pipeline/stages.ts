// The pipeline's stages, in order, each of one shape: `(ctx) -> answer | next`. A stage answers
// (and the request goes no further), or returns nothing and the next stage runs; a refusal is a
// thrown FakeError, answered as the spec documents it. A stage that changes whatever answer comes
// out later (the rate-limit headers, an answer a fault spoils) adds a change to `ctx.after`: the
// answer carries its own fault, and nothing rides on the request. The order is the service's:
// tests/fake/stage-order.test.ts holds it to the one the README documents.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { actingUserOfRequest, userKey } from "../../../safety/acting-user";
import { faultStage } from "../faults/fault-stage";
import { HANDLERS } from "../model/handlers";
import { authorize } from "../rules/authorize";
import type { FakeOperation, FakeSpec } from "../spec/fake-spec";
import { requestViolations } from "../spec/request-violations";
import { type Answer, errorAnswer, FENCED } from "./answer";
import { apiOfHost, checkAppNamed } from "./app-host";
import type { FakeContext, Incoming } from "./context";
import { checkCredentials } from "./credentials";
import { badField, FakeError } from "./fake-error";
import { formFields, parseJsonBody } from "./request-body";
import { cloneValue } from "../state/clone";

/** What the stages read and fill in, for one request. */
export interface StageContext {
  spec: FakeSpec;
  fake: FakeContext;
  req: Incoming;
  /** Set by `route`. */
  url?: URL;
  operation?: FakeOperation;
  params: Record<string, string>;
  /** Set by `validate`: the parsed body and the query as the spec types it. */
  body?: unknown;
  query?: Record<string, unknown>;
  /** Set by `actor`: the user the request acts as, if any. */
  actor?: string | undefined;
  /** Changes to the answer, whichever stage gives it, the last added first: an earlier stage sees what the later ones made of it. */
  after: ((answer: Answer) => Answer)[];
}

/** One stage: an answer, or nothing to go on to the next. */
export interface Stage {
  name: string;
  run(ctx: StageContext): Answer | undefined | Promise<Answer | undefined>;
}

/** One request as `fake.requests` lists it. */
export interface FakeRequest {
  method: string;
  /** The path as the spec writes it (`/users/{uid}`), or the path sent when no operation serves it. */
  path: string;
  /** The operation, or undefined when no operation serves the path. */
  operationId: string | undefined;
  /** The app the request named (by its host or its `/app/{appId}` prefix), or the app that answered it. */
  appId: string;
  /** The user the request acts as (`onBehalfOf`), if any. */
  onBehalfOf: string | undefined;
  status: number;
  /** The fault that spoiled the answer, if one did: `reset`, `drop` or `truncate`. */
  fault: string | undefined;
  /** When the request arrived, in milliseconds on the fake's clock. */
  at: number;
}

/** Which requests `fake.requests.list` gives: those of an operation, of a status, or both. */
export interface FakeRequestFilter {
  operationId?: string;
  status?: number;
}

/** The requests each fake answered, oldest first: the last 10,000 (and up to as many older ones, dropped in one go). */
const LOGS = new WeakMap<FakeContext, FakeRequest[]>();
const MAX_LOGGED = 10_000;

/** The request log of a fake, created at its first request. */
function logOf(fake: FakeContext): FakeRequest[] {
  let log = LOGS.get(fake);
  if (!log) LOGS.set(fake, (log = []));
  return log;
}

/** The requests a fake answered, oldest first: the last 10,000. */
export function requestLogOf(fake: FakeContext): readonly FakeRequest[] {
  const log = logOf(fake);
  return log.length > MAX_LOGGED ? log.slice(-MAX_LOGGED) : log;
}

/** Forgets the requests a fake answered. */
export function clearRequestLog(fake: FakeContext): void {
  logOf(fake).length = 0;
}

/** The stages after `route` read what it found. */
const routed = (ctx: StageContext) => ({ operation: ctx.operation!, params: ctx.params, url: ctx.url! });

const API_NAMES = { chat: "Chat API", calls: "Calls API", management: "Management API" } as const;

/** Every stage, in the order a request meets them. */
export const STAGES: readonly Stage[] = [
  {
    // Every request, whatever answers it: logged once its answer (and its fault) is known.
    name: "log",
    run: (ctx) => {
      const at = ctx.fake.store.clock.now();
      ctx.after.push((answer) => {
        const log = logOf(ctx.fake);
        log.push({
          method: ctx.req.method,
          path: ctx.operation?.path ?? ctx.url?.pathname ?? ctx.req.url,
          operationId: ctx.operation?.operationId,
          appId: ctx.req.named ?? ctx.fake.store.appId,
          onBehalfOf: actingUserOfRequest(ctx.req.headers),
          status: answer.status,
          fault: answer.fault,
          at,
        });
        // The oldest are dropped 10,000 at a time: one at a time, each request moved the whole log.
        if (log.length >= 2 * MAX_LOGGED) log.splice(0, log.length - MAX_LOGGED);
        return answer;
      });
      return undefined;
    },
  },
  {
    // A Chat or Calls host (or an `/app/{appId}` prefix) of an app the fake does not serve is refused before anything else.
    name: "host",
    run: ({ req, fake }) => void checkAppNamed(req.named, fake.store.appId),
  },
  {
    // Routed once; each of the service's hosts serves its own API, loopback the three side by side.
    name: "route",
    run: (ctx) => {
      const { req, spec } = ctx;
      let url: URL;
      try {
        url = new URL(req.url, "http://fake.invalid");
      } catch {
        throw new FakeError(404, "ERR_NOT_FOUND", "The request's URL cannot be read.");
      }
      const found = spec.route(req.method, url.pathname);
      const api = apiOfHost(req.host);
      if (!found || (api && found.operation.api && found.operation.api !== api)) {
        const where = api ? ` on the ${API_NAMES[api]} host` : "";
        throw new FakeError(404, "ERR_NOT_FOUND", `No operation serves ${req.method} ${url.pathname.slice(0, 200)}${where}.`);
      }
      Object.assign(ctx, { url, operation: found.operation, params: found.params });
      return undefined;
    },
  },
  {
    name: "credentials",
    run: (ctx) => void checkCredentials(routed(ctx).operation, ctx.req.headers, ctx.fake.keys, ctx.fake.store.domain.apiKeys),
  },
  {
    // After the host, the route and the credentials, as the service: a request they refuse is not counted.
    name: "rate limit",
    run: (ctx) => {
      const limited = ctx.fake.limiter?.take(routed(ctx).operation, ctx.params, ctx.req.headers);
      if (!limited) return undefined;
      if (limited.refused) return limited.refused;
      ctx.after.push((answer) => ({ ...answer, headers: { ...answer.headers, ...limited.headers } }));
      return undefined;
    },
  },
  { name: "faults", run: faultStage },
  {
    // The parameters and the body, checked against the spec (400 with `details`).
    name: "validate",
    run: (ctx) => {
      const { req, spec } = ctx;
      const { operation, params, url } = routed(ctx);
      const raw = req.body;
      if (raw instanceof FakeError) throw raw;
      const check = (body: unknown) => {
        const { errors, query } = spec.check(operation, { path: params, search: url.searchParams, headers: req.headers, body });
        if (errors.length) throw requestViolations(errors, operation);
        ctx.body = body;
        ctx.query = query;
        return undefined;
      };
      const type = String(req.headers["content-type"]);
      if (raw.length && operation.body) return check(parseJsonBody(raw));
      // Only a form is read asynchronously; every other request is checked at once.
      if (raw.length && type.startsWith("multipart/form-data")) return formFields(raw, type).then(check);
      return check(undefined);
    },
  },
  {
    // `onBehalfOf` must name a user (404, or 400 where the operation documents no 404).
    name: "actor",
    run: (ctx) => {
      const { operation } = routed(ctx);
      const onBehalfOf = operation.onBehalfOf === "none" ? undefined : actingUserOfRequest(ctx.req.headers);
      const actor = onBehalfOf === undefined ? undefined : userKey(onBehalfOf);
      if (actor && !ctx.fake.store.liveUser(actor)) {
        if (operation.statuses.has("404")) throw new FakeError(404, "ERR_UID_NOT_FOUND", `No user with UID ${actor} exists (onBehalfOf).`);
        throw badField("onBehalfOf", `names no user: ${actor}`, "ERR_UID_NOT_FOUND");
      }
      ctx.actor = actor;
      return undefined;
    },
  },
  {
    // The state this request arrived at was replaced while it waited (its body, a delayNext):
    // applied now, it would write into the state the next test starts from.
    name: "fence",
    run: ({ fake, req }) => (fake.store.generation !== req.generation ? { status: 500, body: FENCED } : undefined),
  },
  {
    name: "authorize",
    run: (ctx) =>
      void authorize(ctx.fake.store, {
        operationId: routed(ctx).operation.operationId,
        path: ctx.params,
        body: ctx.body,
        actor: ctx.actor,
      }),
  },
  {
    // The operation's handler, or the spec's example for an operation the fake does not model.
    name: "dispatch",
    run: (ctx) => {
      const { spec, fake } = ctx;
      const { operation } = routed(ctx);
      const handler = HANDLERS[operation.operationId];
      if (!handler) return { status: 200, body: spec.example(operation, "200") ?? {} };
      const run = () =>
        handler({
          store: fake.store,
          path: ctx.params,
          query: ctx.query ?? {},
          body: ctx.body,
          actor: ctx.actor,
          example: (operationId) => cloneValue(spec.example(operationId ? (spec.byId(operationId) ?? operation) : operation, "200")),
        });
      // A write is one transaction, so a refused one stores nothing; a read changes nothing, and
      // skips the copies a transaction keeps of what it touches.
      return { status: 200, body: operation.method === "GET" ? run() : fake.store.transaction(run) };
    },
  },
];

// Read once: a global read is slow inside a vm context (Jest runs the fake's code in one), and each stage's answer is tested.
const PROMISE = Promise;

/**
 * The answer to one request, from either front (the HTTP server or `handle`): the first stage's
 * that answers, a refusal as the spec documents it, then the changes the stages asked for.
 */
export async function answerRequest(spec: FakeSpec, req: Incoming, fake: FakeContext): Promise<Answer> {
  const ctx: StageContext = { spec, fake, req, params: {}, after: [] };
  let answer: Answer | undefined;
  try {
    for (const stage of STAGES) {
      // Most stages answer at once: an await of each would cost a turn of the microtask queue.
      const ran = stage.run(ctx);
      answer = ran instanceof PROMISE ? await ran : ran;
      if (answer) break;
    }
  } catch (error) {
    if (!(error instanceof FakeError)) throw error;
    answer = errorAnswer(error, ctx.operation);
  }
  // Every operation answers something: the dispatch stage always does.
  let answered = answer ?? { status: 500, body: {} };
  for (const change of [...ctx.after].reverse()) answered = change(answered);
  return answered;
}
