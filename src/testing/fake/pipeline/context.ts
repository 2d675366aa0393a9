// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { IncomingMessage } from "node:http";
import type { FakeKeys } from "./credentials";
import type { FakeError } from "./fake-error";
import type { FakeStore } from "../state/fake-store";
import type { Faults } from "../faults/faults";
import type { FakeRateLimiter } from "./rate-limiter";

/** A request as the fake reads it, from either front: the HTTP server or `handle`. */
export interface Incoming {
  method: string;
  /** The path and query; the origin is ignored, so every host and region routes alike. */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingMessage["headers"];
  /** The host the request was sent to, when known: each of the service's hosts serves one API. */
  host: string | undefined;
  /** The app the request names, by its host or its `/app/{appId}` prefix, if it names one: an app the fake does not serve is refused. */
  named?: string | undefined;
  /** The body as read; a body the front could not read (too large, too deep) is the error to answer with, once the checks before the body's have run. */
  body: Buffer | FakeError;
  /** The store's generation when the request arrived: a reset or restore since then fences it off. */
  generation: number;
}

/** What every stage of the pipeline reads: the model, the faults, the credentials, the rate limits and whether the fake is closed. */
export interface FakeContext {
  store: FakeStore;
  faults: Faults;
  /** The keys it accepts; the app it serves is `store.appId`. */
  keys: FakeKeys;
  /** Ends the wait of each request held by `delayNext` or a latency fault; `close()`, `reset()` and `restore()` call them all. */
  holds: Set<() => void>;
  closed: boolean;
  limiter: FakeRateLimiter | undefined;
}
