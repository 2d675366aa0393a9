import type { paths } from "../../generated/schema.js";
import type { operations as manifest } from "../../generated/manifest.js";

type Operation = (typeof manifest)[number];

/** Paths served by the Management API (`https://apimgmt.cometchat.io`), read from the spec. */
export type ManagementPath = Extract<Operation, { api: "management" }>["path"];

/** Paths served by the Calls API (`https://{appId}.call-{region}.cometchat.io/v3`), read from the spec. */
export type CallsPath = Extract<Operation, { api: "calls" }>["path"];

/** Every Chat API path of the spec, typed for openapi-fetch. */
export type ChatPaths = Omit<paths, ManagementPath | CallsPath>;

/** Every Calls API path of the spec, typed for openapi-fetch. */
export type CallsPaths = Pick<paths, CallsPath>;

/** Every Management API path of the spec, typed for openapi-fetch. */
export type ManagementPaths = Pick<paths, ManagementPath>;

/** The operations an `authOnly` API key may call, by path: creating users and auth tokens. The client's types and checks read this one list. */
export const AUTH_ONLY_OPERATIONS = { "/users": "post", "/users/{uid}/auth_tokens": "post" } as const;
type AuthOnlyOperations = typeof AUTH_ONLY_OPERATIONS;

/**
 * The Chat API paths of {@link ChatPaths} with only the methods an `authOnly` key may call:
 * `POST /users` and `POST /users/{uid}/auth_tokens`.
 */
export type AuthOnlyPaths = { [Path in keyof AuthOnlyOperations]: Pick<ChatPaths[Path], AuthOnlyOperations[Path] | "parameters"> };

type RelaxHeader<H> = Omit<H, "onBehalfOf"> & { onBehalfOf?: string };

type RelaxParameters<P> = P extends { header: infer H }
  ? H extends { onBehalfOf: unknown }
    ? Omit<P, "header"> & ({} extends Omit<H, "onBehalfOf"> ? { header?: RelaxHeader<H> } : { header: RelaxHeader<H> })
    : P
  : P;

type RelaxOperation<O> = O extends { parameters: infer P } ? Omit<O, "parameters"> & { parameters: RelaxParameters<P> } : O;

/**
 * `Paths` with `onBehalfOf` optional on every operation: the type of a client that is bound
 * to one user and sends that user's UID on every request.
 */
export type OnBehalfOfOptional<Paths> = {
  [Path in keyof Paths]: { [Method in keyof Paths[Path]]: RelaxOperation<Paths[Path][Method]> };
};
