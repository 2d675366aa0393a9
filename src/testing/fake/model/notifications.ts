// Internal: notification settings of the app, preferences, mutes, time zones and contact details
// of each user, the providers that deliver them, and the push tokens of each session. Each is
// stored as sent and answered back; the defaults, before anything is stored, are the service's
// (the spec's examples of the settings and of the preferences).
import { badField, FakeError, uidNotFound } from "../pipeline/fake-error";
import type { FakeStore } from "../state/fake-store";
import type { Handler, HandlerContext } from "./handler";
import { pick } from "./pick";

const ok = { data: { success: true } };

/** Stored documents, by kind, then by owner (`app` or a UID). */
function documents(store: FakeStore, kind: string) {
  return store.domain.kind(kind);
}

function read(store: FakeStore, kind: string, owner: string): Record<string, unknown> | undefined {
  return documents(store, kind).get(owner);
}

function write(store: FakeStore, kind: string, owner: string, values: Record<string, unknown>): Record<string, unknown> {
  const all = documents(store, kind);
  const stored = all.get(owner);
  if (!stored) store.claim();
  const next = { ...(stored ?? {}), ...values };
  all.set(owner, next);
  return next;
}

function remove(store: FakeStore, kind: string, owner: string): void {
  documents(store, kind).delete(owner);
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** `base` with every field of `over` put in, object fields merged key by key: a PATCH of nested settings. */
function merged(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = merged(base[key], value);
  return out;
}

const exampleData = (context: HandlerContext, operationId?: string) =>
  (context.example(operationId) as { data?: unknown } | undefined)?.data ?? {};

/** A provider the app has one of: read back, saved, changed in part, deleted. Reading or changing one never saved is a 400. */
function singleton(kind: string, label: string, fields: readonly string[], wrap = (value: Record<string, unknown>) => value) {
  const missing = () => new FakeError(400, "ERR_PROVIDER_NOT_FOUND", `No ${label} is saved for the app.`);
  return {
    get: ({ store }: HandlerContext) => {
      const stored = read(store, kind, "app");
      if (!stored) throw missing();
      return { data: wrap({ ...stored }) };
    },
    save: ({ store, body }: HandlerContext) => {
      remove(store, kind, "app");
      return { data: wrap({ ...write(store, kind, "app", pick(body, fields)) }) };
    },
    update: ({ store, body }: HandlerContext) => {
      if (!read(store, kind, "app")) throw missing();
      return { data: wrap({ ...write(store, kind, "app", pick(body, fields)) }) };
    },
    delete: ({ store }: HandlerContext) => {
      if (!read(store, kind, "app")) throw missing();
      remove(store, kind, "app");
      return ok;
    },
  };
}

const WEBHOOK_FIELDS = ["isEnabled", "webhookURL", "useBasicAuth", "basicAuthUsername", "basicAuthPassword"] as const;
const twilio = singleton("twilio", "Twilio provider", ["twilioAccountSID", "twilioAuthToken", "twilioSenderPhoneNumber"]);
const sendgrid = singleton("sendgrid", "SendGrid provider", [
  "sendGridApiKey",
  "sendGridTemplateID",
  "sendGridUnsubscribeGroupID",
  "senderName",
  "senderEmail",
  "allowEmailReplies",
  "senderEmailForReplies",
  "repliesWebhook",
  "isEnabled",
]);
const pushCustom = singleton("pushCustom", "custom push provider", WEBHOOK_FIELDS, (value) => ({ pushProviders: [value] }));
const smsCustom = singleton("smsCustom", "custom SMS provider", [...WEBHOOK_FIELDS, "useStoredPhNo"]);
const emailCustom = singleton("emailCustom", "custom email provider", [...WEBHOOK_FIELDS, "useStoredEmailID"]);

const FCM_FIELDS = ["providerId", "serviceAccountFilename", "serviceAccountCreds", "notificationInPayload"] as const;
const APNS_FIELDS = [
  "providerId",
  "keyId",
  "teamId",
  "bundleId",
  "p8KeyFilename",
  "p8Key",
  "includeContentAvailable",
  "includeMutableContent",
  "productionMode",
] as const;

/** FCM or APNs providers, by `providerId`; the first one added is the default until another is made it. */
function pushProviders(kind: "fcm" | "apns", fields: readonly string[]) {
  const missing = (id: string) => new FakeError(400, "ERR_PROVIDER_NOT_FOUND", `No ${kind.toUpperCase()} provider with ID ${id} exists.`);
  const all = (store: FakeStore) => documents(store, kind);
  return {
    list: ({ store }: HandlerContext) => ({
      data: { pushProviders: [...all(store).values()].map((provider) => structuredClone(provider)) },
    }),
    add: ({ store, body }: HandlerContext) => {
      const values = pick(body, fields);
      if (typeof values.providerId !== "string") throw badField("providerId", "is required");
      const id = values.providerId;
      if (all(store).has(id))
        throw new FakeError(400, "ERR_PROVIDER_ALREADY_EXISTS", `A ${kind.toUpperCase()} provider with ID ${id} already exists.`);
      store.claim();
      all(store).set(id, { ...values, isDefault: all(store).size === 0 });
      return ok;
    },
    update: ({ store, body }: HandlerContext) => {
      const values = pick(body, fields);
      const stored = all(store).get(String(values.providerId));
      if (!stored) throw missing(String(values.providerId));
      Object.assign(stored, values);
      return ok;
    },
    delete: ({ store, path }: HandlerContext) => {
      if (!all(store).delete(path.providerId!)) throw missing(path.providerId!);
      return ok;
    },
    makeDefault: ({ store, path }: HandlerContext) => {
      if (!all(store).has(path.providerId!)) throw missing(path.providerId!);
      for (const [id, provider] of all(store)) provider.isDefault = id === path.providerId;
      return ok;
    },
  };
}

const fcm = pushProviders("fcm", FCM_FIELDS);
const apns = pushProviders("apns", APNS_FIELDS);

/** The user of a session, from its auth token; 400 naming the field for a token the app never issued. */
function sessionOwner(store: FakeStore, authToken: string): string {
  for (const [uid, tokens] of store.authTokens) if (tokens.has(authToken)) return uid;
  throw new FakeError(400, "ERR_AUTH_TOKEN_NOT_FOUND", "No session has this auth token.", {
    authToken: ["authToken names no session"],
  });
}

function tokensWhere(store: FakeStore, keep: (token: Record<string, unknown>) => boolean) {
  return [...documents(store, "pushTokens").values()].filter(keep).map((token) => ({ ...token }));
}

function requireUid(context: HandlerContext): string {
  const uid = String(context.query.uid).toLowerCase();
  if (!context.store.liveUser(uid)) throw uidNotFound(uid);
  return uid;
}

type Muted = { id: string; type: string; until?: number };

export const notificationHandlers: Record<string, Handler> = {
  "notifications-push-list-settings": (context) => ({
    data: merged(exampleData(context), read(context.store, "settings", "app") ?? {}),
  }),
  "notifications-push-update-settings": ({ store, body }) => {
    const stored = read(store, "settings", "app");
    if (!stored) store.claim();
    documents(store, "settings").set("app", merged(stored ?? {}, body ?? {}) as Record<string, unknown>);
    return ok;
  },
  "notifications-push-reset-settings": ({ store }) => {
    remove(store, "settings", "app");
    return ok;
  },

  "notifications-push-list-preferences": (context) => {
    const uid = requireUid(context);
    return { data: merged(exampleDefaults(context), read(context.store, "preferences", uid) ?? {}) };
  },
  "notifications-push-update-preferences": (context) => {
    const uid = requireUid(context);
    const { store, body } = context;
    const stored = read(store, "preferences", uid);
    if (!stored) store.claim();
    const next = merged(stored ?? {}, body ?? {}) as Record<string, unknown>;
    documents(store, "preferences").set(uid, next);
    return { data: merged(exampleDefaults(context), next) };
  },
  "notifications-push-reset-preferences": (context) => {
    const uid = requireUid(context);
    remove(context.store, "preferences", uid);
    return { data: exampleDefaults(context) };
  },

  "notifications-push-list-muted": (context) => {
    const uid = requireUid(context);
    return {
      data: { mutedConversations: ((read(context.store, "muted", uid)?.list as Muted[] | undefined) ?? []).map((m) => ({ ...m })) },
    };
  },
  "notifications-push-mute-conversations": (context) => {
    const uid = requireUid(context);
    const list = ((read(context.store, "muted", uid)?.list as Muted[] | undefined) ?? []).slice();
    for (const conversation of context.body.conversations as Muted[]) {
      const at = list.findIndex((m) => m.id === conversation.id && m.type === conversation.type);
      const entry = pick(conversation, ["id", "type", "until"]) as Muted;
      if (at >= 0) list[at] = entry;
      else list.push(entry);
    }
    write(context.store, "muted", uid, { list });
    return ok;
  },
  "notifications-push-unmute-conversations": (context) => {
    const uid = requireUid(context);
    const gone = context.body.conversations as Muted[];
    const list = ((read(context.store, "muted", uid)?.list as Muted[] | undefined) ?? []).filter(
      (m) => !gone.some((g) => g.id === m.id && g.type === m.type),
    );
    if (list.length) write(context.store, "muted", uid, { list });
    else remove(context.store, "muted", uid);
    return ok;
  },

  "notifications-get-timezone": (context) => {
    const uid = requireUid(context);
    const stored = read(context.store, "timezone", uid);
    return { data: { timezone: (stored?.timezone as string | undefined) ?? "UTC" } };
  },
  "notifications-update-timezone": (context) => {
    const uid = requireUid(context);
    return { data: { timezone: write(context.store, "timezone", uid, { timezone: String(context.body.timezone) }).timezone } };
  },

  "notifications-get-contact-details": ({ store, actor }) => ({ data: { ...(read(store, "contact", actor as string) ?? {}) } }),
  "notifications-update-contact-details": ({ store, actor, body }) => ({
    data: { ...write(store, "contact", actor as string, pick(body, ["email", "phno"])) },
  }),
  "notifications-delete-contact-details": ({ store, actor }) => {
    remove(store, "contact", actor as string);
    return ok;
  },

  "notifications-sms-list-twilio-details": twilio.get,
  "notifications-sms-save-twilio-details": twilio.save,
  "notifications-sms-update-twilio-details": twilio.update,
  "notifications-sms-delete-twilio-details": twilio.delete,
  "notifications-email-list-sendgrid-details": sendgrid.get,
  "notifications-email-save-sendgrid-details": sendgrid.save,
  "notifications-email-update-sendgrid-details": sendgrid.update,
  "notifications-email-delete-sendgrid-details": sendgrid.delete,
  "notifications-list-push-custom-provider": pushCustom.get,
  "notifications-save-push-custom-provider": pushCustom.save,
  "notifications-update-push-custom-provider": pushCustom.update,
  "notifications-delete-push-custom-provider": pushCustom.delete,
  "notifications-list-sms-custom-provider": smsCustom.get,
  "notifications-save-sms-custom-provider": smsCustom.save,
  "notifications-update-sms-custom-provider": smsCustom.update,
  "notifications-delete-sms-custom-provider": smsCustom.delete,
  "notifications-list-email-custom-provider": emailCustom.get,
  "notifications-save-email-custom-provider": emailCustom.save,
  "notifications-update-email-custom-provider": emailCustom.update,
  "notifications-delete-email-custom-provider": emailCustom.delete,

  "notifications-push-list-fcm-providers": fcm.list,
  "notifications-push-add-fcm-provider": fcm.add,
  "notifications-push-update-fcm-provider": fcm.update,
  "notifications-push-delete-fcm-provider": fcm.delete,
  "notifications-push-default-fcm-provider": fcm.makeDefault,
  "notifications-push-list-apns-providers": apns.list,
  "notifications-push-add-apns-provider": apns.add,
  "notifications-push-update-apns-provider": apns.update,
  "notifications-push-delete-apns-provider": apns.delete,
  "notifications-push-default-apns-provider": apns.makeDefault,

  "notifications-push-register-token": ({ store, body }) => {
    const uid = sessionOwner(store, String(body.authToken));
    const pushToken = String(body.fcmToken ?? body.deviceToken ?? body.voipToken);
    const tokens = documents(store, "pushTokens");
    if (!tokens.has(pushToken)) store.claim();
    const now = new Date(store.clock.now()).toISOString();
    const created = (tokens.get(pushToken)?.createdAt as string | undefined) ?? now;
    tokens.set(pushToken, {
      authToken: String(body.authToken),
      uid,
      pushToken,
      platform: String(body.platform),
      pushTokenType: body.voipToken === undefined ? "chat" : "call",
      ...(body.providerId === undefined ? {} : { providerId: String(body.providerId) }),
      createdAt: created,
      updatedAt: now,
    });
    return ok;
  },
  "notifications-push-list-tokens": ({ store, query }) => {
    const authToken = String(query.authToken);
    const uid = sessionOwner(store, authToken);
    // `all` lists the tokens of every session of the user, not only this one.
    return { data: { pushTokens: tokensWhere(store, (t) => (query.all === true ? t.uid === uid : t.authToken === authToken)) } };
  },
  "notifications-push-unregister-tokens": ({ store, body, query }) => {
    const authToken = String(body.authToken);
    const uid = sessionOwner(store, authToken);
    const gone = tokensWhere(store, (t) => (query.all === true ? t.uid === uid : t.authToken === authToken));
    for (const token of gone) documents(store, "pushTokens").delete(String(token.pushToken));
    return { data: { pushTokens: tokensWhere(store, (t) => t.uid === uid) } };
  },
  "notifications-push-delete-token": ({ store, body, path }) => {
    const authToken = String(body?.authToken ?? "");
    const uid = sessionOwner(store, authToken);
    const token = documents(store, "pushTokens").get(path.pushToken!);
    if (!token || token.uid !== uid)
      throw new FakeError(400, "ERR_PUSH_TOKEN_NOT_FOUND", `The session has no push token ${path.pushToken}.`);
    documents(store, "pushTokens").delete(path.pushToken!);
    return { data: { pushTokens: tokensWhere(store, (t) => t.uid === uid) } };
  },
};

/** The preferences a user has before changing any: the service's defaults, as the spec's example shows them. */
function exampleDefaults(context: HandlerContext): unknown {
  return (context.example("notifications-push-list-preferences") as { data?: unknown } | undefined)?.data ?? {};
}
