// The clients under comparison, each making the same two calls with the same headers.
import createClient from "openapi-fetch";
import type { paths } from "../generated/schema.js";
import { createChatClient } from "../src/index.js";
import { API_KEY, PAGE_SIZE, UID, threadBody } from "./fixtures.js";

export type Operation = "send-thread-message" | "list-users";
export const OPERATIONS: Operation[] = ["send-thread-message", "list-users"];

/** One call; it resolves once the body is read and parsed, and rejects on anything but a 200. */
export type Call = () => Promise<unknown>;

export interface Variant {
  name: string;
  calls: Record<Operation, Call>;
}

// The SDK's default User-Agent, sent by the other variants too, so every variant sends the same bytes.
const USER_AGENT = `chat-rest-sdk/0.1.0 node/${process.versions.node}`;

function check(ok: boolean, data: unknown): unknown {
  if (!ok || data === undefined) throw new Error("bench call failed");
  return data;
}

/** `fetch(url, init)` as a careful caller would write it: same headers, body read and parsed. As `as()` does, every call carries onBehalfOf. */
export function rawFetch(baseUrl: string, fetchImpl: typeof fetch = fetch): Variant {
  const threadUrl = `${baseUrl}/messages/1842/thread`;
  const usersUrl = `${baseUrl}/users?perPage=${PAGE_SIZE}&page=1`;
  return {
    name: "raw fetch",
    calls: {
      "send-thread-message": async () => {
        const response = await fetchImpl(threadUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": USER_AGENT, apikey: API_KEY, onBehalfOf: UID },
          body: JSON.stringify(threadBody),
        });
        return check(response.ok, await response.json());
      },
      "list-users": async () => {
        const response = await fetchImpl(usersUrl, { headers: { "user-agent": USER_AGENT, apikey: API_KEY, onBehalfOf: UID } });
        return check(response.ok, await response.json());
      },
    },
  };
}

/**
 * Raw fetch with what a per-attempt timeout needs: an AbortController, a timer, and the
 * signal passed to fetch. A careful caller writes this, and it is the fair baseline for a
 * client that has timeouts.
 */
export function rawFetchTimeout(baseUrl: string): Variant {
  const withTimeout = (async (url: string, init: RequestInit) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      return await fetch(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }) as typeof fetch;
  return { ...rawFetch(baseUrl, withTimeout), name: "raw fetch + timeout" };
}

/**
 * Raw fetch with one AbortSignal, made once and never aborted, passed to every request: no
 * controller and no timer per request. Against "raw fetch + timeout signal" it separates what
 * the runtime's fetch spends following any signal from what making a controller and a timer costs.
 */
export function rawFetchSharedSignal(baseUrl: string): Variant {
  const signal = new AbortController().signal;
  const withSignal = ((url: string, init: RequestInit) => fetch(url, { ...init, signal })) as typeof fetch;
  return { ...rawFetch(baseUrl, withSignal), name: "raw fetch + shared signal" };
}

/** The same, but handing fetch a `Request` object, as openapi-fetch does. */
export function rawFetchRequest(baseUrl: string): Variant {
  const viaRequest = ((url: string, init: RequestInit) => fetch(new Request(url, init))) as typeof fetch;
  return { ...rawFetch(baseUrl, viaRequest), name: "raw fetch(new Request)" };
}

/** openapi-fetch's `createClient` with default options, plus the same headers. */
export function bareOpenapiFetch(
  baseUrl: string,
  fetchImpl?: (request: Request) => Promise<Response>,
  client = createClient<paths>({ baseUrl, headers: { "user-agent": USER_AGENT, apikey: API_KEY }, ...(fetchImpl && { fetch: fetchImpl }) }),
  timeout = false,
): Variant {
  // With `timeout`, each call gets what a per-call timeout needs; the timer never fires.
  const timed = async <T>(send: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> => {
    if (!timeout) return send(undefined);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      return await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    name: "openapi-fetch",
    calls: {
      "send-thread-message": async () => {
        const { data, response } = await timed((signal) =>
          client.POST("/messages/{id}/thread", {
            params: { path: { id: "1842" }, header: { onBehalfOf: UID } },
            body: threadBody,
            ...(signal && { signal }),
          }),
        );
        return check(response.ok, data);
      },
      "list-users": async () => {
        const { data, response } = await timed((signal) =>
          client.GET("/users", {
            params: { query: { perPage: PAGE_SIZE, page: 1 } },
            headers: { onBehalfOf: UID },
            ...(signal && { signal }),
          }),
        );
        return check(response.ok, data);
      },
    },
  };
}

/**
 * Bare openapi-fetch with a per-call timeout, as the SDK has: an AbortController, a timer and
 * `signal` passed per call. It isolates what following a signal costs a real Request.
 */
export function bareOpenapiFetchTimeout(baseUrl: string, fetchImpl?: (request: Request) => Promise<Response>): Variant {
  const bare = bareOpenapiFetch(baseUrl, fetchImpl, undefined, true);
  return { ...bare, name: "openapi-fetch + timeout signal" };
}

interface SdkOptions {
  fetch?: (request: Request) => Promise<Response>;
  middleware?: boolean;
  timeoutsOff?: boolean;
}

/** This SDK as a user would run it: retries, timeouts and `as()` on (defaults: maxRetries 2, timeoutMs 30000). */
export function sdk(baseUrl: string, options: SdkOptions = {}): Variant {
  const chat = createChatClient({
    appId: "bench",
    apiKey: API_KEY,
    baseUrl,
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.timeoutsOff && { timeoutMs: 0 }),
  });
  // A no-op middleware forces openapi-fetch's own path: real Request objects, hooks run.
  if (options.middleware) chat.use({ onRequest: () => undefined });
  const asUser = chat.as(UID);
  const name = options.middleware ? "SDK + no-op middleware" : options.timeoutsOff ? "SDK, timeoutMs: 0" : "SDK";
  return {
    name: options.fetch ? `${name}, injected fetch` : name,
    calls: {
      "send-thread-message": async () => {
        const { data, response } = await asUser.POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: threadBody });
        return check(response.ok, data);
      },
      "list-users": async () => {
        const { data, response } = await asUser.GET("/users", { params: { query: { perPage: PAGE_SIZE, page: 1 } } });
        return check(response.ok, data);
      },
    },
  };
}
