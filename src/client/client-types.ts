import type { FetchResponse, MaybeOptionalInit, Middleware } from "openapi-fetch";
import type { RequestOptions } from "../transport/request-options.js";

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
/**
 * One call's init: exactly what the operation takes, plus openapi-fetch's and the SDK's options.
 * It is not a type parameter (only `parseAs` is), so TypeScript checks an object literal against
 * it for excess properties: a misspelt key, at any depth the spec closes, does not compile.
 */
type CallInit<Op, M extends HttpMethod, As> = Omit<NonNullable<MaybeOptionalInit<Op, M & keyof Op>>, "parseAs" | "baseUrl"> &
  RequestOptions &
  NoBaseUrl & {
    parseAs?: As;
    /** A `Request` class for this call, as openapi-fetch's per-call option. */
    Request?: typeof Request;
  };
type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];
type ParseAs = "json" | "text" | "blob" | "arrayBuffer" | "stream";

type Method<Paths extends Record<string, any>, M extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, M>,
  As extends ParseAs = "json",
>(
  url: Path,
  ...init: InitArgs<CallInit<Paths[Path], M, As>>
) => Promise<FetchResponse<Paths[Path][M], { parseAs: As }, MediaType>>;

/** An openapi-fetch client whose calls also accept {@link RequestOptions}. */
export interface SdkClient<Paths extends Record<string, any>> {
  /** Call any method by name: `client.request("get", "/users")`. */
  request<M extends HttpMethod, Path extends PathsWithMethod<Paths, M>, As extends ParseAs = "json">(
    method: M,
    url: Path,
    ...init: InitArgs<CallInit<Paths[Path], M, As>>
  ): Promise<FetchResponse<Paths[Path][M], { parseAs: As }, MediaType>>;
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
