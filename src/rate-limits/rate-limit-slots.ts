import { coreOperations, perUserOperations } from "../../generated/rate-limit-classes.js";
import { userKey } from "../safety/user-key.js";
import type { CallParams } from "../safety/input-checks.js";
import type { GovernedSlot } from "./governor.js";
import type { RateLimits } from "./rate-limit-options.js";

// path -> method -> what limits it, built once from the spec's rate-limit classes.
const CORE = new Map<string, string[]>();
for (const operation of coreOperations) {
  const [method, path] = operation.split(" ") as [string, string];
  CORE.set(path, [...(CORE.get(path) ?? []), method]);
}
const PER_USER = new Map<string, Map<string, (typeof perUserOperations)[string]>>();
for (const [operation, rule] of Object.entries(perUserOperations)) {
  const [method, path] = operation.split(" ") as [string, string];
  if (!PER_USER.has(path)) PER_USER.set(path, new Map());
  PER_USER.get(path)!.set(method, rule);
}

/**
 * The user a call is counted under: the one it acts as, which the client's `actingUser` decided
 * from every source of `onBehalfOf` and wrote into `params.header.onBehalfOf`; or its `uid` path parameter.
 */
function userOf(params: CallParams | undefined, where: "onBehalfOf" | "uid"): string | undefined {
  const user = where === "uid" ? params?.path?.uid : params?.header?.onBehalfOf;
  return user === undefined ? undefined : userKey(String(user));
}

/**
 * Gives, for an operation (`method`, the path template) and the parameters of a call, the slots
 * it counts under: its user's, when the operation is limited per user and the call acts as one,
 * then the app's (its class, core or standard, and `all`). Keys are under `appId` in lower case:
 * the service's hosts are case-insensitive, so `Tenant-EU` and `tenant-eu` are one app, with one
 * set of windows; two apps sharing a store never share a key.
 */
export function slotClassifier(
  limits: RateLimits,
  givenAppId: string,
): (method: string, path: string, params: CallParams | undefined) => readonly GovernedSlot[] {
  const appId = givenAppId.toLowerCase();
  const appSlot = (name: "core" | "standard" | "all"): GovernedSlot[] => {
    const rule = limits.app?.[name];
    return rule ? [{ key: `${appId}:${name}`, limit: rule.limit, windowMs: rule.windowMs, scope: "app" }] : [];
  };
  const all = appSlot("all");
  const appSlots = { core: [...appSlot("core"), ...all], standard: [...appSlot("standard"), ...all] };
  return (method, path, params) => {
    const app = CORE.get(path)?.includes(method) ? appSlots.core : appSlots.standard;
    const perUser = PER_USER.get(path)?.get(method);
    const rule = perUser && limits.perUser?.[perUser.rule];
    const user = rule && userOf(params, perUser.user);
    // A message the app sends as itself is no user's: only the app's limits count it.
    if (!user) return app;
    const slots: GovernedSlot[] = [{ key: `${appId}:${perUser.rule}:${user}`, limit: rule.limit, windowMs: rule.windowMs, scope: "user" }];
    for (const slot of app) slots.push(slot);
    return slots;
  };
}
