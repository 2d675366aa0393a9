// Internal: the Management API's apps and their settings. The app the fake serves always exists;
// the apps created through the Management API are kept beside it, each with its own settings.
import { randomBytes } from "node:crypto";
import { appNotFound, FakeError } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds } from "../state/fake-store";
import type { Handler } from "./handler";
import { pageOf } from "./paging";

/** The settings an app has before any is mapped: those the service documents, at their defaults. */
const DEFAULT_SETTINGS: Record<string, boolean> = {
  "core.conversations.updateOnGroupActions": true,
  "core.conversations.updateOnReplies": true,
  "core.threads.updateOnMessageActions": false,
  "core.conversations.updateOnCallActivity": true,
  "core.conversations.updateOnMessageActions": true,
};

/** A trial lasts 14 days from the app's creation, as on the service's free plan. */
const TRIAL_SECONDS = 14 * 24 * 3600;

function homeApp(store: FakeStore): Record<string, unknown> {
  return { id: store.appId, name: "Fake app", plan: "trial", state: "active", region: "us", createdAt: 0 };
}

/** The apps of the account: the fake's own, then those created, oldest first. */
function allApps(store: FakeStore): Record<string, unknown>[] {
  return [homeApp(store), ...store.domain.apps.values()].map((app) => structuredClone(app));
}

export function requireApp(store: FakeStore, appId: string): Record<string, unknown> {
  if (appId === store.appId) return homeApp(store);
  const app = store.domain.apps.get(appId);
  if (!app) throw appNotFound(appId);
  return app;
}

export const appHandlers: Record<string, Handler> = {
  "list-apps": ({ store, query }) => {
    const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
    const apps = allApps(store).filter((app) => needle === undefined || String(app.name).toLowerCase().includes(needle));
    return pageOf(apps, { perPage: query.perPage as number | undefined, page: query.page as number | undefined });
  },

  "create-app": ({ store, body }) => {
    store.claim();
    const now = nowSeconds(store);
    const app = {
      id: randomBytes(8).toString("hex"),
      name: String(body.name),
      plan: "trial",
      trialEndsAt: now + TRIAL_SECONDS,
      state: "active",
      region: String(body.region),
      createdAt: now,
    };
    store.domain.apps.set(app.id, app);
    return { data: structuredClone(app) };
  },

  "delete-app": ({ store, path }) => {
    const appId = path.appId!;
    requireApp(store, appId);
    // The fake keeps serving its own app: deleting it would leave the Chat API without one.
    if (appId === store.appId)
      throw new FakeError(400, "ERR_BAD_REQUEST", `The app ${appId} is the one the fake serves; it cannot be deleted.`);
    store.domain.apps.delete(appId);
    store.domain.appSettings.delete(appId);
    // The service deletes an app a day after it is asked to; the fake forgets it at once.
    return { data: { success: true, scheduledToDeleteAt: nowSeconds(store) + 24 * 3600 } };
  },

  "list-settings": ({ store, path }) => {
    requireApp(store, path.appId!);
    return { data: { ...DEFAULT_SETTINGS, ...Object.fromEntries(store.domain.appSettings.get(path.appId!) ?? []) } };
  },

  "map-settings": ({ store, path, body }) => {
    requireApp(store, path.appId!);
    let settings = store.domain.appSettings.get(path.appId!);
    if (!settings) store.domain.appSettings.set(path.appId!, (settings = new Map()));
    const values = Object.entries((body?.settings ?? {}) as Record<string, boolean>);
    store.claim(values.filter(([name]) => !settings.has(name)).length);
    const data: Record<string, unknown> = {};
    for (const [name, value] of values) {
      settings.set(name, value);
      data[name] = { success: true, message: "The setting has been updated." };
    }
    return { data };
  },

  "unmap-settings": ({ store, path }) => {
    requireApp(store, path.appId!);
    store.domain.appSettings.delete(path.appId!);
    return { data: { success: true, message: "The settings have been removed." } };
  },
};
