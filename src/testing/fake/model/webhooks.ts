// Internal: the Management API's webhooks of the app the fake serves, and the triggers attached
// to each; the deliveries read them (see webhook-deliveries.ts).
import type { Webhook } from "../../../types";
import { isKnownTrigger } from "../../../webhooks/known-triggers";
import { appNotFound, badField, FakeError, triggerNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds } from "../state/fake-store";
import { FIRED_TRIGGERS, isFiredTrigger } from "../deliveries/fired-triggers";
import type { Handler } from "./handler";
import { pageOf } from "./paging";
import { pick } from "./pick";

/** A webhook as stored: what reads return, plus what they never return (the Basic credentials). */
export interface StoredWebhook {
  webhook: Webhook;
  useBasicAuth: boolean;
  username?: string;
  password?: string;
  retryOnFailure: boolean;
  triggers: Set<string>;
}

const READ_FIELDS = ["name", "webhookURL", "enabled"] as const;

/** Webhooks belong to the app the fake serves: the one whose Chat API fires their events. */
function requireApp(store: FakeStore, appId: string): void {
  if (appId !== store.appId) throw appNotFound(appId);
}

function requireWebhook(store: FakeStore, appId: string, id: string): StoredWebhook {
  requireApp(store, appId);
  const stored = store.webhooks.get(id);
  if (!stored) throw new FakeError(404, "ERR_WEBHOOK_NOT_FOUND", `No webhook with ID ${id} exists in this app.`);
  return stored;
}

/**
 * The service delivers over HTTP only: a `webhookURL` of any other scheme (`file:`, `data:`,
 * `javascript:`, ...) is refused with its validation error, 400 `ERR_BAD_REQUEST` (the
 * Management API's error codes list it for webhooks; its constraints ask for a valid URL).
 */
function checkUrl(body: Record<string, unknown>): void {
  if (body.webhookURL === undefined) return;
  let protocol: string | undefined;
  try {
    protocol = new URL(String(body.webhookURL)).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "http:" && protocol !== "https:") throw badField("webhookURL", "must be an http or https URL");
}

function update(store: FakeStore, stored: StoredWebhook, body: Record<string, unknown>): void {
  Object.assign(stored.webhook, pick(body, READ_FIELDS), { updatedAt: nowSeconds(store) });
  if (typeof body.useBasicAuth === "boolean") stored.useBasicAuth = body.useBasicAuth;
  if (typeof body.username === "string") stored.username = body.username;
  if (typeof body.password === "string") stored.password = body.password;
  if (typeof body.retryOnFailure === "boolean") stored.retryOnFailure = body.retryOnFailure;
}

const view = (stored: StoredWebhook): Webhook => ({ ...stored.webhook });

export const webhookHandlers: Record<string, Handler> = {
  "list-webhooks": ({ store, path, query }) => {
    requireApp(store, path.appId!);
    const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
    const webhooks = [...store.webhooks.values()]
      .filter(({ webhook }) => needle === undefined || `${webhook.id} ${webhook.name}`.toLowerCase().includes(needle))
      .map(view);
    return pageOf(webhooks, { perPage: query.perPage as number | undefined });
  },

  "create-webhook": ({ store, path, body }) => {
    requireApp(store, path.appId!);
    checkUrl(body);
    const id = String(body.id);
    // The service keeps IDs unique within the app; it documents no 409 here, so the fake answers 400.
    if (store.webhooks.has(id)) throw new FakeError(400, "ERR_WEBHOOK_ALREADY_EXISTS", `A webhook with ID ${id} already exists.`);
    store.claim();
    const now = nowSeconds(store);
    const stored: StoredWebhook = {
      webhook: { id, name: String(body.name), webhookURL: String(body.webhookURL), enabled: true, createdAt: now, updatedAt: now },
      useBasicAuth: false,
      retryOnFailure: false,
      triggers: new Set(),
    };
    update(store, stored, body);
    stored.webhook.updatedAt = now;
    store.webhooks.set(id, stored);
    return { data: view(stored) };
  },

  "get-webhook": ({ store, path }) => ({ data: view(requireWebhook(store, path.appId!, path.webhookId!)) }),

  "update-webhook": ({ store, path, body }) => {
    const stored = requireWebhook(store, path.appId!, path.webhookId!);
    checkUrl(body ?? {});
    update(store, stored, body ?? {});
    return { data: view(stored) };
  },

  "delete-webhook": ({ store, path }) => {
    const stored = requireWebhook(store, path.appId!, path.webhookId!);
    store.webhooks.delete(stored.webhook.id);
    return { data: { success: true, message: `The webhook ${stored.webhook.id} has been deleted.` } };
  },

  "list-triggers": ({ store, path }) => {
    const stored = requireWebhook(store, path.appId!, path.webhookId!);
    return pageOf(
      [...stored.triggers].map((id) => ({ id })),
      {},
    );
  },

  "add-triggers": ({ store, path, body }) => {
    const stored = requireWebhook(store, path.appId!, path.webhookId!);
    const triggerIds = (body?.triggerIds as string[] | undefined) ?? [];
    // A name the service does not know is refused, as the service refuses it: such a webhook would never fire.
    const unknown = triggerIds.filter((trigger) => !isKnownTrigger(trigger));
    if (unknown.length) throw triggerNotFound(unknown);
    // A trigger of a part of the service the fake does not run would never fire here either: refused, saying so.
    const unfired = triggerIds.filter((trigger) => !isFiredTrigger(trigger));
    if (unfired.length)
      throw badField("triggerIds", `names triggers the fake does not fire (${unfired.join(", ")}); it fires ${FIRED_TRIGGERS.join(", ")}`);
    const results: Record<string, { success: boolean; message: string }> = {};
    for (const trigger of triggerIds) {
      if (!stored.triggers.has(trigger)) {
        store.claim();
        stored.triggers.add(trigger);
      }
      results[trigger] = { success: true, message: `The trigger ${trigger} has been added.` };
    }
    return { data: results };
  },

  "remove-triggers": ({ store, path, body }) => {
    const stored = requireWebhook(store, path.appId!, path.webhookId!);
    for (const trigger of (body?.triggerIds as string[] | undefined) ?? []) stored.triggers.delete(trigger);
    return { data: { success: true, message: `The triggers have been removed from the webhook ${stored.webhook.id}.` } };
  },
};
