import { ChatConfigError } from "../errors/chat-config-error.js";

/** Data-center regions an app can live in. */
export const REGIONS = ["us", "eu", "in"] as const;

/** A data-center region: `us`, `eu` or `in`. */
export type Region = (typeof REGIONS)[number];

/** Where an app is hosted. */
export interface AppLocation {
  /**
   * The app's id, as shown in the dashboard. It becomes the first label of the host name,
   * so it must be a single DNS label (letters, digits and inner hyphens).
   * @example "2a1b3c4d5e6f7a8b"
   */
  appId: string;
  /**
   * The region the app was created in.
   * @default "us"
   * @example "eu"
   */
  region?: Region;
}

// One DNS label, so no input can add a dot, a port, a path or credentials to the host.
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function regionalUrl(service: "api" | "call", { appId, region = "us" }: AppLocation): string {
  if (typeof appId !== "string" || !HOST_LABEL.test(appId)) {
    throw new ChatConfigError(`appId must be a single host-name label, got ${JSON.stringify(appId)}.`);
  }
  if (!(REGIONS as readonly string[]).includes(region)) {
    throw new ChatConfigError(`region must be one of ${REGIONS.join(", ")}, got ${JSON.stringify(region)}.`);
  }
  return `https://${appId.toLowerCase()}.${service}-${region}.cometchat.io/v3`;
}

/**
 * The Chat API base URL of an app.
 * @example chatBaseUrl({ appId: "2a1b3c4d", region: "eu" }) // "https://2a1b3c4d.api-eu.cometchat.io/v3"
 */
export function chatBaseUrl(location: AppLocation): string {
  return regionalUrl("api", location);
}

/**
 * The Calls API base URL of an app: the Chat API host with `call-` in place of `api-`.
 * @example callsBaseUrl({ appId: "2a1b3c4d", region: "in" }) // "https://2a1b3c4d.call-in.cometchat.io/v3"
 */
export function callsBaseUrl(location: AppLocation): string {
  return regionalUrl("call", location);
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a caller-supplied base URL: HTTPS, or plain HTTP to this machine only, because the
 * API key travels in a header and must never cross a network in clear text.
 */
export function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ChatConfigError(`baseUrl is not an absolute URL: ${JSON.stringify(raw)}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ChatConfigError("baseUrl must not contain credentials, a query or a fragment.");
  }
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new ChatConfigError(`baseUrl must use https: (http: only for a loopback host), got ${url.protocol}//${url.host}.`);
  }
  return url.href.replace(/\/+$/, "");
}
