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

/** The record of an app the fake was started with, in the region it serves. */
export function startedApp(appId: string, region: string): Record<string, unknown> {
  return { id: appId, name: "Fake app", plan: "trial", state: "active", region, createdAt: 0 };
}

const homeApp = (store: FakeStore) => startedApp(store.appId, store.region);

/** The apps of the account: those the fake was started with, then those created, oldest first. */
function allApps(store: FakeStore): Record<string, unknown>[] {
  return [homeApp(store), ...(store.directory?.startedWith() ?? []), ...store.domain.apps.values()].map((app) => structuredClone(app));
}

/** The app `appId` names, or the service's 404; `started` tells whether the fake was started with it. */
export function requireApp(store: FakeStore, appId: string): Record<string, unknown> & { started?: true } {
  if (appId === store.appId) return { ...homeApp(store), started: true };
  const other = store.directory?.startedWith().find((app) => app.id === appId);
  if (other) return { ...other, started: true };
  const app = store.domain.apps.get(appId);
  if (!app) throw appNotFound(appId);
  return app;
}

/** A key of the length and alphabet the service's keys have: 40 hex digits. */
const newKey = () => randomBytes(20).toString("hex");

/** The two keys the service makes with an app, keyed by the key itself as the spec's `apiKeys` map is. */
function appKeys(): Record<string, Record<string, string>> {
  const fullAccess = newKey();
  const authOnly = newKey();
  return {
    [fullAccess]: { apiKey: fullAccess, name: "Rest API Key", scope: "fullAccess", createdBy: "app_system" },
    [authOnly]: { apiKey: authOnly, name: "Auth Key", scope: "authOnly", createdBy: "app_system" },
  };
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
      apiKeys: appKeys(),
    };
    store.domain.apps.set(app.id, app);
    // The app works on the Chat API at once, with the keys this answer gives.
    store.directory?.serve(app);
    return { data: structuredClone(app) };
  },

  "delete-app": ({ store, path }) => {
    const appId = path.appId!;
    // The fake keeps serving the apps it was started with: deleting one would leave its clients without it.
    if (requireApp(store, appId).started)
      throw new FakeError(400, "ERR_BAD_REQUEST", `The app ${appId} is one the fake was started with; it cannot be deleted.`);
    store.domain.apps.delete(appId);
    store.domain.appSettings.delete(appId);
    store.directory?.forget(appId);
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
