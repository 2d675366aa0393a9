// Internal: the app a request's host names. The service serves each app from hosts of its own
// (`{appId}.api-{region}` and `{appId}.call-{region}`), so a client built with the wrong appId
// reaches an app that is not the one its key belongs to.
import { FakeError } from "./fake-error";
import type { ServedApi } from "../spec/fake-spec";

/**
 * Throws the service's answer to an unknown app when the request names an app (`named`, by its
 * Chat or Calls host or its `/app/{appId}` prefix) other than `appId`, the app it was routed to:
 * the fake routes a request to the app it names, so this is an app the fake does not serve. A
 * request that names no app (loopback without a prefix, the Management host) is for the fake's first app.
 *
 * The code is the vendor's: its list of Chat API errors (prodocs.cometchat.com/docs/chat-api-errors,
 * "Auth Errors") gives `AUTH_ERR_INVALID_APPID` for "invalid appId or it does not exist in a
 * region", beside `AUTH_ERR_APIKEY_NOT_FOUND`; the status is the 401 of the other `AUTH_ERR_*`
 * codes on credentials (facts.md, Errors).
 */
export function checkAppNamed(named: string | undefined, appId: string): void {
  if (named === undefined || named.toLowerCase() === appId.toLowerCase()) return;
  throw new FakeError(401, "AUTH_ERR_INVALID_APPID", `No app with ID ${named} exists in this region.`);
}

/** The service's hosts, each serving one API: the Chat and Calls hosts of any app and region, and the Management host. */
const API_HOSTS: [RegExp, ServedApi][] = [
  [/^[a-z0-9-]+\.api-[a-z0-9-]+\.cometchat\.io(?::\d+)?$/i, "chat"],
  [/^[a-z0-9-]+\.call-[a-z0-9-]+\.cometchat\.io(?::\d+)?$/i, "calls"],
  [/^apimgmt\.cometchat\.io(?::\d+)?$/i, "management"],
];

/**
 * The API `host` serves, when it is one of the service's hosts; undefined for any other host
 * (loopback), where the fake serves the three APIs side by side.
 */
export function apiOfHost(host: string | undefined): ServedApi | undefined {
  if (host === undefined) return undefined;
  return API_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
}
