// Reads live mode's settings from the environment and says exactly what is missing.
import type { RequestInit } from "./valid-requests";

export const LIVE_SKIP_MESSAGE =
  "Live contract tests skipped: set CHAT_APP_ID and CHAT_API_KEY (optionally CHAT_REGION; CHAT_MGMT_KEY and CHAT_MGMT_SECRET for the Management API; " +
  "CHAT_LIVE_WRITES=1 with CHAT_SENDER_UID, CHAT_RECEIVER_UID and CHAT_PARENT_ID to also send writes) to run them against the real service.";

export interface LiveConfig {
  appId: string;
  apiKey: string;
  region: string;
  management?: { key: string; secret: string };
  allowWrites: boolean;
  /** Real ids for writes: the table's example ids do not exist on a real app. */
  ids: { sender?: string; receiver?: string; parent?: string };
}

export function liveConfig(env: NodeJS.ProcessEnv): LiveConfig | undefined {
  if (!env.CHAT_APP_ID || !env.CHAT_API_KEY) return undefined;
  return {
    appId: env.CHAT_APP_ID,
    apiKey: env.CHAT_API_KEY,
    region: env.CHAT_REGION ?? "us",
    ...(env.CHAT_MGMT_KEY && env.CHAT_MGMT_SECRET ? { management: { key: env.CHAT_MGMT_KEY, secret: env.CHAT_MGMT_SECRET } } : {}),
    allowWrites: env.CHAT_LIVE_WRITES === "1",
    ids: { sender: env.CHAT_SENDER_UID, receiver: env.CHAT_RECEIVER_UID, parent: env.CHAT_PARENT_ID },
  };
}

/** Puts the real app's ids into a table request (sender as onBehalfOf and path uid, parent as path id). */
export function withLiveIds(ids: LiveConfig["ids"], request: RequestInit): RequestInit {
  const out = structuredClone(request);
  const need = (value: string | undefined, name: string) => {
    if (!value) throw new Error(`live writes need ${name}: the table's example ids do not exist on a real app`);
    return value;
  };
  if (out.params.header?.onBehalfOf !== undefined) out.params.header.onBehalfOf = need(ids.sender, "CHAT_SENDER_UID");
  if (out.params.path?.uid !== undefined) out.params.path.uid = need(ids.sender, "CHAT_SENDER_UID");
  if (out.params.path?.id !== undefined) out.params.path.id = need(ids.parent, "CHAT_PARENT_ID");
  if (out.body && typeof out.body === "object" && "receiver" in out.body)
    (out.body as { receiver: string }).receiver = need(ids.receiver, "CHAT_RECEIVER_UID");
  return out;
}
