import type { FetchResponse, MaybeOptionalInit, Middleware } from "openapi-fetch";
import type { RequestOptions } from "./request-options.js";

// openapi-fetch's method types, with this SDK's per-call options (maxRetries, timeoutMs, ...)
// type-checked instead of falling into its `[key: string]: unknown` escape hatch.
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
type MediaType = `${string}/${string}`;
type PathsWithMethod<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof Paths];
type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
/** The base URL is a client option only: a per-call one would skip its checks. */
type NoBaseUrl = { baseUrl?: never };
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

type Method<Paths extends Record<string, any>, M extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, M>,
  Init extends MaybeOptionalInit<Paths[Path], M> & RequestOptions & NoBaseUrl,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[Path][M], Init, MediaType>>;

/** An openapi-fetch client whose calls also accept {@link RequestOptions}. */
export interface SdkClient<Paths extends Record<string, any>> {
  /** Call any method by name: `client.request("get", "/users")`. */
  request<
    M extends HttpMethod,
    Path extends PathsWithMethod<Paths, M>,
    Init extends MaybeOptionalInit<Paths[Path], M> & RequestOptions & NoBaseUrl,
  >(method: M, url: Path, ...init: InitParam<Init>): Promise<FetchResponse<Paths[Path][M], Init, MediaType>>;
  GET: Method<Paths, "get">;
  PUT: Method<Paths, "put">;
  POST: Method<Paths, "post">;
  DELETE: Method<Paths, "delete">;
  PATCH: Method<Paths, "patch">;
  HEAD: Method<Paths, "head">;
  OPTIONS: Method<Paths, "options">;
  TRACE: Method<Paths, "trace">;
  /** Registers openapi-fetch middleware; it runs on every call of this client and of its `as()` clients. */
  use(...middleware: Middleware[]): void;
  /** Unregisters middleware. */
  eject(...middleware: Middleware[]): void;
}
