// Internal: the credential checks of the service, in front of every operation.
import { FakeError } from "./fake-error";
import type { FakeOperation } from "../spec/fake-spec";

export interface FakeCredentials {
  appId: string;
  apiKey: string;
  authOnlyKey: string;
  key: string;
  secret: string;
}

/** The keys the fake accepts: its credentials but the app, which the store names (`store.appId`). */
export type FakeKeys = Omit<FakeCredentials, "appId">;

/** The only operations an `authOnly` key may call: creating users and their auth tokens. */
const AUTH_ONLY_OPERATIONS = new Set(["create-user", "create-authtoken"]);

type Headers = Record<string, string | string[] | undefined>;

/**
 * Throws the service's 401 or 403 when the request's credentials do not allow the operation.
 * Besides the fake's own keys, a key created through `POST /apikeys` (in `issued`) works with its
 * scope until it is deleted, as the service's keys do.
 */
export function checkCredentials(
  operation: FakeOperation,
  headers: Headers,
  credentials: FakeKeys,
  issued: ReadonlyMap<string, Record<string, unknown>>,
): void {
  if (operation.credentials === "management") {
    const { key, secret } = headers;
    if (key === undefined || secret === undefined)
      throw new FakeError(401, "AUTH_ERR_EMPTY_AUTH_HEADER", "The Management API needs both the key and the secret header.");
    // The vendor documents no code for a wrong pair; the spec's shared 401 example uses this one.
    if (key !== credentials.key || secret !== credentials.secret)
      throw new FakeError(401, "AUTH_ERR_APIKEY_NOT_FOUND", "The key and secret sent with the request were not found.");
    return;
  }
  const { apikey } = headers;
  if (apikey === undefined || apikey === "") throw new FakeError(401, "AUTH_ERR_EMPTY_APIKEY", "The request has no apikey header.");
  const scope = typeof apikey === "string" ? issued.get(apikey)?.scope : undefined;
  if (apikey === credentials.apiKey || scope === "fullAccess") return;
  if (apikey === credentials.authOnlyKey || scope === "authOnly") {
    if (AUTH_ONLY_OPERATIONS.has(operation.operationId)) return;
    throw new FakeError(
      403,
      "AUTH_ERR_NO_ACCESS",
      `This API key is not allowed to perform ${operation.operationId}: an authOnly key may only create users and auth tokens.`,
    );
  }
  throw new FakeError(401, "AUTH_ERR_APIKEY_NOT_FOUND", "The API key sent with the request was not found.");
}
