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
