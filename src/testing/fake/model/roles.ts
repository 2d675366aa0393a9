// Internal: roles, the features restricted for each, the permissions of roles and of group
// scopes, and the app's API keys: each stored, with the service's 404 for one that does not exist.
import { randomBytes } from "node:crypto";
import { FakeError } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds } from "../state/fake-store";
import { requireGroup } from "./groups";
import type { Handler } from "./handler";
import { pageOf } from "./paging";
import { pick } from "./pick";

/** Every app has the role `default`, the role of a user created without one; it can be changed, not deleted. */
const DEFAULT_ROLE = { role: "default", name: "Default", createdAt: 0 };

const ROLE_FIELDS = ["name", "description", "metadata", "settings"] as const;

const roleNotFound = (role: string) => new FakeError(404, "ERR_ROLE_NOT_FOUND", `No role with ID ${role} exists.`);
const apiKeyNotFound = (key: string) => new FakeError(404, "ERR_APIKEY_NOT_FOUND", `The API key ${key} does not exist.`);

export function requireRole(store: FakeStore, role: string): Record<string, unknown> {
  const stored = store.domain.roles.get(role);
  if (stored) return stored;
  if (role === DEFAULT_ROLE.role) return { ...DEFAULT_ROLE };
  throw roleNotFound(role);
}

function allRoles(store: FakeStore): Record<string, unknown>[] {
  const roles = [...store.domain.roles.values()];
  if (!store.domain.roles.has(DEFAULT_ROLE.role)) roles.unshift({ ...DEFAULT_ROLE });
  return roles.map((role) => structuredClone(role));
}

const pageQuery = (query: Record<string, unknown>) => ({
  perPage: query.perPage as number | undefined,
  page: query.page as number | undefined,
});

/** The permissions set on a role or a group scope, and the answer the service gives to a change of them. */
function permissionsOf(store: FakeStore, key: string): Map<string, unknown> {
  let permissions = store.domain.permissions.get(key);
  if (!permissions) store.domain.permissions.set(key, (permissions = new Map()));
  return permissions;
}

function setPermissions(store: FakeStore, key: string, values: Record<string, unknown>, on: string) {
  const permissions = permissionsOf(store, key);
  const results: Record<string, unknown> = {};
  const added = Object.keys(values).filter((id) => !permissions.has(id)).length;
  store.claim(added);
  for (const [id, value] of Object.entries(values)) {
    permissions.set(id, value);
    results[id] = { success: true, message: `Permission with id ${id} has been mapped to ${on}.` };
  }
  return { data: { ...results, permissions: Object.fromEntries(permissions) } };
}

function unsetPermission(store: FakeStore, key: string, id: string) {
  const permissions = permissionsOf(store, key);
  permissions.delete(id);
  const answer = { data: { permissions: Object.fromEntries(permissions) } };
  if (!permissions.size) store.domain.permissions.delete(key);
  return answer;
}

const scopeKey = (guid: string, scope: string) => `group:${guid}:${scope}`;

export const roleHandlers: Record<string, Handler> = {
  "list-roles": ({ store, query }) => pageOf(allRoles(store), pageQuery(query)),

  "create-role": ({ store, body }) => {
    const role = String(body.role);
    if (role === DEFAULT_ROLE.role || store.domain.roles.has(role))
      throw new FakeError(409, "ERR_ROLE_ALREADY_EXISTS", `A role with ID ${role} already exists.`);
    store.claim();
    const created = { ...pick(body, ROLE_FIELDS), role, createdAt: nowSeconds(store) };
    store.domain.roles.set(role, created);
    return { data: structuredClone(created) };
  },

  "get-role": ({ store, path }) => ({ data: structuredClone(requireRole(store, path.role!)) }),

  "update-role": ({ store, path, body }) => {
    const role = requireRole(store, path.role!);
    if (!store.domain.roles.has(path.role!)) {
      store.claim();
      store.domain.roles.set(path.role!, role);
    }
    Object.assign(role, pick(body, ROLE_FIELDS), { updatedAt: nowSeconds(store) });
    return { data: structuredClone(role) };
  },

  "delete-role": ({ store, path }) => {
    const role = path.role!;
    requireRole(store, role);
    if (role === DEFAULT_ROLE.role) throw new FakeError(400, "ERR_BAD_REQUEST", "The role default cannot be deleted.");
    store.domain.roles.delete(role);
    store.domain.restricted.delete(role);
    store.domain.permissions.delete(role);
    return { data: { success: true, message: `Role ${role} has been deleted successfully.` } };
  },

  "get-restrictedfeatures": ({ store, path, query }) => {
    requireRole(store, path.role!);
    const features = [...(store.domain.restricted.get(path.role!) ?? [])].map(([key, createdAt]) => ({ key, createdAt }));
    return pageOf(features, pageQuery(query));
  },

  "restrict-features": ({ store, path, body }) => {
    requireRole(store, path.role!);
    let restricted = store.domain.restricted.get(path.role!);
    if (!restricted) store.domain.restricted.set(path.role!, (restricted = new Map()));
    const keys = [...new Set(body.featuresToRestrict as string[])];
    store.claim(keys.filter((key) => !restricted.has(key)).length);
    const data: Record<string, unknown> = {};
    for (const key of keys) {
      if (!restricted.has(key)) restricted.set(key, nowSeconds(store));
      data[key] = { success: true, message: `The feature ${key} has been restricted successfully.` };
    }
    return { data };
  },

  "allow-features": ({ store, path, body }) => {
    requireRole(store, path.role!);
    const restricted = store.domain.restricted.get(path.role!);
    if (body?.allowAll === true) store.domain.restricted.delete(path.role!);
    else for (const key of (body?.featuresToAllow as string[] | undefined) ?? []) restricted?.delete(key);
    if (restricted && !restricted.size) store.domain.restricted.delete(path.role!);
    return { data: { success: true, message: "The feature has been allowed successfully." } };
  },

  // The permissions a role or scope can take are the service's catalogue, the same for every role;
  // only the role or group must exist. The values set are in the answers of set and unset.
  "list-role-permissions": (context) => {
    requireRole(context.store, context.path.role!);
    return context.example();
  },

  "list-scope-permissions": (context) => {
    requireGroup(context.store, context.path.guid!);
    return context.example();
  },

  "set-role-permissions": ({ store, path, body }) => {
    requireRole(store, path.role!);
    return setPermissions(store, path.role!, body.permissions ?? {}, `role ${path.role}`);
  },

  "unset-role-permissions": ({ store, path }) => {
    requireRole(store, path.role!);
    return unsetPermission(store, path.role!, path.permission!);
  },

  "set-scope-permissions": ({ store, path, body }) => {
    const group = requireGroup(store, path.guid!);
    return setPermissions(store, scopeKey(group.guid, path.scope!), body.permissions ?? {}, `scope ${path.scope} on group ${group.guid}`);
  },

  "unset-scope-permissions": ({ store, path }) => {
    const group = requireGroup(store, path.guid!);
    return unsetPermission(store, scopeKey(group.guid, path.scope!), path.permission!);
  },

  "list-apikeys": ({ store, query }) => {
    const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
    const keys = [...store.domain.apiKeys.values()].filter(
      (key) =>
        (query.scope === undefined || key.scope === query.scope) &&
        (needle === undefined || String(key.name).toLowerCase().includes(needle)),
    );
    return pageOf(
      keys.map((key) => ({ ...key })),
      pageQuery(query),
    );
  },

  "create-apikey": ({ store, body }) => {
    store.claim();
    const key = {
      apiKey: randomBytes(20).toString("hex"),
      name: String(body.name),
      scope: String(body.scope),
      createdAt: nowSeconds(store),
    };
    store.domain.apiKeys.set(key.apiKey, key);
    return { data: { ...key } };
  },

  "get-apikey": ({ store, path }) => {
    const key = store.domain.apiKeys.get(path.apiKey!);
    if (!key) throw apiKeyNotFound(path.apiKey!);
    return { data: { ...key } };
  },

  "update-apikey": ({ store, path, body }) => {
    const key = store.domain.apiKeys.get(path.apiKey!);
    if (!key) throw apiKeyNotFound(path.apiKey!);
    Object.assign(key, pick(body, ["name", "scope"]));
    return { data: { ...key } };
  },

  "delete-apikey": ({ store, path }) => {
    if (!store.domain.apiKeys.delete(path.apiKey!)) throw apiKeyNotFound(path.apiKey!);
    return { data: { success: true, message: `The API key ${path.apiKey} has been deleted.` } };
  },
};
