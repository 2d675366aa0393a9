// Loaded by trace-call.ts on the first call made while something subscribes to the call channel, as
// a module of its own: the operation table and everything that describes a call stay out of the
// bundle of an application that traces nothing. sendCall comes from the client's entry with each
// call; runAttempt, the acting user's rule, the call-id recipe and the two channels from trace-call.ts
// when it loads this module: none is bundled twice, and nothing here imports the client.
import { operations } from "../../generated/manifest.js";
import type { actingUser } from "../safety/acting-user.js";
import { ON_BEHALF_OF } from "../safety/user-key.js";
import type { CallInit } from "../safety/input-checks.js";
import type { AttemptPlan, AttemptResult, runAttempt } from "../transport/attempt.js";
import type { Permit } from "../rate-limits/governor.js";
import type { AttemptDiagnostics, CallAnswer, CallDiagnostics, CallTrace, Outcome, SendCall, TracedConfig } from "./diagnostics-types.js";

type RunAttempt = typeof runAttempt;

/** Operation ids by path, then method: two lookups, no string built per call. */
const OPERATION_IDS = new Map<string, Map<string, string>>();
for (const op of operations) {
  let byMethod = OPERATION_IDS.get(op.path);
  if (!byMethod) OPERATION_IDS.set(op.path, (byMethod = new Map()));
  byMethod.set(op.method, op.operationId);
}
/** Path parameters that hold a credential: masked even when UIDs are recorded. */
const SECRET_PARAMS = new Set(["apiKey", "authToken", "pushToken"]);
/** Path parameters that name users (a conversation id is made of two UIDs). */
const USER_PARAMS = new Set(["uid", "conversationId"]);
type Channel<M extends object> = import("node:diagnostics_channel").TracingChannel<unknown, M>;
// The client's own, handed over by trace-call.ts when it loads this module: imported here, their
// modules would be shared between the client and this chunk, at a cost in both.
let callChannel: Channel<CallDiagnostics>;
let attemptChannel: Channel<AttemptDiagnostics>;
let newCallId: () => string;

// Worked out once per client: a URL is parsed once, not on every call.
const servers = new WeakMap<TracedConfig, { serverAddress: string; serverPort: number }>();
function serverOf(config: TracedConfig) {
  let server = servers.get(config);
  if (!server) {
    const { hostname, port, protocol } = new URL(config.baseUrl);
    server = { serverAddress: hostname.replace(/^\[|\]$/g, ""), serverPort: port ? +port : protocol === "https:" ? 443 : 80 };
    servers.set(config, server);
  }
  return server;
}

// A path template split once into its text and its parameters' names, alternating: the URL of a
// call is then joined from it, with no regular expression run per call. Only the spec's templates
// are kept: a path the caller filled in is not one, and keeping each would grow the map per call.
const templates = new Map<string, string[]>();
for (const { path } of operations) templates.set(path, path.split(/\{([^}]+)\}/));

/** The spec's templates of a method, as patterns that a filled-in path matches; fewer parameters first. */
const PATTERNS = new Map<string, { template: string; names: string[]; pattern: RegExp }[]>();
for (const { method, path } of [...operations].sort((a, b) => templates.get(a.path)!.length - templates.get(b.path)!.length)) {
  const parts = templates.get(path)!;
  if (parts.length === 1) continue;
  const names = parts.filter((_, i) => i % 2 === 1);
  const source = parts.map((part, i) => (i % 2 ? "([^/]+)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
  let list = PATTERNS.get(method);
  if (!list) PATTERNS.set(method, (list = []));
  list.push({ template: path, names, pattern: new RegExp(`^${source}$`) });
}
/** Every fixed segment of the spec's paths: what a path the spec does not list may keep. */
const WORDS = new Set(operations.flatMap(({ path }) => path.split("/").filter((word) => !word.includes("{"))));

/** What a call's diagnostics describe: the path as a template, and the values of its parameters. */
interface Described {
  template: string;
  values: Record<string, unknown> | undefined;
}

/**
 * The template a call's path stands for. A path the caller filled in (`/users/ana`) is the spec's
 * template it matches, its values taken from it; a path the spec does not know keeps only the
 * words of the spec's paths, others read `{segment}`. Either way nothing the caller put in the
 * path reaches a span name or a metric, whose series stay as many as the spec's templates.
 */
function describePath(method: string, path: string, init: CallInit | undefined): Described {
  const params = (init?.params as { path?: Record<string, unknown> } | undefined)?.path;
  if (templates.has(path)) return { template: path, values: params };
  const bare = path.split(/[?#]/, 1)[0]!;
  for (const { template, names, pattern } of PATTERNS.get(method) ?? []) {
    const match = pattern.exec(bare);
    if (!match) continue;
    const values: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const raw = match[i + 1]!;
      try {
        values[name] = decodeURIComponent(raw);
      } catch {
        values[name] = raw;
      }
    });
    return { template, values };
  }
  const template = bare
    .split("/")
    .map((word, i) => (i === 0 || WORDS.has(word) ? word : "{segment}"))
    .join("/");
  return { template, values: undefined };
}

/** The call's URL without its query; `withUsers` leaves UIDs as they are. Credentials are always masked. */
function urlOf(config: TracedConfig, { template, values }: Described, withUsers: boolean): string {
  const parts = templates.get(template) ?? [template];
  let url = config.baseUrl + parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = values?.[name];
    if (value === undefined || value === null) url += `{${name}}`;
    else {
      const masked = SECRET_PARAMS.has(name) || (!withUsers && USER_PARAMS.has(name)) || config.secrets.includes(String(value));
      url += masked ? "REDACTED" : encodeURIComponent(String(value));
    }
    url += parts[i + 1];
  }
  return url;
}

function describe(config: TracedConfig, method: string, path: string, init: CallInit | undefined, uid: string | undefined) {
  const { serverAddress, serverPort } = serverOf(config);
  const described = typeof path === "string" ? describePath(method, path, init) : { template: "", values: undefined };
  // Every field set here, in one shape, so that filling them in later changes no object's shape.
  const description: CallDiagnostics = {
    // The call's one id: sendCall takes it from the trace for its log lines and middleware hooks.
    callId: newCallId(),
    appId: config.appId,
    operationId: OPERATION_IDS.get(described.template)?.get(method),
    method,
    path: described.template,
    serverAddress,
    serverPort,
    url: urlOf(config, described, false),
    onBehalfOf: uid !== undefined,
    userIds: () => ({ onBehalfOf: uid, url: urlOf(config, described, true) }),
    attempts: 0,
    rateLimitWaitMs: 0,
    rateLimitScope: undefined,
    status: undefined,
    errorType: undefined,
    errorCode: undefined,
  };
  return description;
}

/** The service's error code in an error body, as text or parsed. */
function codeIn(body: unknown): string | undefined {
  try {
    const parsed = typeof body === "string" ? (body[0] === "{" ? JSON.parse(body) : undefined) : body;
    const code = parsed?.error?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

function failedWith(outcome: Outcome, error: unknown): void {
  outcome.errorType = (error as Error | undefined)?.name ?? typeof error;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") outcome.errorCode = code;
}

function answered(outcome: Outcome, response: Response, body: unknown): void {
  outcome.status = response.status;
  if (response.status < 400) return;
  outcome.errorType = String(response.status);
  outcome.errorCode = codeIn(body);
}

/** Runs one attempt under the attempt channel, its message filled in with how it ended. */
function traceAttempt(
  call: CallDiagnostics,
  config: TracedConfig,
  runAttempt: RunAttempt,
  plan: AttemptPlan,
  signal: AbortSignal | null | undefined,
  budgetMs: number,
  n: number,
  permit: Permit | undefined,
): Promise<AttemptResult> {
  const waitedMs = permit?.waitedMs ?? 0;
  call.attempts = n;
  call.rateLimitWaitMs += waitedMs;
  if (permit?.scope) call.rateLimitScope = permit.scope;
  if (!attemptChannel.hasSubscribers) return runAttempt(plan, signal, budgetMs);
  // Field by field, in one shape for every attempt: a spread or a rest copy costs more per call.
  const attempt: AttemptDiagnostics = {
    callId: call.callId,
    appId: call.appId,
    operationId: call.operationId,
    method: call.method,
    path: call.path,
    serverAddress: call.serverAddress,
    serverPort: call.serverPort,
    url: call.url,
    onBehalfOf: call.onBehalfOf,
    userIds: call.userIds,
    call,
    attempt: n,
    rateLimitWaitMs: waitedMs,
    rateLimitScope: permit?.scope,
    status: undefined,
    errorType: undefined,
    errorCode: undefined,
    setHeader(name, value) {
      const key = String(name).toLowerCase();
      if (key === ON_BEHALF_OF || config.credentialNames.includes(key)) return;
      const headers = plan.headers;
      if (headers instanceof Headers) headers.set(key, value);
      else if (headers && !Array.isArray(headers)) (headers as Record<string, string>)[key] = String(value);
    },
  };
  return attemptChannel.tracePromise(sendAttempt, attempt, undefined, attempt, runAttempt, plan, signal, budgetMs);
}

// The traced functions live at module level and take what they need as arguments (tracePromise
// passes them on): no closure is made per call or attempt.

/** Runs an attempt, its message filled in with how it ended before the channel's asyncEnd. */
async function sendAttempt(
  attempt: AttemptDiagnostics,
  runAttempt: RunAttempt,
  plan: AttemptPlan,
  signal: AbortSignal | null | undefined,
  budgetMs: number,
): Promise<AttemptResult> {
  try {
    const result = await runAttempt(plan, signal, budgetMs);
    if ("response" in result) answered(attempt, result.response, result.body);
    else {
      attempt.errorType = result.outcome.kind;
      const code = (result.outcome as { code?: string }).code;
      if (code) attempt.errorCode = code;
    }
    return result;
  } catch (error) {
    failedWith(attempt, error);
    throw error;
  }
}

/** Sends a call, its message filled in with how it ended before the channel's asyncEnd. */
async function sendTraced<C extends TracedConfig, R extends CallAnswer>(
  call: CallDiagnostics,
  send: SendCall<C, R>,
  config: C,
  method: string,
  path: string,
  init: CallInit | undefined,
  boundUid: string | undefined,
  trace: CallTrace,
): Promise<R> {
  try {
    const result = await send(config, method, path, init, boundUid, trace);
    answered(call, result.response, result.error);
    return result;
  } catch (error) {
    failedWith(call, error);
    const scope = (error as { scope?: unknown } | undefined)?.scope;
    if (scope === "user" || scope === "app") call.rateLimitScope = scope;
    throw error;
  }
}

/**
 * Runs a call under the call channel: its message is published before its input is checked, so
 * that a call refused before sending is seen too, and filled in with how it ended. The user it
 * acts as is worked out once, here: the message names it, and sendCall takes it from the trace,
 * with the refusal to fail with when its sources are bad.
 */
export const tracedCall =
  // The acting user's rule comes from the client, which has it already: importing it here would
  // make a bundler share its module between the client and this chunk, at a cost in both.
  (
    runAttempt: RunAttempt,
    decideUser: typeof actingUser,
    callId: () => string,
    channels: [call: Channel<object>, attempt: Channel<object>],
  ) => {
    newCallId = callId;
    [callChannel, attemptChannel] = channels as [Channel<CallDiagnostics>, Channel<AttemptDiagnostics>];
    return <C extends TracedConfig, R extends CallAnswer>(
      send: SendCall<C, R>,
      config: C,
      method: string,
      path: string,
      init: CallInit | undefined,
      boundUid: string | undefined,
    ): Promise<R> => {
      let uid: string | undefined;
      let refusal: unknown;
      try {
        uid = decideUser({ as: boundUid, call: init });
      } catch (error) {
        refusal = error;
      }
      const call = describe(config, method, path, init, uid);
      const trace: CallTrace = {
        id: call.callId,
        attempt: (plan, signal, budgetMs, n, permit) => traceAttempt(call, config, runAttempt, plan, signal, budgetMs, n, permit),
        user() {
          if (refusal !== undefined) throw refusal;
          return uid;
        },
      };
      return callChannel.tracePromise(sendTraced<C, R>, call, undefined, call, send, config, method, path, init, boundUid, trace);
    };
  };
