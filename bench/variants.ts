// The clients under comparison, each making the same two calls with the same headers, reading the
// whole body and parsing it. A call rejects on anything but a 200.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../generated/schema.js";
import { createChatClient } from "../src/index.js";
import { API_KEY, PAGE_SIZE, threadBody, UID } from "./fixtures.js";

export type Operation = "send-thread-message" | "list-users";
export const OPERATIONS: Operation[] = ["send-thread-message", "list-users"];
export type Call = () => Promise<unknown>;
export interface Variant {
  name: string;
  calls: Record<Operation, Call>;
}

// The SDK's default User-Agent, sent by the other variants too, so every variant sends the same bytes.
const USER_AGENT = `chat-rest-sdk/0.1.0 node/${process.versions.node}`;

async function check(pending: Promise<{ response: Response; data?: unknown }>): Promise<unknown> {
  const { response, data } = await pending;
  if (!response.ok || data === undefined) throw new Error("bench call failed");
  return data;
}

/** What a per-attempt timeout needs: an AbortController, a 30 s timer that never fires, the signal. */
async function withTimeout<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await send(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

type Send = (url: string, init: RequestInit) => Promise<Response>;
const shared = new AbortController().signal;
/**
 * `fetch(url, init)` as a careful caller writes it, each call carrying onBehalfOf as `as()` does.
 * "+ timeout" is the fair baseline for a client with timeouts; "+ shared signal" passes one signal,
 * never aborted, to every request, which leaves only the runtime's cost of following a signal;
 * "(new Request)" hands fetch a Request, as openapi-fetch does.
 */
const RAW: Record<string, Send> = {
  "raw fetch": (url, init) => fetch(url, init),
  "raw fetch + timeout": (url, init) => withTimeout((signal) => fetch(url, { ...init, signal })),
  "raw fetch + shared signal": (url, init) => fetch(url, { ...init, signal: shared }),
  "raw fetch(new Request)": (url, init) => fetch(new Request(url, init)),
};

const utf8 = new TextDecoder();
/**
 * The body read as the SDK reads it: chunks from the stream's reader, joined, decoded, parsed. With
 * it, raw fetch does what the SDK must do for a call, and no more.
 */
async function readJson(response: Response): Promise<unknown> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  let bytes = chunks[0] ?? new Uint8Array();
  if (chunks.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  return JSON.parse(utf8.decode(bytes));
}

/** Raw fetch as {@link RAW} names it; `reader` reads the body with {@link readJson} instead of `response.json()`. */
export function raw(name: keyof typeof RAW, baseUrl: string, reader = false): Variant {
  const send = RAW[name]!;
  const headers = { "user-agent": USER_AGENT, apikey: API_KEY, onBehalfOf: UID };
  const post = { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(threadBody) };
  const json = async (response: Response) => ({ response, data: await (reader ? readJson(response) : response.json()) });
  return {
    name: reader ? `${name}, read by a reader` : name,
    calls: {
      "send-thread-message": () => check(send(`${baseUrl}/messages/1842/thread`, post).then(json)),
      "list-users": () => check(send(`${baseUrl}/users?perPage=${PAGE_SIZE}&page=1`, { headers }).then(json)),
    },
  };
}

const noOp = (): Middleware => ({ onRequest: () => undefined });
let logged = 0;
/**
 * Middleware as users write it, the same objects for the SDK and bare openapi-fetch: hooks that
 * return nothing; a tracing header set on the Request; a logger that reads the request and the
 * answer's status (it keeps a count, so that nothing is printed).
 */
export const MIDDLEWARE = {
  "no-op middleware": [noOp()],
  "3 no-op middlewares": [noOp(), noOp(), noOp()],
  "header middleware": [
    {
      onRequest: ({ request }) => {
        request.headers.set("x-trace-id", "5f0c6f1e2a7b4d3c");
        return request;
      },
    },
  ],
  "logging middleware": [
    {
      onRequest: ({ request }) => void (logged += request.method.length + request.url.length),
      onResponse: ({ response }) => void (logged += response.status),
    },
  ],
} satisfies Record<string, Middleware[]>;
export type MiddlewareName = keyof typeof MIDDLEWARE;

/**
 * openapi-fetch's `createClient` with default options and the same headers; `timeout` adds a
 * per-call timeout signal, `middleware` registers one of {@link MIDDLEWARE}.
 */
export function bareOpenapiFetch(baseUrl: string, timeout = false, middleware?: MiddlewareName): Variant {
  const client = createClient<paths>({ baseUrl, headers: { "user-agent": USER_AGENT, apikey: API_KEY } });
  if (middleware) client.use(...MIDDLEWARE[middleware]);
  const timed = <T extends { response: Response }>(send: (signal?: AbortSignal) => Promise<T>) =>
    check(timeout ? withTimeout(send) : send());
  const [thread, users] = [{ path: { id: "1842" }, header: { onBehalfOf: UID } }, { query: { perPage: PAGE_SIZE, page: 1 } }];
  return {
    name: `openapi-fetch${timeout ? " + timeout signal" : ""}${middleware ? ` + ${middleware}` : ""}`,
    calls: {
      "send-thread-message": () => timed((signal) => client.POST("/messages/{id}/thread", { params: thread, body: threadBody, signal })),
      "list-users": () => timed((signal) => client.GET("/users", { params: users, headers: { onBehalfOf: UID }, signal })),
    },
  };
}

interface SdkOptions {
  fetch?: (r: Request) => Promise<Response>;
  middleware?: MiddlewareName;
  timeoutsOff?: boolean;
}
/**
 * This SDK as a user runs it: retries, per-attempt timeouts and `as()` on (maxRetries 2,
 * timeoutMs 30000), with one of {@link MIDDLEWARE} if asked; an injected fetch must get a Request.
 * `create` is another build's createChatClient (section 17 runs an earlier SDK beside this one).
 */
export function sdk(baseUrl: string, { fetch, middleware, timeoutsOff }: SdkOptions = {}, create = createChatClient): Variant {
  const chat = create({
    appId: "bench",
    apiKey: API_KEY,
    baseUrl,
    ...(fetch && { fetch }),
    ...(timeoutsOff && { timeoutMs: 0 }),
  });
  if (middleware) chat.use(...MIDDLEWARE[middleware]);
  const asUser = chat.as(UID);
  const name = `${middleware ? `SDK + ${middleware}` : "SDK"}${timeoutsOff ? ", timeoutMs: 0" : ""}`;
  return {
    name: fetch ? `${name}, injected fetch` : name,
    calls: {
      "send-thread-message": () => check(asUser.POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: threadBody })),
      "list-users": () => check(asUser.GET("/users", { params: { query: { perPage: PAGE_SIZE, page: 1 } } })),
    },
  };
}
